package org.hadoopdb.hiveql.ast;

/** {@code SHOW (DATABASES|SCHEMAS) [[LIKE] 'pattern']}; pattern as in {@link ShowTablesStatement}, null for all. */
public record ShowDatabasesStatement(String pattern, SourceSpan span) implements Statement {
}
