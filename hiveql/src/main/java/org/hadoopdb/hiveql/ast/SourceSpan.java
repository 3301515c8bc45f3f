package org.hadoopdb.hiveql.ast;

/**
 * A statement's text and where it starts in the script (1-based line and column).
 */
public record SourceSpan(String text, int line, int column) {
    public static SourceSpan of(String text) {
        return new SourceSpan(text, 1, 1);
    }
}
