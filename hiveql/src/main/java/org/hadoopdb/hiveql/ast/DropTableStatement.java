package org.hadoopdb.hiveql.ast;

/** {@code DROP TABLE [IF EXISTS] name}. */
public record DropTableStatement(String name, boolean ifExists, SourceSpan span) implements Statement {
}
