package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code LOAD DATA [LOCAL] INPATH 'path' [OVERWRITE] INTO TABLE name [PARTITION (…)]}; {@code partition} is null without one. */
public record LoadDataStatement(boolean local, String path, boolean overwrite, String table, PartitionSpec partition, SourceSpan span)
        implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new LoadDataStatement(local, path, overwrite, qualify.apply(table), partition, span);
    }
}
