package org.hadoopdb.hiveql.ast;

import org.apache.calcite.sql.SqlNode;

/** {@code ALTER VIEW name AS query}: a new definition, keeping the view's comment. */
public record AlterViewStatement(String name, SqlNode query, String queryText, SourceSpan span) implements Statement {
}
