package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code DROP VIEW [IF EXISTS] name}. */
public record DropViewStatement(String name, boolean ifExists, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new DropViewStatement(qualify.apply(name), ifExists, span);
    }
}
