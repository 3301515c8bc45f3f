package org.hadoopdb.hiveql.ast;

/** {@code LOAD DATA [LOCAL] INPATH 'path' [OVERWRITE] INTO TABLE name}. */
public record LoadDataStatement(boolean local, String path, boolean overwrite, String table, SourceSpan span)
        implements Statement {
}
