package org.hadoopdb.hiveql.ast;

/** {@code SHOW COLUMNS (FROM|IN) name} (a table or a view). */
public record ShowColumnsStatement(String table, SourceSpan span) implements Statement {
}
