package org.hadoopdb.hiveql.parse;

import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * ORDER BY / SORT BY items (also inside windows). Every item gets an explicit null ordering with
 * Hive's default unless written: NULLS FIRST ascending, NULLS LAST descending. Calcite and
 * PostgreSQL default to the opposite, so leaving it implicit would change results.
 */
final class SortItems {
    private SortItems() {
    }

    static SqlNodeList of(List<HiveQL.SortItemContext> items, ExpressionBuilder expressions, SourceText source,
                          SqlParserPos pos) {
        SqlNodeList list = new SqlNodeList(pos);
        items.forEach(item -> list.add(item(item, expressions, source)));
        return list;
    }

    static SqlNode item(HiveQL.SortItemContext ctx, ExpressionBuilder expressions, SourceText source) {
        SqlParserPos pos = source.pos(ctx);
        SqlNode node = expressions.expression(ctx.expression());
        boolean descending = ctx.ordering != null && ctx.ordering.getType() == HiveQLLexer.DESC;
        if (descending) {
            node = SqlStdOperatorTable.DESC.createCall(pos, node);
        }
        boolean nullsFirst = ctx.nullOrder == null ? !descending : ctx.nullOrder.getType() == HiveQLLexer.FIRST;
        return (nullsFirst ? SqlStdOperatorTable.NULLS_FIRST : SqlStdOperatorTable.NULLS_LAST).createCall(pos, node);
    }

    /** Ascending with Hive's null ordering (for CLUSTER BY, which sorts ascending). */
    static SqlNode ascending(SqlNode node, SqlParserPos pos) {
        return SqlStdOperatorTable.NULLS_FIRST.createCall(pos, node);
    }
}
