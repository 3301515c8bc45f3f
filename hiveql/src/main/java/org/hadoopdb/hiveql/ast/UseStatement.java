package org.hadoopdb.hiveql.ast;

/** {@code USE database}: makes {@code database} the session's current one, where unqualified names are found. */
public record UseStatement(String database, SourceSpan span) implements Statement {
}
