package org.hadoopdb.hiveql.parse;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Window specifications ({@code OVER (…)} and {@code WINDOW w AS (…)}) as {@link SqlWindow}.
 * Hive's {@code DISTRIBUTE BY}/{@code SORT BY} inside a window mean PARTITION BY/ORDER BY. Without a
 * frame the bounds stay unset: Calcite's default frame is Hive's (RANGE UNBOUNDED PRECEDING to CURRENT
 * ROW with an ORDER BY, the whole partition without).
 */
final class WindowBuilder {
    private final SourceText source;
    private final ExpressionBuilder expressions;

    WindowBuilder(SourceText source, ExpressionBuilder expressions) {
        this.source = source;
        this.expressions = expressions;
    }

    SqlWindow window(HiveQL.WindowSpecificationContext ctx, SqlIdentifier declName) {
        SqlParserPos pos = source.pos(ctx);
        SqlIdentifier base = ctx.base == null ? null
                : new SqlIdentifier(Identifiers.name(ctx.base, source), source.pos(ctx.base));
        SqlNodeList partition = ctx.partition == null ? new SqlNodeList(pos)
                : expressions.expressionList(ctx.partition);
        SqlNodeList order = SortItems.of(ctx.sortItem(), expressions, source, pos);
        HiveQL.WindowFrameContext frame = ctx.windowFrame();
        boolean rows = frame != null && frame.frameType.getType() == HiveQLLexer.ROWS;
        SqlNode lower = frame == null ? null : bound(frame.lower);
        SqlNode upper = frame == null || frame.upper == null ? null : bound(frame.upper);
        return SqlWindow.create(declName, base, partition, order, SqlLiteral.createBoolean(rows, pos), lower, upper,
                null, pos);
    }

    private SqlNode bound(HiveQL.FrameBoundContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        if (ctx.CURRENT() != null) {
            return SqlWindow.createCurrentRow(pos);
        }
        boolean preceding = ctx.direction.getType() == HiveQLLexer.PRECEDING;
        if (ctx.UNBOUNDED() != null) {
            return preceding ? SqlWindow.createUnboundedPreceding(pos) : SqlWindow.createUnboundedFollowing(pos);
        }
        SqlNode offset = SqlLiteral.createExactNumeric(ctx.INTEGER_VALUE().getText(), source.pos(ctx.INTEGER_VALUE().getSymbol()));
        return preceding ? SqlWindow.createPreceding(offset, pos) : SqlWindow.createFollowing(offset, pos);
    }
}
