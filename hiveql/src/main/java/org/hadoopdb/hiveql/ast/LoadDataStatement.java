package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code LOAD DATA [LOCAL] INPATH 'path' [OVERWRITE] INTO TABLE name}. */
public record LoadDataStatement(boolean local, String path, boolean overwrite, String table, SourceSpan span)
        implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new LoadDataStatement(local, path, overwrite, qualify.apply(table), span);
    }
}
