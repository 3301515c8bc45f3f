package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code DROP [TEMPORARY] FUNCTION [IF EXISTS] [db.]name}. */
public record DropFunctionStatement(String name, boolean temporary, boolean ifExists, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return temporary ? this : new DropFunctionStatement(qualify.apply(name), false, ifExists, span);
    }
}
