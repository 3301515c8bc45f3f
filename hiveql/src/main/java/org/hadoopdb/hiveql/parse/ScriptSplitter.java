package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.hiveql.ast.SourceSpan;

/**
 * Splits a script into statements at each ';' outside string literals, backtick-quoted names and
 * comments. Each statement's text runs from its first to its last character that is neither blank
 * nor a comment, and keeps the script line and column where it starts; statements with nothing but
 * blanks and comments are dropped. An unterminated string or comment runs to the end of the script
 * and stays in the last statement, so that parsing it reports the error.
 */
final class ScriptSplitter {
    private final String script;
    private final List<SourceSpan> statements = new ArrayList<>();
    private int line = 1;
    private int column = 1;
    /** Content bounds of the statement being read: first and one past the last significant character. */
    private int first = -1;
    private int end;
    private int firstLine;
    private int firstColumn;
    /** After {@link #run()}: the script ends inside a statement (no closing ';' yet). */
    private boolean pending;

    private ScriptSplitter(String script) {
        this.script = script;
    }

    static List<SourceSpan> split(String script) {
        ScriptSplitter splitter = new ScriptSplitter(script);
        splitter.run();
        return List.copyOf(splitter.statements);
    }

    /** Whether the script ends inside a statement: text after the last ';', or an open quote or comment. */
    static boolean endsInsideStatement(String script) {
        ScriptSplitter splitter = new ScriptSplitter(script);
        splitter.run();
        return splitter.pending;
    }

    private void run() {
        QuoteCommentScanner runs = new QuoteCommentScanner(script);
        boolean openQuote = false;
        boolean openComment = false;
        int commentStart = -1;
        int commentLine = 0;
        int commentColumn = 0;
        while (runs.next()) {
            QuoteCommentScanner.Kind kind = runs.kind();
            if (kind == QuoteCommentScanner.Kind.BLOCK_COMMENT) {
                commentStart = runs.start();
                commentLine = line;
                commentColumn = column;
            }
            for (int i = runs.start(); i < runs.end(); i++) {
                char c = script.charAt(i);
                switch (kind) {
                    case QUOTED -> mark(i);
                    case CODE -> {
                        if (c == ';') {
                            emit();
                        } else if (!Character.isWhitespace(c)) {
                            mark(i);
                        }
                    }
                    default -> {
                        // comments belong to no statement's text
                    }
                }
                advance(c);
            }
            openQuote = kind == QuoteCommentScanner.Kind.QUOTED && !runs.terminated();
            openComment = kind == QuoteCommentScanner.Kind.BLOCK_COMMENT && !runs.terminated();
        }
        pending = first >= 0 || openQuote || openComment;
        if (openComment) {
            // Keep the unterminated comment so the parser can report it.
            if (first < 0) {
                first = commentStart;
                firstLine = commentLine;
                firstColumn = commentColumn;
            }
            end = script.length();
        }
        emit();
    }

    private void mark(int index) {
        if (first < 0) {
            first = index;
            firstLine = line;
            firstColumn = column;
        }
        end = index + 1;
    }

    /** Counts lines and columns as the ANTLR lexer does: only '\n' ends a line, columns count code points. */
    private void advance(char c) {
        if (c == '\n') {
            line++;
            column = 1;
        } else if (!Character.isHighSurrogate(c)) {
            column++;
        }
    }

    private void emit() {
        if (first >= 0) {
            statements.add(new SourceSpan(script.substring(first, end), firstLine, firstColumn));
        }
        first = -1;
    }
}
