package org.hadoopdb.hiveql.ast;

import org.apache.calcite.sql.SqlNode;

/** {@code INSERT OVERWRITE [LOCAL] DIRECTORY 'path' [ROW FORMAT …] query}. */
public record InsertDirectoryStatement(boolean local, String path, RowFormat rowFormat, SqlNode query, SourceSpan span)
        implements Statement {
}
