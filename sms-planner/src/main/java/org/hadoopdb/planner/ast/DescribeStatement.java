package org.hadoopdb.planner.ast;

/** {@code DESCRIBE [EXTENDED|FORMATTED] table}. */
public record DescribeStatement(String table, boolean formatted, SourceSpan span) implements Statement {
}
