package org.hadoopdb.hiveql.ast;

import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.sql.SqlNode;

/**
 * {@code CREATE [OR REPLACE] VIEW [IF NOT EXISTS] name [(col [COMMENT '…'], …)] [COMMENT '…'] AS query}.
 *
 * @param columns   the declared column list, empty when the query's column names are the view's
 * @param query     the query as a Calcite tree (to validate it)
 * @param queryText the query as written, which the catalog keeps
 */
public record CreateViewStatement(String name, boolean orReplace, boolean ifNotExists, List<ViewColumn> columns,
                                  String comment, SqlNode query, String queryText, SourceSpan span) implements Statement {
    public CreateViewStatement {
        columns = List.copyOf(columns);
    }

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new CreateViewStatement(qualify.apply(name), orReplace, ifNotExists, columns, comment, query, queryText, span);
    }
}
