package org.hadoopdb.functions.udf;

import java.util.List;
import org.hadoopdb.functions.udf.spi.ExternalFunction;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;

/**
 * One call site of a user function in generated code: the generated class holds one per call in an
 * instance field, so each task (which instantiates its generated classes once) opens the function
 * once, at its first row, and evaluates every row with that instance. Arguments and the result are row
 * forms; NULLs are passed to the function, which decides what they give (as in Hive).
 *
 * <pre>{@code
 * // generated:
 * private final UserFunctionCall F0 = new UserFunctionCall("my_upper", "com.example.Upper",
 *         new String[]{"/jars/udf.jar"}, new String[]{"string"}, new boolean[]{false}, "string", false);
 * Object r = F0.evaluate(new Object[]{in.getString(0)});
 * }</pre>
 */
public final class UserFunctionCall {
    private final UserFunctionSpec spec;
    private final String[] types;
    private final boolean[] constants;
    private final String resultType;
    private ExternalFunction function;

    /**
     * @param types      the arguments' HiveQL types, as the planner initialized the function with them
     * @param constants  which arguments are literals (their values, the same in every row, are passed as constants)
     * @param resultType the result type the planner got from the function, which the code around the call expects
     */
    public UserFunctionCall(String name, String className, String[] jars, String[] types, boolean[] constants,
                            String resultType, boolean temporary) {
        this.spec = new UserFunctionSpec(name, className, List.of(jars), temporary);
        this.types = types.clone();
        this.constants = constants.clone();
        this.resultType = resultType;
    }

    /**
     * The function's value for one row.
     *
     * @throws UserFunctionException naming the function and its class, with the function's exception as the cause
     */
    public Object evaluate(Object[] arguments) {
        ExternalFunction f = function;
        if (f == null) {
            f = open(arguments);
            function = f;
        }
        try {
            return f.evaluate(arguments);
        } catch (ExternalFunctionException e) {
            throw UserFunctions.failure(spec, e);
        }
    }

    private ExternalFunction open(Object[] first) {
        ExternalFunction f = UserFunctions.open(UdfEnvironment.current(), spec, UserFunctions.arguments(types, constants, first));
        if (!f.returnType().equals(resultType)) {
            f.close();
            throw UserFunctions.plannedOtherwise(spec, "returns", f.returnType(), types, resultType);
        }
        return f;
    }

}
