package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.Token;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.hadoopdb.functions.HiveTableFunction;

/**
 * The FROM clause as a left-deep tree of {@link SqlJoin}s.
 *
 * <p>{@code a LEFT SEMI JOIN b ON c} has no Calcite equivalent that SqlToRelConverter accepts, so it
 * is taken out of the join tree and returned as a filter {@code EXISTS (SELECT 1 FROM b WHERE c)} for
 * the enclosing WHERE. That is Hive's meaning as long as only inner, left outer, cross or comma joins
 * follow it (they keep every row of the left side, so filtering before or after is the same); a RIGHT
 * or FULL join after it would bring back rows the semi join removed, so that order is rejected.
 */
final class FromClauseBuilder {
    /** The join tree and the semi-join filters to AND into the WHERE clause. */
    record From(SqlNode relation, List<SqlNode> semiJoinFilters) {
    }

    private final SourceText source;
    private final ExpressionBuilder expressions;
    private final QueryBuilder queries;

    FromClauseBuilder(SourceText source, ExpressionBuilder expressions, QueryBuilder queries) {
        this.source = source;
        this.expressions = expressions;
        this.queries = queries;
    }

    From from(HiveQL.RelationContext ctx) {
        SqlNode left = source(ctx.relationSource());
        List<SqlNode> filters = new ArrayList<>();
        Token semiJoin = null;
        for (HiveQL.JoinPartContext part : ctx.joinPart()) {
            SqlParserPos pos = source.pos(ctx.getStart(), part.getStop());
            if (part instanceof HiveQL.SemiJoinContext semi) {
                filters.add(exists(semi, pos));
                semiJoin = semi.getStart();
            } else if (part instanceof HiveQL.CommaJoinContext comma) {
                left = join(pos, left, JoinType.COMMA, source(comma.relationSource()), null);
            } else if (part instanceof HiveQL.CrossJoinContext cross) {
                HiveQL.JoinCriteriaContext criteria = cross.joinCriteria();
                // Hive accepts CROSS JOIN … ON c, which is an inner join on c.
                left = join(pos, left, criteria == null ? JoinType.CROSS : JoinType.INNER,
                        source(cross.relationSource()), criteria);
            } else {
                HiveQL.QualifiedJoinContext join = (HiveQL.QualifiedJoinContext) part;
                JoinType type = joinType(join.joinType());
                if (semiJoin != null && (type == JoinType.RIGHT || type == JoinType.FULL)) {
                    throw source.error(join.getStart(), type + " OUTER JOIN after LEFT SEMI JOIN (line "
                            + source.line(semiJoin.getLine()) + ") is not supported: move the LEFT SEMI JOIN "
                            + "after the outer join, or write it as WHERE EXISTS (…)");
                }
                left = join(pos, left, type, source(join.relationSource()), join.joinCriteria());
            }
        }
        return new From(left, filters);
    }

    private SqlNode join(SqlParserPos pos, SqlNode left, JoinType type, SqlNode right,
                         HiveQL.JoinCriteriaContext criteria) {
        JoinConditionType conditionType = JoinConditionType.NONE;
        SqlNode condition = null;
        if (criteria != null && criteria.ON() != null) {
            conditionType = JoinConditionType.ON;
            condition = expressions.expression(criteria.expression());
        } else if (criteria != null) {
            conditionType = JoinConditionType.USING;
            SqlNodeList columns = new SqlNodeList(source.pos(criteria));
            criteria.identifier().forEach(id -> columns.add(new SqlIdentifier(Identifiers.name(id, source),
                    source.pos(id))));
            condition = columns;
        } else if (type == JoinType.INNER) {
            // Hive: JOIN without ON is a cross join.
            type = JoinType.CROSS;
        } else if (type != JoinType.CROSS && type != JoinType.COMMA) {
            // Hive: an outer join without ON matches every pair.
            conditionType = JoinConditionType.ON;
            condition = SqlLiteral.createBoolean(true, pos);
        }
        return new SqlJoin(pos, left, SqlLiteral.createBoolean(false, pos), type.symbol(pos), right,
                conditionType.symbol(pos), condition);
    }

    private static JoinType joinType(HiveQL.JoinTypeContext ctx) {
        if (ctx.LEFT() != null) {
            return JoinType.LEFT;
        }
        if (ctx.RIGHT() != null) {
            return JoinType.RIGHT;
        }
        return ctx.FULL() != null ? JoinType.FULL : JoinType.INNER;
    }

    /** {@code EXISTS (SELECT 1 FROM right WHERE condition)}. */
    private SqlNode exists(HiveQL.SemiJoinContext semi, SqlParserPos pos) {
        SqlNodeList one = new SqlNodeList(List.of(SqlLiteral.createExactNumeric("1", pos)), pos);
        SqlSelect select = new SqlSelect(pos, null, one, source(semi.relationSource()),
                expressions.expression(semi.expression()), null, null, null, null, null, null, null, null);
        return SqlStdOperatorTable.EXISTS.createCall(pos, select);
    }

    /**
     * A table or subquery and its LATERAL VIEWs: {@code src LATERAL VIEW [OUTER] f(args) t AS c1, …} is
     * {@code src CROSS JOIN LATERAL TABLE(f(args)) AS t(c1, …)} (OUTER: {@code LEFT JOIN … ON TRUE}, so a
     * row whose function makes no rows is kept with NULLs), each view seeing the columns before it.
     */
    private SqlNode source(HiveQL.RelationSourceContext ctx) {
        SqlNode left = primary(ctx.relationPrimary());
        for (HiveQL.LateralViewContext view : ctx.lateralView()) {
            SqlParserPos pos = source.pos(view);
            String name = view.function.identifier() != null ? Identifiers.name(view.function.identifier(), source)
                    : Identifiers.lower(view.function.getStart().getText());
            if (TableFunctions.isBuiltInOtherThanTableFunction(name)) {
                throw source.error(view.function.getStart(), "'" + name + "' is not a table-generating function; LATERAL VIEW "
                        + "takes one of " + String.join(", ", HiveTableFunction.names()) + " or a user's GenericUDTF");
            }
            List<SqlNode> args = new ArrayList<>();
            view.expression().forEach(e -> args.add(expressions.expression(e)));
            SqlNode call = TableFunctions.call(name, pos, args);
            SqlNode table = SqlStdOperatorTable.LATERAL.createCall(pos, SqlStdOperatorTable.COLLECTION_TABLE.createCall(pos, call));
            List<SqlNode> aliased = new ArrayList<>();
            aliased.add(table);
            aliased.add(new SqlIdentifier(Identifiers.name(view.alias, source), source.pos(view.alias)));
            view.columnAliases.forEach(c -> aliased.add(new SqlIdentifier(Identifiers.name(c, source), source.pos(c))));
            SqlNode right = SqlStdOperatorTable.AS.createCall(pos, aliased);
            boolean outer = view.OUTER() != null;
            left = new SqlJoin(pos, left, SqlLiteral.createBoolean(false, pos),
                    (outer ? JoinType.LEFT : JoinType.CROSS).symbol(pos), right,
                    (outer ? JoinConditionType.ON : JoinConditionType.NONE).symbol(pos),
                    outer ? SqlLiteral.createBoolean(true, pos) : null);
        }
        return left;
    }

    private SqlNode primary(HiveQL.RelationPrimaryContext ctx) {
        if (ctx instanceof HiveQL.TableRelationContext table) {
            SqlIdentifier name = queries.tableName(table.tableName());
            SqlNode aliased = alias(name, table.alias);
            return table.tableSample() == null ? aliased : sample(aliased, table.tableSample());
        }
        if (ctx instanceof HiveQL.SubqueryRelationContext subquery) {
            // Without an alias Calcite names the subquery itself (EXPR$n), as Hive 4 does (_u1 …).
            return alias(queries.subquery(subquery.query()), subquery.alias);
        }
        HiveQL.ParenthesizedRelationContext nested = (HiveQL.ParenthesizedRelationContext) ctx;
        From inner = from(nested.relation());
        if (!inner.semiJoinFilters().isEmpty()) {
            throw source.error(nested.getStart(), "LEFT SEMI JOIN inside parentheses is not supported: "
                    + "write the joins without parentheses, or use WHERE EXISTS (…)");
        }
        return inner.relation();
    }

    /** {@code TABLESAMPLE (…)}: a sample of the table's chunks (see {@link TableSampleOperator}). */
    private SqlNode sample(SqlNode table, HiveQL.TableSampleContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        if (ctx instanceof HiveQL.BucketSampleContext bucket) {
            int x;
            int y;
            try {
                x = Integer.parseInt(bucket.numerator.getText());
                y = Integer.parseInt(bucket.denominator.getText());
            } catch (NumberFormatException e) {
                throw source.error(bucket.numerator, "bucket numbers must be at most " + Integer.MAX_VALUE, e);
            }
            if (y < 1 || x < 1 || x > y) {
                throw source.error(bucket.numerator, "TABLESAMPLE (BUCKET x OUT OF y) needs 1 <= x <= y, got "
                        + x + " OUT OF " + y);
            }
            if (bucket.expression().isEmpty()) {
                return TableSampleOperator.bucketSample(table, x, y, pos);
            }
            List<SqlIdentifier> columns = new ArrayList<>();
            for (HiveQL.ExpressionContext e : bucket.expression()) {
                if (!(expressions.expression(e) instanceof SqlIdentifier id) || !id.isSimple()) {
                    throw source.error(e.getStart(), "TABLESAMPLE (BUCKET x OUT OF y ON …) samples the table's chunks, so ON "
                            + "takes only the table's partitioning key (CLUSTERED BY) columns, not " + source.text(e)
                            + "; leave out ON to sample by the partitioning key");
                }
                columns.add(id);
            }
            return TableSampleOperator.onColumns(table, x, y, columns, pos);
        }
        if (ctx instanceof HiveQL.PercentSampleContext percent) {
            java.math.BigDecimal p = new java.math.BigDecimal(percent.percent.getText().replaceAll("[A-Za-z]+$", ""));
            if (p.signum() <= 0 || p.compareTo(java.math.BigDecimal.valueOf(100)) > 0) {
                throw source.error(percent.percent.getStart(), "TABLESAMPLE (n PERCENT) needs 0 < n <= 100, got " + p);
            }
            return TableSampleOperator.percentSample(table, p, pos);
        }
        throw source.error(ctx.getStart(), "TABLESAMPLE (n ROWS) is not supported: use LIMIT n, or sample the table's "
                + "chunks with TABLESAMPLE (BUCKET x OUT OF y) or (n PERCENT)");
    }

    private SqlNode alias(SqlNode relation, HiveQL.IdentifierContext alias) {
        if (alias == null) {
            return relation;
        }
        return SqlStdOperatorTable.AS.createCall(source.pos(alias.getParent()), relation,
                new SqlIdentifier(Identifiers.name(alias, source), source.pos(alias)));
    }
}
