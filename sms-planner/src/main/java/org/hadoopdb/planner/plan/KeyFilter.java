package org.hadoopdb.planner.plan;

import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.RowSchema;

/**
 * The rows of a chunk statement that can matter only when their join key is among the keys an earlier
 * stage writes: the large side of an inner (or semi) broadcast join, whose other rows the join drops, or a
 * chunk statement that a repartition join meets with an earlier stage's output on a side it drops unmatched rows of.
 * The planner marks the statement; when the earlier stage has run, the runtime filters the statement
 * inside PostgreSQL by those keys ({@code column = ANY(keys)}), when there are at most
 * {@code hadoopdb.exec.key-filter.max-keys} of them, so that the rows the join would drop are never
 * read, sent or joined (and PostgreSQL may use an index on the column).
 *
 * <p>TPC-H Q9 joins lineitem with the parts whose name holds "green" (about 5% of them): without the
 * filter every lineitem row leaves its chunk; with it, 5% do.
 *
 * @param column      the statement's output column the keys are compared with
 * @param buildStage  the stage whose output holds the keys
 * @param buildSchema that stage's output
 * @param buildKey    the key's column in that output
 */
public record KeyFilter(int column, int buildStage, RowSchema buildSchema, int buildKey) {

    /**
     * True when a join of a {@code probe} column with a {@code build} column may be filtered by the build side's
     * keys in PostgreSQL: both integers, both decimals, both dates, or both strings (not CHAR, which compares
     * without its padding): equality then means the same thing in PostgreSQL and in the join.
     */
    public static boolean comparable(HiveType probe, HiveType build) {
        HiveType.Kind p = probe.kind();
        HiveType.Kind b = build.kind();
        if (p.isInteger() || b.isInteger()) {
            return p.isInteger() && b.isInteger();
        }
        return p == b && (p == HiveType.Kind.DECIMAL || p == HiveType.Kind.DATE || p == HiveType.Kind.STRING)
                || (p == HiveType.Kind.STRING || p == HiveType.Kind.VARCHAR) && (b == HiveType.Kind.STRING || b == HiveType.Kind.VARCHAR);
    }
}
