package org.hadoopdb.planner.plan;

import org.hadoopdb.catalog.model.HiveType;

/**
 * One aggregate computed in a reduce task.
 *
 * <p>In {@link OperatorSpec.Aggregate.Mode#COMPLETE} mode {@code args} are raw input fields; in
 * {@link OperatorSpec.Aggregate.Mode#MERGE} mode they are the partial states the chunks computed:
 * COUNT, SUM, SUM0, MIN, MAX take one partial field; AVG takes (sum, count); the variance family
 * takes (count, mean, m2) where m2 is the sum of squared deviations from the mean.
 *
 * @param kind the aggregate
 * @param args input field indexes (see above)
 * @param type result type
 * @param name result field name
 * @param user the user aggregate, for {@link Kind#USER}; null otherwise
 */
public record AggCall(Kind kind, int[] args, HiveType type, String name, UserCall user) {

    /** A built-in aggregate. */
    public AggCall(Kind kind, int[] args, HiveType type, String name) {
        this(kind, args, type, name, null);
    }

    public enum Kind {
        COUNT_STAR, COUNT, SUM, SUM0, MIN, MAX, AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP, SINGLE_VALUE,
        /** Hive's own (only in COMPLETE mode): args are (x) or (x, p[, bins]), see {@code HiveAggregateFunction}. */
        COLLECT_LIST, COLLECT_SET, PERCENTILE, PERCENTILE_APPROX,
        /** A user aggregate (only in COMPLETE mode): {@link #user()} says which; args are its arguments. */
        USER
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(user != null ? user.name() : kind.name().toLowerCase(java.util.Locale.ROOT)).append('(');
        for (int i = 0; i < args.length; i++) {
            sb.append(i == 0 ? "" : ", ").append('$').append(args[i]);
        }
        return sb.append(')').toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AggCall a && a.kind == kind && java.util.Arrays.equals(a.args, args) && a.type.equals(type)
                && a.name.equals(name) && java.util.Objects.equals(a.user, user);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(kind, java.util.Arrays.hashCode(args), type, name, user);
    }
}
