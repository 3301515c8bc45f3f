package org.hadoopdb.hiveql.ast;

import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.parser.SqlParserPos;

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

    /**
     * This query returning at most {@code rows} rows (JDBC's {@code setMaxRows}): its outermost
     * {@code LIMIT} lowered to {@code rows}, or added, so that the planner pushes the limit into the
     * chunks instead of the client dropping the rows it did not want. A limit that is not a number
     * is kept as it is (the caller still stops after {@code rows}); {@code rows <= 0} means no limit.
     * <pre>{@code SELECT a FROM t ORDER BY a  ->  SELECT a FROM t ORDER BY a LIMIT 200}</pre>
     */
    public QueryStatement atMost(long rows) {
        return rows <= 0 ? this : new QueryStatement(limited(query, rows), distributeBy, span);
    }

    private static SqlNode limited(SqlNode query, long rows) {
        SqlParserPos pos = query.getParserPosition();
        if (query instanceof SqlWith with) {
            return new SqlWith(pos, with.withList, limited(with.body, rows));
        }
        SqlNode limit = SqlLiteral.createExactNumeric(Long.toString(rows), pos);
        if (query instanceof SqlOrderBy orderBy) {
            if (orderBy.fetch != null && !(orderBy.fetch instanceof SqlNumericLiteral n && n.longValue(true) > rows)) {
                return query;
            }
            return new SqlOrderBy(pos, orderBy.query, orderBy.orderList, orderBy.offset, limit);
        }
        return new SqlOrderBy(pos, query, SqlNodeList.EMPTY, null, limit);
    }
}
