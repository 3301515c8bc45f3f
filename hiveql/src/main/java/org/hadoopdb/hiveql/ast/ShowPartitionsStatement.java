package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code SHOW PARTITIONS table [PARTITION (k='v', …)]}; {@code partition} (some of the columns) filters, or is null. */
public record ShowPartitionsStatement(String table, PartitionSpec partition, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new ShowPartitionsStatement(qualify.apply(table), partition, span);
    }
}
