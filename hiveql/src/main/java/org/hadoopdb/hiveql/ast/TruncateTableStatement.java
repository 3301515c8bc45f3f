package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code TRUNCATE [TABLE] name [PARTITION (…)]}; {@code partition} is null without one. */
public record TruncateTableStatement(String table, PartitionSpec partition, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new TruncateTableStatement(qualify.apply(table), partition, span);
    }
}
