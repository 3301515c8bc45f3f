package org.hadoopdb.hiveudf;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.hive.ql.exec.UDFArgumentException;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDTF;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException.Kind;
import org.hadoopdb.functions.udf.spi.ExternalTableFunction;

/**
 * One user table function (a GenericUDTF), initialized with a struct of its arguments' inspectors as Hive
 * does; every row it forwards is read through the struct inspector it declared, field by field, into row forms.
 */
final class HiveGenerator implements ExternalTableFunction {
    private final GenericUDTF udtf;
    private final StructObjectInspector output;
    private final List<? extends StructField> fields;
    private final TypeInfo[] fieldTypes;
    private final HiveArguments arguments;
    /** Where the rows the function forwards go during the current call. */
    private Consumer<Object[]> sink;
    /** A failure while converting a forwarded row, thrown after the function returns. */
    private ExternalFunctionException failure;

    private HiveGenerator(GenericUDTF udtf, ObjectInspector[] inspectors, StructObjectInspector output) {
        this.udtf = udtf;
        this.output = output;
        this.fields = output.getAllStructFieldRefs();
        this.fieldTypes = new TypeInfo[fields.size()];
        for (int i = 0; i < fieldTypes.length; i++) {
            fieldTypes[i] = TypeInfoUtils.getTypeInfoFromObjectInspector(fields.get(i).getFieldObjectInspector());
        }
        this.arguments = new HiveArguments(inspectors);
        udtf.setCollector(this::collect);
    }

    static HiveGenerator open(String functionName, Class<?> c, List<Argument> arguments) throws ExternalFunctionException {
        if (!(FunctionClasses.newInstance(c) instanceof GenericUDTF udtf)) {
            throw new ExternalFunctionException(Kind.NOT_A_FUNCTION, "is no table function (GenericUDTF)", null);
        }
        ObjectInspector[] inspectors = new ObjectInspector[arguments.size()];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < inspectors.length; i++) {
            inspectors[i] = HiveTypes.inspector(arguments.get(i));
            names.add("_col" + i);
        }
        try {
            StructObjectInspector out = udtf.initialize(
                    ObjectInspectorFactory.getStandardStructObjectInspector(names, List.of(inspectors)));
            if (out == null || out.getAllStructFieldRefs().isEmpty()) {
                throw new ExternalFunctionException(Kind.ARGUMENTS, "its initialize declared no output columns", null);
            }
            return new HiveGenerator(udtf, inspectors, out);
        } catch (UDFArgumentException e) {
            throw new ExternalFunctionException(Kind.ARGUMENTS, e.getMessage(), e);
        } catch (RuntimeException | LinkageError e) {
            throw new ExternalFunctionException(Kind.UNAVAILABLE, "initializing table function " + functionName + " failed: " + e, e);
        }
    }

    @Override
    public List<String> columnNames() {
        return fields.stream().map(f -> f.getFieldName().toLowerCase(java.util.Locale.ROOT)).toList();
    }

    @Override
    public List<String> columnTypes() {
        return java.util.Arrays.stream(fieldTypes).map(TypeInfo::getTypeName).toList();
    }

    @Override
    public void process(Object[] values, Consumer<Object[]> rows) throws ExternalFunctionException {
        ContextLoader.call(() -> {
            Object[] hiveArguments = arguments.of(values);
            forwarding(rows, () -> {
                udtf.process(hiveArguments);
                return null;
            });
            return null;
        });
    }

    @Override
    public void finish(Consumer<Object[]> rows) throws ExternalFunctionException {
        ContextLoader.call(() -> {
            forwarding(rows, () -> {
                udtf.close();
                return null;
            });
            return null;
        });
    }

    /** A call of the function during which the rows it forwards go to {@code rows}. */
    private void forwarding(Consumer<Object[]> rows, HiveCall<Void> call) throws ExternalFunctionException {
        sink = rows;
        try {
            HiveCall.failingAsFunction(call);
        } finally {
            sink = null;
        }
        if (failure != null) {
            ExternalFunctionException f = failure;
            failure = null;
            throw f;
        }
    }

    /** Hive's Collector: one forwarded row, converted field by field. */
    private void collect(Object row) {
        if (failure != null) {
            return;
        }
        Object[] values = new Object[fields.size()];
        try {
            for (int i = 0; i < values.length; i++) {
                Object v = output.getStructFieldData(row, fields.get(i));
                values[i] = RowForms.toRowForm(v, fields.get(i).getFieldObjectInspector(), fieldTypes[i]);
            }
        } catch (ExternalFunctionException e) {
            failure = e;
            return;
        }
        sink.accept(values);
    }

    @Override
    public void close() {
        // GenericUDTF has one close, which may forward rows: finish is the end of the input; a function
        // abandoned before it (a failed or cancelled task) holds nothing HadoopDB must release
    }
}
