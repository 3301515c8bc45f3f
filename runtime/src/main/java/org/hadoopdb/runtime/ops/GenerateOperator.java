package org.hadoopdb.runtime.ops;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.functions.HiveTableFunction;
import org.hadoopdb.functions.udf.UserFunctionSpec;
import org.hadoopdb.functions.udf.UserTableFunctionCall;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.UserCall;

/**
 * A LATERAL VIEW: each input row, followed by the fields of every row its table function makes
 * ({@link HiveTableFunction}), goes on as one output row; with OUTER, an input row of which the function
 * makes no row goes on once with the generated fields NULL. The arguments come from their own compiled
 * projection; generated values are the row forms of their types ({@code Row.set}).
 */
final class GenerateOperator extends Forwarding {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The built-in function, or null for a user's. */
    private final HiveTableFunction.Kind function;
    /** The user table function, or null for a built-in. */
    private final UserTableFunctionCall user;
    /** The rows the user function made of the current input row. */
    private final List<Object[]> made = new ArrayList<>();
    /** The user function's arguments of the current input row (reused). */
    private Object[] arguments;
    private boolean sawRow;
    private final boolean outer;
    private final int inputFields;
    private final RowSink args;
    private final Row out;
    private Row argRow;

    /** @param argsOf the projection computing the arguments, built to feed the sink it is given */
    GenerateOperator(OperatorSpec.Generate spec, Function<RowSink, RowSink> argsOf, RowSink next) {
        super(next);
        this.user = spec.user() == null ? null : userCall(spec.user());
        this.function = user != null ? null : HiveTableFunction.Kind.valueOf(spec.function());
        this.outer = spec.outer();
        this.inputFields = spec.inputFields();
        this.out = new Row(spec.schema());
        // the projection hands its (reused) row to this sink: the latest argument row
        this.args = argsOf.apply(row -> argRow = row);
    }

    @Override
    public void accept(Row row) throws IOException {
        args.accept(row);
        for (int i = 0; i < inputFields; i++) {
            SelectOperator.copy(row, i, out, i, out.schema().type(i).kind());
        }
        sawRow = true;
        int rows = user != null ? userRows() : switch (function) {
            case EXPLODE -> explode(argRow.get(0));
            case POSEXPLODE -> posexplode((List<?>) argRow.get(0));
            case INLINE -> inline((List<?>) argRow.get(0));
            case JSON_TUPLE -> jsonTuple();
        };
        if (rows == 0 && outer) {
            for (int i = inputFields; i < out.size(); i++) {
                out.setNull(i);
            }
            next.accept(out);
        }
    }

    private static UserTableFunctionCall userCall(UserCall u) {
        boolean[] constants = new boolean[u.constants().size()];
        for (int i = 0; i < constants.length; i++) {
            constants[i] = u.constants().get(i);
        }
        return new UserTableFunctionCall(new UserFunctionSpec(u.name(), u.className(), u.jars(), u.temporary()),
                u.argumentTypes().toArray(String[]::new), constants, u.resultType());
    }

    /** The user function's rows of this input row. */
    private int userRows() throws IOException {
        // one array for every input row: the function converts the values into its own before it returns
        if (arguments == null || arguments.length != argRow.size()) {
            arguments = new Object[argRow.size()];
        }
        for (int i = 0; i < arguments.length; i++) {
            arguments[i] = argRow.get(i);
        }
        made.clear();
        user.process(arguments, made::add);
        return emitMade();
    }

    private int emitMade() throws IOException {
        for (Object[] row : made) {
            emit(row);
        }
        return made.size();
    }

    /**
     * The end of the input: a user function may still make rows (Hive's GenericUDTF.close); they go on
     * with the last input row's fields, as Hive's lateral view join gives them (NULLs when the task read none).
     */
    @Override
    public void finish() throws IOException {
        if (user != null) {
            made.clear();
            user.finish(made::add);
            if (!made.isEmpty() && !sawRow) {
                for (int i = 0; i < inputFields; i++) {
                    out.setNull(i);
                }
            }
            emitMade();
        }
        super.finish();
    }

    private int explode(Object collection) throws IOException {
        if (collection instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                emit(e.getKey(), e.getValue());
            }
            return map.size();
        }
        List<?> list = (List<?>) collection;
        if (list == null) {
            return 0;
        }
        for (Object element : list) {
            emit(element);
        }
        return list.size();
    }

    private int posexplode(List<?> list) throws IOException {
        if (list == null) {
            return 0;
        }
        for (int i = 0; i < list.size(); i++) {
            emit(i, list.get(i));
        }
        return list.size();
    }

    /** Each struct of the array as a row of its fields; a NULL struct as a row of NULLs, as in Hive. */
    private int inline(List<?> structs) throws IOException {
        if (structs == null) {
            return 0;
        }
        int width = out.size() - inputFields;
        for (Object struct : structs) {
            List<?> fields = (List<?>) struct;
            for (int i = 0; i < width; i++) {
                out.set(inputFields + i, fields == null ? null : fields.get(i));
            }
            next.accept(out);
        }
        return structs.size();
    }

    /**
     * One row: each key's top-level value in the JSON object, a string as its text and anything else as
     * its JSON; every column NULL when the text is not a JSON object (Hive's json_tuple).
     */
    private int jsonTuple() throws IOException {
        JsonNode object = null;
        String text = argRow.isNull(0) ? null : argRow.getString(0);
        if (text != null) {
            try {
                object = JSON.readTree(text);
            } catch (JsonProcessingException e) {
                object = null; // Hive: text that does not parse gives NULLs, not an error
            }
        }
        for (int k = 1; k < argRow.size(); k++) {
            JsonNode value = object == null || !object.isObject() || argRow.isNull(k) ? null : object.get(argRow.getString(k));
            out.set(inputFields + k - 1, value == null || value.isNull() ? null : value.isValueNode() ? value.asText() : value.toString());
        }
        next.accept(out);
        return 1;
    }

    private void emit(Object... generated) throws IOException {
        for (int i = 0; i < generated.length; i++) {
            out.set(inputFields + i, generated[i]);
        }
        next.accept(out);
    }
}
