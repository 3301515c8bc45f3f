package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code DROP TABLE [IF EXISTS] name}. */
public record DropTableStatement(String name, boolean ifExists, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new DropTableStatement(qualify.apply(name), ifExists, span);
    }
}
