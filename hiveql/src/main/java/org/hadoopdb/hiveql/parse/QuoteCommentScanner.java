package org.hadoopdb.hiveql.parse;

/**
 * Walks HiveQL text as runs of code, quoted text and comments, drawing the borders where the HiveQL
 * lexer draws them: {@code '…'} and {@code "…"} string literals with backslash escapes,
 * {@code `…`} quoted names (a doubled backtick reads as one run ending and the next starting),
 * {@code --} comments to the end of the line ({@code \n} or {@code \r}) and {@code /* … *}{@code /}
 * comments. An unterminated quote or comment runs to the end of the text.
 *
 * <p>For the tools that must find characters outside quotes and comments without parsing: the ';'
 * between statements, the '?' of a prepared statement.
 *
 * <pre>{@code
 * QuoteCommentScanner runs = new QuoteCommentScanner(sql);
 * while (runs.next()) {
 *     if (runs.kind() == QuoteCommentScanner.Kind.CODE) {
 *         // sql.substring(runs.start(), runs.end()) holds no quote and no comment
 *     }
 * }
 * }</pre>
 */
public final class QuoteCommentScanner {
    /** What a run of the text is. */
    public enum Kind {
        /** Everything outside the others. */
        CODE,
        /** A string literal or a backtick-quoted name, its quotes included. */
        QUOTED,
        /** A {@code --} comment, its line end included. */
        LINE_COMMENT,
        /** A block comment, its delimiters included. */
        BLOCK_COMMENT
    }

    private final String text;
    private Kind kind;
    private int start;
    private int end;
    private boolean terminated;

    public QuoteCommentScanner(String text) {
        this.text = text;
    }

    /** Moves to the next run; false when the text has no more. */
    public boolean next() {
        start = end;
        if (start >= text.length()) {
            return false;
        }
        terminated = true;
        char c = text.charAt(start);
        if (c == '\'' || c == '"') {
            kind = Kind.QUOTED;
            end = closingQuote(c);
        } else if (c == '`') {
            kind = Kind.QUOTED;
            end = after(text.indexOf('`', start + 1), 1);
        } else if (opens("--", start)) {
            kind = Kind.LINE_COMMENT;
            end = lineEnd();
        } else if (opens("/*", start)) {
            kind = Kind.BLOCK_COMMENT;
            end = after(text.indexOf("*/", start + 2), 2);
        } else {
            kind = Kind.CODE;
            end = start + 1;
            while (end < text.length() && !opensRun(end)) {
                end++;
            }
        }
        return true;
    }

    /** The kind of the current run. */
    public Kind kind() {
        return kind;
    }

    /** Index of the current run's first character. */
    public int start() {
        return start;
    }

    /** Index one past the current run's last character. */
    public int end() {
        return end;
    }

    /** False when the current run is a quote or block comment the text ends inside (code is always terminated). */
    public boolean terminated() {
        return terminated;
    }

    private boolean opensRun(int i) {
        char c = text.charAt(i);
        return c == '\'' || c == '"' || c == '`' || opens("--", i) || opens("/*", i);
    }

    private boolean opens(String delimiter, int i) {
        return text.startsWith(delimiter, i);
    }

    private int closingQuote(char quote) {
        for (int i = start + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote) {
                return i + 1;
            }
        }
        terminated = false;
        return text.length();
    }

    private int lineEnd() {
        for (int i = start + 2; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return i + 1;
            }
        }
        return text.length();
    }

    /** One past a closing delimiter of {@code length} found at {@code index}; the end of the text (unterminated) when not found. */
    private int after(int index, int length) {
        if (index < 0) {
            terminated = false;
            return text.length();
        }
        return index + length;
    }
}
