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
        SqlNode left = primary(ctx.relationPrimary());
        List<SqlNode> filters = new ArrayList<>();
        Token semiJoin = null;
        for (HiveQL.JoinPartContext part : ctx.joinPart()) {
            SqlParserPos pos = source.pos(ctx.getStart(), part.getStop());
            if (part instanceof HiveQL.SemiJoinContext semi) {
                filters.add(exists(semi, pos));
                semiJoin = semi.getStart();
            } else if (part instanceof HiveQL.CommaJoinContext comma) {
                left = join(pos, left, JoinType.COMMA, primary(comma.relationPrimary()), null);
            } else if (part instanceof HiveQL.CrossJoinContext cross) {
                HiveQL.JoinCriteriaContext criteria = cross.joinCriteria();
                // Hive accepts CROSS JOIN … ON c, which is an inner join on c.
                left = join(pos, left, criteria == null ? JoinType.CROSS : JoinType.INNER,
                        primary(cross.relationPrimary()), criteria);
            } else {
                HiveQL.QualifiedJoinContext join = (HiveQL.QualifiedJoinContext) part;
                JoinType type = joinType(join.joinType());
                if (semiJoin != null && (type == JoinType.RIGHT || type == JoinType.FULL)) {
                    throw source.error(join.getStart(), type + " OUTER JOIN after LEFT SEMI JOIN (line "
                            + source.line(semiJoin.getLine()) + ") is not supported: move the LEFT SEMI JOIN "
                            + "after the outer join, or write it as WHERE EXISTS (…)");
                }
                left = join(pos, left, type, primary(join.relationPrimary()), join.joinCriteria());
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
        SqlSelect select = new SqlSelect(pos, null, one, primary(semi.relationPrimary()),
                expressions.expression(semi.expression()), null, null, null, null, null, null, null, null);
        return SqlStdOperatorTable.EXISTS.createCall(pos, select);
    }

    private SqlNode primary(HiveQL.RelationPrimaryContext ctx) {
        if (ctx instanceof HiveQL.TableRelationContext table) {
            SqlIdentifier name = queries.tableName(table.tableName());
            return alias(name, table.alias);
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

    private SqlNode alias(SqlNode relation, HiveQL.IdentifierContext alias) {
        if (alias == null) {
            return relation;
        }
        return SqlStdOperatorTable.AS.createCall(source.pos(alias.getParent()), relation,
                new SqlIdentifier(Identifiers.name(alias, source), source.pos(alias)));
    }
}
