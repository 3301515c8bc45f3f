package org.hadoopdb.functions.udf;

import org.hadoopdb.functions.udf.spi.ExternalAggregate;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;

/**
 * One user aggregate in a reduce task (or a stage run in the client): opened at the first row it sees,
 * with the argument types the planner typed it with, then one group after another.
 *
 * <pre>{@code
 * UserAggregateCall sum = new UserAggregateCall(spec, new String[]{"bigint"}, new boolean[]{false}, "bigint");
 * sum.reset();                       // a group starts
 * sum.add(new Object[]{3L});
 * Object total = sum.result();       // 3L
 * }</pre>
 */
public final class UserAggregateCall implements AutoCloseable {
    private final UserFunctionSpec spec;
    private final String[] types;
    private final boolean[] constants;
    private final String resultType;
    private ExternalAggregate aggregate;

    /**
     * @param types      the arguments' HiveQL types, as the planner initialized the function with them
     * @param constants  which arguments are literals (their values, the same in every row, are passed as constants)
     * @param resultType the result type the planner got from the function
     */
    public UserAggregateCall(UserFunctionSpec spec, String[] types, boolean[] constants, String resultType) {
        this.spec = spec;
        this.types = types.clone();
        this.constants = constants.clone();
        this.resultType = resultType;
    }

    /** Starts a group. */
    public void reset() {
        if (aggregate == null) {
            return; // opened at the group's first row, with an empty buffer
        }
        try {
            aggregate.reset();
        } catch (ExternalFunctionException e) {
            throw UserFunctions.failure(spec, e);
        }
    }

    /** Adds one row's argument values (row forms, NULLs included: the function decides what they count for). */
    public void add(Object[] arguments) {
        ExternalAggregate a = open(arguments);
        try {
            a.iterate(arguments);
        } catch (ExternalFunctionException e) {
            throw UserFunctions.failure(spec, e);
        }
    }

    /**
     * The group's result in its row form. A group without rows (a global aggregate over no row) opens the
     * function with NULL for its literals.
     */
    public Object result() {
        ExternalAggregate a = open(new Object[types.length]);
        try {
            return a.result();
        } catch (ExternalFunctionException e) {
            throw UserFunctions.failure(spec, e);
        }
    }

    private ExternalAggregate open(Object[] first) {
        if (aggregate != null) {
            return aggregate;
        }
        ExternalAggregate a = UserFunctions.openAggregate(UdfEnvironment.current(), spec, UserFunctions.arguments(types, constants, first));
        if (!a.returnType().equals(resultType)) {
            a.close();
            throw UserFunctions.plannedOtherwise(spec, "returns", a.returnType(), types, resultType);
        }
        aggregate = a;
        return a;
    }


    @Override
    public void close() {
        if (aggregate != null) {
            aggregate.close();
            aggregate = null;
        }
    }
}
