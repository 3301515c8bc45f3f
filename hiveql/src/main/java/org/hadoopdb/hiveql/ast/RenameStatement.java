package org.hadoopdb.hiveql.ast;

/** {@code ALTER TABLE name RENAME TO newName}, or {@code ALTER VIEW …} when {@code view}. */
public record RenameStatement(String name, String newName, boolean view, SourceSpan span) implements Statement {
}
