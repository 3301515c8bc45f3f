package org.hadoopdb.hiveql.ast;

/** {@code (DESCRIBE|DESC) (DATABASE|SCHEMA) [EXTENDED] name}; EXTENDED adds the database's properties. */
public record DescribeDatabaseStatement(String name, boolean extended, SourceSpan span) implements Statement {
}
