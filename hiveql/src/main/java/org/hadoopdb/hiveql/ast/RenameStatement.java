package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code ALTER TABLE name RENAME TO newName}, or {@code ALTER VIEW …} when {@code view}. */
public record RenameStatement(String name, String newName, boolean view, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new RenameStatement(qualify.apply(name), qualify.apply(newName), view, span);
    }
}
