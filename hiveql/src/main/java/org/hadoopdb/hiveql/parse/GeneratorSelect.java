package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.hadoopdb.functions.HiveTableFunction;

/**
 * Hive's table-generating function in the select list, {@code SELECT explode(tags) AS tag FROM docs}
 * or {@code SELECT posexplode(a) AS (pos, val) FROM t}: the same as a LATERAL VIEW whose columns are
 * the whole result, {@code SELECT g.* FROM docs LATERAL VIEW explode(tags) g AS tag}. As in Hive, the
 * function must be the only item of the select list (and the query has no GROUP BY).
 */
final class GeneratorSelect {
    /** The lateral view's alias: no user's name can clash with it (not a valid unquoted identifier). */
    private static final String ALIAS = "$generated";

    private final HiveQL.FunctionCallContext call;
    private final String function;
    private final List<HiveQL.IdentifierContext> aliases;
    private final SourceText source;

    private GeneratorSelect(HiveQL.FunctionCallContext call, String function,
                            List<HiveQL.IdentifierContext> aliases, SourceText source) {
        this.call = call;
        this.function = function;
        this.aliases = aliases;
        this.source = source;
    }

    /** The generator of this select list, or null when it has none. */
    static GeneratorSelect of(HiveQL.QuerySpecificationContext ctx, SourceText source) {
        for (HiveQL.SelectItemContext item : ctx.selectItem()) {
            HiveQL.ExpressionContext e = item instanceof HiveQL.SelectExpressionContext s ? s.expression()
                    : item instanceof HiveQL.SelectGeneratorColumnsContext g ? g.expression() : null;
            HiveQL.FunctionCallContext call = e == null ? null : functionCall(e);
            String name = call == null ? null : name(call, source);
            if (name == null || HiveTableFunction.named(name).isEmpty() && !(item instanceof HiveQL.SelectGeneratorColumnsContext)) {
                // a call of an unknown name without AS (…) is a scalar function's (a user table function needs AS (…))
                if (item instanceof HiveQL.SelectGeneratorColumnsContext g) {
                    throw source.error(g.getStart(), "AS (…) names the columns of a table-generating function ("
                            + String.join(", ", HiveTableFunction.names()) + ", or a user's GenericUDTF)");
                }
                continue;
            }
            if (ctx.selectItem().size() > 1) {
                throw source.error(call.getStart(), "A table-generating function such as " + name
                        + " must be the only expression of the select list; use LATERAL VIEW to keep other columns");
            }
            if (ctx.groupByClause() != null || ctx.quantifier != null) {
                throw source.error(call.getStart(), name + " in the select list cannot be combined with GROUP BY or "
                        + "DISTINCT; use LATERAL VIEW in a sub-query");
            }
            List<HiveQL.IdentifierContext> aliases = item instanceof HiveQL.SelectGeneratorColumnsContext g ? g.identifier()
                    : ((HiveQL.SelectExpressionContext) item).identifier() == null ? List.of()
                    : List.of(((HiveQL.SelectExpressionContext) item).identifier());
            return new GeneratorSelect(call, name, aliases, source);
        }
        return null;
    }

    /** {@code $generated.*}: the function's columns. */
    SqlNode columns() {
        SqlParserPos pos = source.pos(call);
        return SqlIdentifier.star(List.of(ALIAS, ""), pos, List.of(pos, pos));
    }

    /**
     * {@code from LATERAL VIEW f(args) $generated [AS aliases]}; without a FROM clause, over one row
     * ({@code SELECT explode(array(1, 2))}).
     */
    SqlNode from(SqlNode from, ExpressionBuilder expressions) {
        SqlParserPos pos = source.pos(call);
        SqlNode left = from != null ? from : SqlStdOperatorTable.AS.createCall(pos,
                SqlStdOperatorTable.VALUES.createCall(pos, SqlStdOperatorTable.ROW.createCall(pos,
                        SqlLiteral.createExactNumeric("0", pos))),
                new SqlIdentifier("$one", pos), new SqlIdentifier("$zero", pos));
        List<SqlNode> args = new ArrayList<>();
        call.expression().forEach(e -> args.add(expressions.expression(e)));
        List<SqlNode> aliased = new ArrayList<>();
        aliased.add(SqlStdOperatorTable.LATERAL.createCall(pos,
                SqlStdOperatorTable.COLLECTION_TABLE.createCall(pos, TableFunctions.call(function, pos, args))));
        aliased.add(new SqlIdentifier(ALIAS, pos));
        aliases.forEach(a -> aliased.add(new SqlIdentifier(Identifiers.name(a, source), source.pos(a))));
        return new SqlJoin(pos, left, SqlLiteral.createBoolean(false, pos), JoinType.CROSS.symbol(pos),
                SqlStdOperatorTable.AS.createCall(pos, aliased), JoinConditionType.NONE.symbol(pos), null);
    }

    /** The function call an expression is made of alone, or null. */
    private static HiveQL.FunctionCallContext functionCall(HiveQL.ExpressionContext e) {
        org.antlr.v4.runtime.tree.ParseTree t = e;
        while (t.getChildCount() == 1 && !(t instanceof HiveQL.FunctionCallContext)) {
            t = t.getChild(0);
        }
        return t instanceof HiveQL.FunctionCallContext f && f.overClause() == null && f.quantifier == null ? f : null;
    }

    private static String name(HiveQL.FunctionCallContext call, SourceText source) {
        HiveQL.FunctionNameContext n = call.functionName();
        return n.identifier() != null ? Identifiers.name(n.identifier(), source) : Identifiers.lower(n.getStart().getText());
    }
}
