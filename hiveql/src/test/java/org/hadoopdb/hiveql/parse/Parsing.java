package org.hadoopdb.hiveql.parse;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.Statement;

/** Test helpers: parse HiveQL and print the Calcite tree as one line of SQL. */
final class Parsing {
    private Parsing() {
    }

    static Statement statement(String hiveql) {
        return HiveQlParser.parse(SourceSpan.of(hiveql));
    }

    static QueryStatement query(String hiveql) {
        return (QueryStatement) statement(hiveql);
    }

    /** The query as Calcite SQL on one line. */
    static String sql(String hiveql) {
        return sql(query(hiveql).query());
    }

    static String sql(SqlNode node) {
        return node.toSqlString(c -> c.withDialect(CalciteSqlDialect.DEFAULT)).getSql().replaceAll("\\s+", " ").trim();
    }

    /** One expression, parsed as the only item of {@code SELECT <expression> FROM t}. */
    static SqlNode expressionNode(String expression) {
        SqlSelect select = (SqlSelect) query("SELECT " + expression + " FROM t").query();
        return select.getSelectList().get(0);
    }

    static String expr(String expression) {
        return sql(expressionNode(expression));
    }
}
