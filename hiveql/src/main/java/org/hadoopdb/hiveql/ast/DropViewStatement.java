package org.hadoopdb.hiveql.ast;

/** {@code DROP VIEW [IF EXISTS] name}. */
public record DropViewStatement(String name, boolean ifExists, SourceSpan span) implements Statement {
}
