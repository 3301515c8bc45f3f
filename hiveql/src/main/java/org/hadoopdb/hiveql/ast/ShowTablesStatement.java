package org.hadoopdb.hiveql.ast;

/**
 * {@code SHOW TABLES [{FROM|IN} database] [[LIKE] 'pattern']}; pattern uses Hive's {@code *} and {@code |}
 * wildcards, null for all; database null for the session's current one.
 */
public record ShowTablesStatement(String database, String pattern, SourceSpan span) implements Statement {
}
