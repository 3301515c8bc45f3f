package org.hadoopdb.hiveql.ast;

/** {@code EXPLAIN [EXTENDED] statement}: a query, or an INSERT of a query. */
public record ExplainStatement(boolean extended, Statement explained, SourceSpan span) implements Statement {
}
