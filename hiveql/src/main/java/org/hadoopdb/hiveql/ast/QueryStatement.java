package org.hadoopdb.hiveql.ast;

import org.apache.calcite.sql.SqlNode;

/**
 * A query: {@code SELECT …}, {@code WITH … SELECT …}, a {@code UNION}, as a Calcite SQL tree.
 * Hive's {@code SORT BY} and {@code CLUSTER BY} arrive as {@code ORDER BY} (a total order satisfies
 * their per-reducer order), {@code DISTRIBUTE BY} as {@link #distributeBy} (it decides only how rows
 * are spread over reducers, never the result).
 */
public record QueryStatement(SqlNode query, java.util.List<String> distributeBy, SourceSpan span) implements Statement {
    public QueryStatement {
        distributeBy = distributeBy == null ? java.util.List.of() : java.util.List.copyOf(distributeBy);
    }
}
