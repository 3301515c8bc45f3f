package org.hadoopdb.hiveql.ast;

/** {@code TRUNCATE [TABLE] name}. */
public record TruncateTableStatement(String table, SourceSpan span) implements Statement {
}
