package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code DESCRIBE [EXTENDED|FORMATTED] table [PARTITION (…)]}; {@code partition} is null without one. */
public record DescribeStatement(String table, boolean formatted, PartitionSpec partition, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new DescribeStatement(qualify.apply(table), formatted, partition, span);
    }
}
