package org.hadoopdb.hiveql.ast;

/**
 * {@code SHOW VIEWS [{FROM|IN} database] [[LIKE] 'pattern']}; pattern as in {@link ShowTablesStatement},
 * null for all; database null for the session's current one.
 */
public record ShowViewsStatement(String database, String pattern, SourceSpan span) implements Statement {
}
