package org.hadoopdb.hiveql.ast;

/** {@code DESCRIBE [EXTENDED|FORMATTED] table}. */
public record DescribeStatement(String table, boolean formatted, SourceSpan span) implements Statement {
}
