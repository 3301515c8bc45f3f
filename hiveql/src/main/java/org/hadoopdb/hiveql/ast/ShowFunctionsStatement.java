package org.hadoopdb.hiveql.ast;

/** {@code SHOW FUNCTIONS [[LIKE] 'pattern']} or {@code DESCRIBE FUNCTION name} (then {@code describe} is the name). */
public record ShowFunctionsStatement(String pattern, String describe, SourceSpan span) implements Statement {
}
