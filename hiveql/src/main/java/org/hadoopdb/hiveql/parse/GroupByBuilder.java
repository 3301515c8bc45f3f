package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Litmus;

/**
 * GROUP BY, in Calcite's form: plain expressions, {@code ROLLUP(…)}, {@code CUBE(…)},
 * {@code GROUPING SETS(…)}; a composite set {@code (a, b)} is {@code ROW(a, b)} and {@code ()} an empty list.
 * Hive's older spellings map onto them: {@code GROUP BY a, b WITH ROLLUP} is {@code ROLLUP(a, b)},
 * {@code GROUP BY a, b GROUPING SETS ((a, b), a)} is {@code GROUPING SETS((a, b), a)} (the list before
 * GROUPING SETS only declares the columns the sets may use).
 */
final class GroupByBuilder {
    private final SourceText source;
    private final ExpressionBuilder expressions;

    GroupByBuilder(SourceText source, ExpressionBuilder expressions) {
        this.source = source;
        this.expressions = expressions;
    }

    SqlNodeList groupBy(HiveQL.GroupByClauseContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        List<SqlNode> elements = new ArrayList<>();
        ctx.groupingElement().forEach(e -> elements.add(element(e)));
        boolean hasSets = ctx.SETS() != null;
        if (ctx.rollupOrCube != null && hasSets) {
            throw source.error(ctx.rollupOrCube, "GROUP BY cannot have both WITH " + ctx.rollupOrCube.getText()
                    .toUpperCase(Locale.ROOT) + " and GROUPING SETS");
        }
        if (ctx.rollupOrCube != null) {
            requirePlain(ctx, "WITH " + ctx.rollupOrCube.getText().toUpperCase(Locale.ROOT));
            SqlOperator op = ctx.rollupOrCube.getType() == HiveQLLexer.ROLLUP
                    ? SqlStdOperatorTable.ROLLUP : SqlStdOperatorTable.CUBE;
            return new SqlNodeList(List.of(op.createCall(pos, elements)), pos);
        }
        if (hasSets) {
            requirePlain(ctx, "GROUPING SETS");
            List<SqlNode> sets = new ArrayList<>();
            for (HiveQL.GroupingSetContext set : ctx.groupingSet()) {
                SqlNode node = groupingSet(set);
                requireDeclared(set, node, elements);
                sets.add(node);
            }
            return new SqlNodeList(List.of(SqlStdOperatorTable.GROUPING_SETS.createCall(pos, sets)), pos);
        }
        return new SqlNodeList(elements, pos);
    }

    private SqlNode element(HiveQL.GroupingElementContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        if (ctx instanceof HiveQL.SingleGroupingSetContext single) {
            return expressions.expression(single.expression());
        }
        List<HiveQL.GroupingSetContext> sets;
        SqlOperator op;
        if (ctx instanceof HiveQL.RollupContext rollup) {
            sets = rollup.groupingSet();
            op = SqlStdOperatorTable.ROLLUP;
        } else if (ctx instanceof HiveQL.CubeContext cube) {
            sets = cube.groupingSet();
            op = SqlStdOperatorTable.CUBE;
        } else {
            sets = ((HiveQL.GroupingSetsContext) ctx).groupingSet();
            op = SqlStdOperatorTable.GROUPING_SETS;
        }
        List<SqlNode> operands = new ArrayList<>();
        sets.forEach(s -> operands.add(groupingSet(s)));
        return op.createCall(pos, operands);
    }

    private SqlNode groupingSet(HiveQL.GroupingSetContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        List<HiveQL.ExpressionContext> list = ctx.expression();
        if (ctx.LPAREN() == null || list.size() == 1) {
            return expressions.expression(list.get(0));
        }
        if (list.isEmpty()) {
            return new SqlNodeList(pos);
        }
        return SqlStdOperatorTable.ROW.createCall(pos, expressions.expressions(list, pos).getList());
    }

    private void requirePlain(HiveQL.GroupByClauseContext ctx, String clause) {
        for (HiveQL.GroupingElementContext e : ctx.groupingElement()) {
            if (!(e instanceof HiveQL.SingleGroupingSetContext)) {
                throw source.error(e, clause + " needs a plain list of GROUP BY expressions before it");
            }
        }
    }

    /** Hive: every expression of a grouping set must be one of the GROUP BY expressions. */
    private void requireDeclared(HiveQL.GroupingSetContext ctx, SqlNode set, List<SqlNode> declared) {
        List<SqlNode> members = set instanceof SqlNodeList list ? list.getList()
                : set.getKind() == SqlKind.ROW
                        ? ((SqlCall) set).getOperandList() : List.of(set);
        for (int i = 0; i < members.size(); i++) {
            SqlNode member = members.get(i);
            if (declared.stream().noneMatch(d -> d.equalsDeep(member, Litmus.IGNORE))) {
                throw source.error(ctx.expression().get(i), "grouping set expression '" + member
                        + "' is not in the GROUP BY list");
            }
        }
    }
}
