package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code TRUNCATE [TABLE] name}. */
public record TruncateTableStatement(String table, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new TruncateTableStatement(qualify.apply(table), span);
    }
}
