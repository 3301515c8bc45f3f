package org.hadoopdb.hiveql.ast;

/**
 * {@code SET} (list the session's settings), {@code SET key} (show one), {@code SET key=value} (set
 * it for the session; the value is the raw text after '=' trimmed), {@code RESET} is not a SET.
 */
public record SetStatement(String key, String value, SourceSpan span) implements Statement {
}
