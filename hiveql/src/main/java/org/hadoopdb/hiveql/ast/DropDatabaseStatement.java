package org.hadoopdb.hiveql.ast;

/**
 * {@code DROP (DATABASE|SCHEMA) [IF EXISTS] name [RESTRICT|CASCADE]}: without {@code CASCADE} only an
 * empty database may be dropped; with it, its tables (and their data) and views go too.
 */
public record DropDatabaseStatement(String name, boolean ifExists, boolean cascade, SourceSpan span) implements Statement {
}
