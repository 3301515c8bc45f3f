package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code SHOW COLUMNS (FROM|IN) name} (a table or a view). */
public record ShowColumnsStatement(String table, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new ShowColumnsStatement(qualify.apply(table), span);
    }
}
