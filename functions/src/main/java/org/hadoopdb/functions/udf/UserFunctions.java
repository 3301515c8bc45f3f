package org.hadoopdb.functions.udf;

import java.util.List;
import java.util.stream.Collectors;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.functions.udf.spi.ExternalAggregate;
import org.hadoopdb.functions.udf.spi.ExternalTableFunction;
import org.hadoopdb.functions.udf.spi.ExternalFunction;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.ExternalFunctionFactory;
import org.hadoopdb.functions.udf.spi.FunctionClass;

/**
 * HadoopDB's side of a user function: finds its class loader and asks the bridge in it, and turns
 * what the bridge reports into messages that name the function, its class and its jars.
 *
 * <pre>{@code
 * FunctionClass c = UserFunctions.describe(env, spec);                  // CREATE FUNCTION checks the class
 * ExternalFunction f = UserFunctions.open(env, spec, List.of(Argument.of("int")));
 * f.returnType();                                                        // "int"
 * }</pre>
 */
public final class UserFunctions {
    private UserFunctions() {
    }

    /**
     * What the class of {@code spec} is.
     *
     * @throws UserFunctionException when a jar is missing, the class is not found or is no UDF or GenericUDF
     */
    public static FunctionClass describe(UdfEnvironment env, UserFunctionSpec spec) {
        try {
            return factory(env, spec).describe(spec.className());
        } catch (ExternalFunctionException e) {
            throw failure(spec, e);
        }
    }

    /**
     * An initialized instance of {@code spec} for these arguments.
     *
     * @throws UserFunctionException as {@link #describe}, or with the function's own message when it refuses the arguments
     */
    public static ExternalFunction open(UdfEnvironment env, UserFunctionSpec spec, List<Argument> arguments) {
        try {
            return factory(env, spec).open(spec.name(), spec.className(), arguments);
        } catch (ExternalFunctionException e) {
            throw failure(spec, e, arguments);
        }
    }

    /**
     * An initialized instance of the aggregate {@code spec} for these arguments (Hive's COMPLETE mode).
     *
     * @throws UserFunctionException as {@link #open}
     */
    public static ExternalAggregate openAggregate(UdfEnvironment env, UserFunctionSpec spec, List<Argument> arguments) {
        try {
            return factory(env, spec).openAggregate(spec.name(), spec.className(), arguments);
        } catch (ExternalFunctionException e) {
            throw failure(spec, e, arguments);
        }
    }

    /**
     * An initialized instance of the table function {@code spec} for these arguments.
     *
     * @throws UserFunctionException as {@link #open}
     */
    public static ExternalTableFunction openTableFunction(UdfEnvironment env, UserFunctionSpec spec, List<Argument> arguments) {
        try {
            return factory(env, spec).openTableFunction(spec.name(), spec.className(), arguments);
        } catch (ExternalFunctionException e) {
            throw failure(spec, e, arguments);
        }
    }

    private static ExternalFunctionFactory factory(UdfEnvironment env, UserFunctionSpec spec) {
        List<java.nio.file.Path> jars;
        try {
            jars = env.jars(spec.jars());
        } catch (UserFunctionException e) {
            throw new UserFunctionException("Cannot load " + spec.describe() + ": " + e.getMessage(), e.getCause());
        }
        return IsolatedLoaders.factory(env.hiveLib(), jars);
    }

    static UserFunctionException failure(UserFunctionSpec spec, ExternalFunctionException e) {
        return failure(spec, e, null);
    }

    static UserFunctionException failure(UserFunctionSpec spec, ExternalFunctionException e, List<Argument> arguments) {
        String message = switch (e.kind()) {
            case CLASS_NOT_FOUND -> "Class '" + spec.className() + "' of function " + spec.name() + " is not in "
                    + (spec.jars().isEmpty() ? "Hive's jars (no jar was added: ADD JAR or USING JAR)"
                    : "its jars " + spec.jars() + " nor in Hive's");
            case NOT_A_FUNCTION -> "Class " + spec.className() + " of function " + spec.name() + " " + e.getMessage();
            case ARGUMENTS -> "Wrong arguments for " + spec.describe()
                    + (arguments == null ? "" : " called with (" + types(arguments) + ")") + ": " + e.getMessage();
            case FAILED -> spec.describe().substring(0, 1).toUpperCase(java.util.Locale.ROOT) + spec.describe().substring(1)
                    + " failed: " + e.getMessage();
            case UNAVAILABLE -> "Cannot run " + spec.describe() + ": " + e.getMessage();
        };
        return new UserFunctionException(e.kind(), message, e.getCause() != null ? e.getCause() : e);
    }

    private static String types(List<Argument> arguments) {
        return arguments.stream().map(Argument::type).collect(Collectors.joining(", "));
    }

    /** The arguments a task opens a call with: the planned types, literals with their value in the first row. */
    static List<Argument> arguments(String[] types, boolean[] constants, Object[] first) {
        List<Argument> arguments = new java.util.ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            arguments.add(constants[i] ? Argument.constant(types[i], first[i]) : Argument.of(types[i]));
        }
        return arguments;
    }

    /** A task's instance that types its result otherwise than the planner's did (its jar differs here). */
    static UserFunctionException plannedOtherwise(UserFunctionSpec spec, String what, String here, String[] types, String planned) {
        return new UserFunctionException("The " + spec.describe() + " " + what + " " + here + " for arguments ("
                + String.join(", ", types) + ") in this task, where the query was planned with " + planned
                + ": is its jar the same everywhere?", null);
    }
}
