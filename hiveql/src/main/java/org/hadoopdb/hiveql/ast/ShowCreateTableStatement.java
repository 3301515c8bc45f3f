package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code SHOW CREATE TABLE name} (a table or a view). */
public record ShowCreateTableStatement(String table, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new ShowCreateTableStatement(qualify.apply(table), span);
    }
}
