package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code DESCRIBE [EXTENDED|FORMATTED] table}. */
public record DescribeStatement(String table, boolean formatted, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new DescribeStatement(qualify.apply(table), formatted, span);
    }
}
