package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;
import org.apache.calcite.sql.SqlNode;

/** {@code ALTER VIEW name AS query}: a new definition, keeping the view's comment. */
public record AlterViewStatement(String name, SqlNode query, String queryText, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new AlterViewStatement(qualify.apply(name), query, queryText, span);
    }
}
