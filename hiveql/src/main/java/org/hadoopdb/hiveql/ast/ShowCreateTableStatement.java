package org.hadoopdb.hiveql.ast;

/** {@code SHOW CREATE TABLE name} (a table or a view). */
public record ShowCreateTableStatement(String table, SourceSpan span) implements Statement {
}
