package org.hadoopdb.hiveql.ast;

/** {@code USE database}: HadoopDB has one database, {@code default}; anything else is an error. */
public record UseStatement(String database, SourceSpan span) implements Statement {
}
