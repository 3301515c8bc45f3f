package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Queries as Calcite trees: {@link SqlSelect} for a SELECT block, set operators over them,
 * {@link SqlWith} for CTEs, and {@link SqlOrderBy} around the whole when ordered or limited
 * (around the {@code SqlWith} when there is one, as Calcite's own parser does).
 */
final class QueryBuilder {
    /** A query and its top-level DISTRIBUTE BY (or CLUSTER BY) expressions, as text. */
    record Built(SqlNode node, List<String> distributeBy) {
    }

    private final SourceText source;
    private final ExpressionBuilder expressions;
    private final FromClauseBuilder fromClauses;
    private final GroupByBuilder groupBys;

    QueryBuilder(SourceText source) {
        this.source = source;
        this.expressions = new ExpressionBuilder(source, this);
        this.fromClauses = new FromClauseBuilder(source, expressions, this);
        this.groupBys = new GroupByBuilder(source, expressions);
    }

    Built query(HiveQL.QueryContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        SqlNode body = term(ctx.queryTerm());
        if (ctx.withClause() != null) {
            body = new SqlWith(pos, withList(ctx.withClause()), body);
        }
        return organize(body, ctx.queryOrganization(), pos);
    }

    /** A query nested in another: its DISTRIBUTE BY only spreads rows over reducers, so it is dropped. */
    SqlNode subquery(HiveQL.QueryContext ctx) {
        return query(ctx).node();
    }

    /** {@code VALUES (1, 'a'), (2, 'b')} of INSERT INTO: Calcite's VALUES of ROWs. */
    SqlNode values(HiveQL.ValuesClauseContext ctx) {
        List<SqlNode> rows = new ArrayList<>();
        for (HiveQL.ValuesRowContext row : ctx.valuesRow()) {
            SqlParserPos pos = source.pos(row);
            rows.add(SqlStdOperatorTable.ROW.createCall(pos, expressions.expressions(row.expression(), pos).getList()));
        }
        return SqlStdOperatorTable.VALUES.createCall(source.pos(ctx), rows);
    }

    /**
     * A table name in a query: {@code t} (resolved in the session's current database, or a WITH
     * query's name) or {@code db.t}.
     */
    SqlIdentifier tableName(HiveQL.TableNameContext ctx) {
        String table = tablePart(ctx);
        if (ctx.database == null) {
            return new SqlIdentifier(table, source.pos(ctx.table));
        }
        return new SqlIdentifier(List.of(databasePart(ctx), table), source.pos(ctx));
    }

    /**
     * A table name in a statement, as written: {@code t} or {@code db.t}; the session qualifies an
     * unqualified one with its current database.
     */
    String tableNameString(HiveQL.TableNameContext ctx) {
        String table = tablePart(ctx);
        return ctx.database == null ? table : databasePart(ctx) + "." + table;
    }

    private String databasePart(HiveQL.TableNameContext ctx) {
        String database = Identifiers.name(ctx.database, source);
        if (database.indexOf('.') >= 0) {
            throw source.error(ctx.database, "database name '" + database + "' must not contain a dot");
        }
        return database;
    }

    private String tablePart(HiveQL.TableNameContext ctx) {
        String table = Identifiers.name(ctx.table, source);
        if (table.indexOf('.') >= 0) {
            throw source.error(ctx.table, "table name '" + table + "' must not contain a dot: write `db`.`table`");
        }
        return table;
    }

    // ---------------------------------------------------------------- WITH and set operations

    private SqlNodeList withList(HiveQL.WithClauseContext ctx) {
        SqlNodeList items = new SqlNodeList(source.pos(ctx));
        for (HiveQL.NamedQueryContext named : ctx.namedQuery()) {
            SqlParserPos pos = source.pos(named);
            SqlNodeList columns = null;
            // identifier(0) is the name; the rest, if any, the column list.
            if (named.identifier().size() > 1) {
                columns = new SqlNodeList(pos);
                for (HiveQL.IdentifierContext column : named.identifier().subList(1, named.identifier().size())) {
                    columns.add(new SqlIdentifier(Identifiers.name(column, source), source.pos(column)));
                }
            }
            items.add(new SqlWithItem(pos, new SqlIdentifier(Identifiers.name(named.name, source),
                    source.pos(named.name)), columns, subquery(named.query()), SqlLiteral.createBoolean(false, pos)));
        }
        return items;
    }

    private SqlNode term(HiveQL.QueryTermContext ctx) {
        SqlNode result = primary(ctx.queryPrimary(0));
        for (int i = 1; i < ctx.queryPrimary().size(); i++) {
            SqlOperator op = setOperator(ctx.setOperator(i - 1));
            result = op.createCall(source.pos(ctx.getStart(), ctx.queryPrimary(i).getStop()), result,
                    primary(ctx.queryPrimary(i)));
        }
        return result;
    }

    private static SqlOperator setOperator(HiveQL.SetOperatorContext ctx) {
        boolean all = ctx.quantifier != null && ctx.quantifier.getType() == HiveQLLexer.ALL;
        if (ctx.UNION() != null) {
            return all ? SqlStdOperatorTable.UNION_ALL : SqlStdOperatorTable.UNION;
        }
        if (ctx.INTERSECT() != null) {
            return all ? SqlStdOperatorTable.INTERSECT_ALL : SqlStdOperatorTable.INTERSECT;
        }
        return all ? SqlStdOperatorTable.EXCEPT_ALL : SqlStdOperatorTable.EXCEPT;
    }

    private SqlNode primary(HiveQL.QueryPrimaryContext ctx) {
        return ctx.querySpecification() != null ? select(ctx.querySpecification()) : subquery(ctx.query());
    }

    // ---------------------------------------------------------------- SELECT

    private SqlSelect select(HiveQL.QuerySpecificationContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        SqlNodeList keywords = ctx.quantifier != null && ctx.quantifier.getType() == HiveQLLexer.DISTINCT
                ? new SqlNodeList(List.of(SqlSelectKeyword.DISTINCT.symbol(source.pos(ctx.quantifier))),
                        source.pos(ctx.quantifier)) : null;
        SqlNodeList selectList = new SqlNodeList(source.pos(ctx.selectItem(0).getStart(),
                ctx.selectItem(ctx.selectItem().size() - 1).getStop()));
        GeneratorSelect generator = GeneratorSelect.of(ctx, source);
        if (generator == null) {
            ctx.selectItem().forEach(item -> selectList.add(selectItem(item)));
        } else {
            selectList.add(generator.columns());
        }

        SqlNode from = null;
        SqlNode where = ctx.where == null ? null : expressions.expression(ctx.where);
        if (ctx.relation() != null) {
            FromClauseBuilder.From built = fromClauses.from(ctx.relation());
            from = built.relation();
            for (SqlNode filter : built.semiJoinFilters()) {
                where = where == null ? filter : SqlStdOperatorTable.AND.createCall(filter.getParserPosition(), where, filter);
            }
        }
        if (generator != null) {
            from = generator.from(from, expressions);
        }
        SqlNodeList groupBy = ctx.groupByClause() == null ? null : groupBys.groupBy(ctx.groupByClause());
        SqlNode having = ctx.having == null ? null : expressions.expression(ctx.having);
        SqlNodeList windows = ctx.windowClause() == null ? null : windowDecls(ctx.windowClause());
        return new SqlSelect(pos, keywords, selectList, from, where, groupBy, having, windows, null, null, null, null,
                null);
    }

    private SqlNode selectItem(HiveQL.SelectItemContext ctx) {
        SqlParserPos pos = source.pos(ctx);
        if (ctx instanceof HiveQL.SelectAllContext) {
            return SqlIdentifier.star(pos);
        }
        if (ctx instanceof HiveQL.SelectQualifiedAllContext qualified) {
            return SqlIdentifier.star(List.of(Identifiers.name(qualified.identifier(), source), ""), pos,
                    List.of(source.pos(qualified.identifier()), source.pos(qualified.STAR().getSymbol())));
        }
        HiveQL.SelectExpressionContext item = (HiveQL.SelectExpressionContext) ctx;
        SqlNode expression = expressions.expression(item.expression());
        if (item.identifier() == null) {
            return expression;
        }
        return SqlStdOperatorTable.AS.createCall(pos, expression,
                new SqlIdentifier(Identifiers.name(item.identifier(), source), source.pos(item.identifier())));
    }

    private SqlNodeList windowDecls(HiveQL.WindowClauseContext ctx) {
        SqlNodeList list = new SqlNodeList(source.pos(ctx));
        for (HiveQL.WindowDefinitionContext definition : ctx.windowDefinition()) {
            SqlIdentifier name = new SqlIdentifier(Identifiers.name(definition.name, source), source.pos(definition.name));
            list.add(expressions.windows().window(definition.windowSpecification(), name));
        }
        return list;
    }

    // ---------------------------------------------------------------- ORDER BY, SORT BY, CLUSTER BY, DISTRIBUTE BY, LIMIT

    /**
     * SORT BY and CLUSTER BY become ORDER BY: Hive only promises order within each reducer, and a
     * total order satisfies that. DISTRIBUTE BY (and CLUSTER BY's columns) are reported separately;
     * they decide how rows are spread over reducers and never the result.
     */
    private Built organize(SqlNode body, HiveQL.QueryOrganizationContext ctx, SqlParserPos pos) {
        Clauses clauses = Clauses.of(ctx, source);
        SqlNodeList orderList = new SqlNodeList(pos);
        List<String> distributeBy = new ArrayList<>();
        if (clauses.order != null) {
            orderList = SortItems.of(clauses.order.sortItem(), expressions, source, source.pos(clauses.order));
        } else if (clauses.sort != null) {
            orderList = SortItems.of(clauses.sort.sortItems().sortItem(), expressions, source, source.pos(clauses.sort));
        } else if (clauses.cluster != null) {
            for (SqlNode key : expressions.expressionList(clauses.cluster.expressions())) {
                orderList.add(SortItems.ascending(key, key.getParserPosition()));
                distributeBy.add(describe(key));
            }
        }
        if (clauses.distribute != null) {
            expressions.expressionList(clauses.distribute.expressions()).forEach(key -> distributeBy.add(describe(key)));
        }
        HiveQL.LimitClauseContext limit = ctx.limitClause();
        if (orderList.isEmpty() && limit == null) {
            return new Built(body, distributeBy);
        }
        SqlNode fetch = limit == null ? null : number(limit.count);
        SqlNode offset = limit == null || limit.offset == null ? null : number(limit.offset);
        // Calcite recognises "no ORDER BY, only LIMIT" by this very instance.
        SqlNodeList order = orderList.isEmpty() ? SqlNodeList.EMPTY : orderList;
        return new Built(new SqlOrderBy(pos, body, order, offset, fetch), distributeBy);
    }

    private SqlNode number(Token token) {
        return SqlLiteral.createExactNumeric(token.getText(), source.pos(token));
    }

    /** Column names as written ({@code t.c}); any other expression as Calcite SQL. */
    private static String describe(SqlNode key) {
        if (key instanceof SqlIdentifier id) {
            return String.join(".", id.names);
        }
        return key.toSqlString(c -> c.withDialect(CalciteSqlDialect.DEFAULT)).getSql();
    }

    /** The organization clauses of one query, each at most once, in the combinations Hive allows. */
    private record Clauses(HiveQL.OrderByContext order, HiveQL.SortByContext sort, HiveQL.ClusterByContext cluster,
                           HiveQL.DistributeByContext distribute) {
        static Clauses of(HiveQL.QueryOrganizationContext ctx, SourceText source) {
            HiveQL.OrderByContext order = null;
            HiveQL.SortByContext sort = null;
            HiveQL.ClusterByContext cluster = null;
            HiveQL.DistributeByContext distribute = null;
            for (HiveQL.OrganizationClauseContext clause : ctx.organizationClause()) {
                if (clause instanceof HiveQL.OrderByContext o) {
                    order = once(order, o, source);
                } else if (clause instanceof HiveQL.SortByContext s) {
                    sort = once(sort, s, source);
                } else if (clause instanceof HiveQL.ClusterByContext c) {
                    cluster = once(cluster, c, source);
                } else {
                    distribute = once(distribute, (HiveQL.DistributeByContext) clause, source);
                }
            }
            conflict(cluster, order, source);
            conflict(cluster, sort, source);
            conflict(cluster, distribute, source);
            conflict(order, sort, source);
            conflict(order, distribute, source);
            return new Clauses(order, sort, cluster, distribute);
        }

        private static <T extends ParserRuleContext> T once(T seen, T clause, SourceText source) {
            if (seen != null) {
                throw source.error(clause, name(clause) + " appears twice");
            }
            return clause;
        }

        /** Hive's rule: CLUSTER BY stands alone; ORDER BY goes with neither SORT BY nor DISTRIBUTE BY. */
        private static void conflict(ParserRuleContext first, ParserRuleContext second, SourceText source) {
            if (first != null && second != null) {
                ParserRuleContext later = first.getStart().getTokenIndex() > second.getStart().getTokenIndex()
                        ? first : second;
                throw source.error(later, "cannot have both " + name(first) + " and " + name(second) + " clauses");
            }
        }

        private static String name(ParserRuleContext clause) {
            return clause.getStart().getText().toUpperCase(Locale.ROOT) + " BY";
        }
    }
}
