package org.hadoopdb.hiveql.ast;

/** {@code SHOW TABLES [[LIKE] 'pattern']}; pattern uses Hive's {@code *} and {@code |} wildcards, null for all. */
public record ShowTablesStatement(String pattern, SourceSpan span) implements Statement {
}
