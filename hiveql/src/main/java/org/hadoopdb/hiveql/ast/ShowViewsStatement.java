package org.hadoopdb.hiveql.ast;

/** {@code SHOW VIEWS [[LIKE] 'pattern']}; pattern as in {@link ShowTablesStatement}, null for all. */
public record ShowViewsStatement(String pattern, SourceSpan span) implements Statement {
}
