package org.hadoopdb.functions.udf;

import java.util.function.Consumer;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.ExternalTableFunction;

/**
 * One user table function in a task: opened at the first input row, with the argument types the planner
 * typed it with; each input row's arguments give rows, and the end of the task's input may give more
 * (Hive's {@code GenericUDTF.close} forwards rows too).
 */
public final class UserTableFunctionCall implements AutoCloseable {
    private final UserFunctionSpec spec;
    private final String[] types;
    private final boolean[] constants;
    private final String columns;
    private ExternalTableFunction function;

    /**
     * @param types     the arguments' HiveQL types, as the planner initialized the function with them
     * @param constants which arguments are literals
     * @param columns   the columns the planner got, as a struct type ({@code struct<col0:string,col1:int>})
     */
    public UserTableFunctionCall(UserFunctionSpec spec, String[] types, boolean[] constants, String columns) {
        this.spec = spec;
        this.types = types.clone();
        this.constants = constants.clone();
        this.columns = columns;
    }

    /** The rows of one input row's arguments (row forms, NULLs included), each handed to {@code rows}. */
    public void process(Object[] arguments, Consumer<Object[]> rows) {
        ExternalTableFunction f = open(arguments);
        try {
            f.process(arguments, rows);
        } catch (ExternalFunctionException e) {
            throw UserFunctions.failure(spec, e);
        }
    }

    /** The end of the input: the rows the function still makes; nothing when it never saw a row. */
    public void finish(Consumer<Object[]> rows) {
        if (function == null) {
            return;
        }
        try {
            function.finish(rows);
        } catch (ExternalFunctionException e) {
            throw UserFunctions.failure(spec, e);
        } finally {
            close();
        }
    }

    private ExternalTableFunction open(Object[] first) {
        if (function != null) {
            return function;
        }
        ExternalTableFunction f = UserFunctions.openTableFunction(UdfEnvironment.current(), spec,
                UserFunctions.arguments(types, constants, first));
        String declared = UserTableFunction.columnsSpelling(f);
        if (!declared.equals(columns)) {
            f.close();
            throw UserFunctions.plannedOtherwise(spec, "declares the columns", declared, types, columns);
        }
        function = f;
        return f;
    }


    @Override
    public void close() {
        if (function != null) {
            function.close();
            function = null;
        }
    }
}
