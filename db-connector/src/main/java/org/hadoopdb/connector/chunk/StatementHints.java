package org.hadoopdb.connector.chunk;

import java.util.Map;

/**
 * PostgreSQL settings a chunk statement asks for, which the planner writes as the statement's leading comment and
 * {@link ChunkReader} applies ({@code SET LOCAL}) in the transaction that runs it.
 *
 * <p>One exists: {@link #NO_NESTED_LOOPS}, for statements with an anti join ({@code NOT EXISTS}) or two joins or more.
 * PostgreSQL estimates an anti join with a join filter at one row and then nests loops over whole chunk tables above
 * it: TPC-H Q21's chunk statement (lineitem's EXISTS and NOT EXISTS on the order key, joined with orders) took 9.2 s
 * on 60,000 lineitem rows with nested loops and 32 ms without; TPC-DS q29's join of three fact tables' chunks with
 * five dimensions 38 s and 0.14 s.
 */
public final class StatementHints {
    /** The leading comment of a statement to run without nested-loop joins. */
    public static final String NO_NESTED_LOOPS = "/* hadoopdb: enable_nestloop = off */ ";

    private StatementHints() {
    }

    /** The hint comment {@code sql} starts with, or "" (a statement wrapping {@code sql} starts with it too). */
    public static String leadingHint(String sql) {
        return sql != null && sql.startsWith(NO_NESTED_LOOPS) ? NO_NESTED_LOOPS : "";
    }

    /** The settings {@code sql} asks for (none unless it starts with a hint). */
    public static Map<String, String> of(String sql) {
        return sql != null && sql.startsWith(NO_NESTED_LOOPS) ? Map.of("enable_nestloop", "off") : Map.of();
    }
}
