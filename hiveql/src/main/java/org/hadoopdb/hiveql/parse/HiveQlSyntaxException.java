package org.hadoopdb.hiveql.parse;

import java.util.List;
import org.hadoopdb.hiveql.HiveQlException;

/**
 * A HiveQL statement that cannot be parsed: an unexpected token, an unterminated string or comment,
 * a malformed literal or clause. The message names the place and shows it, e.g.
 * <pre>
 * line 2:15: syntax error at 'FORM': expected one of ',', FROM, WHERE, …
 * SELECT a AS x FORM t
 *               ^
 * </pre>
 * Line and column are 1-based and relative to the whole script the statement came from.
 */
public final class HiveQlSyntaxException extends HiveQlException {
    private static final long serialVersionUID = 1L;

    private final String reason;
    private final int line;
    private final int column;
    private final String offendingToken;
    private final List<String> expectedTokens;

    HiveQlSyntaxException(String reason, int line, int column, String offendingToken, List<String> expectedTokens,
                          String snippet, Throwable cause) {
        super("line " + line + ":" + column + ": " + reason + (snippet.isEmpty() ? "" : "\n" + snippet), cause);
        this.reason = reason;
        this.line = line;
        this.column = column;
        this.offendingToken = offendingToken;
        this.expectedTokens = List.copyOf(expectedTokens);
    }

    /** What is wrong, without the position and the source excerpt. */
    public String reason() {
        return reason;
    }

    /** 1-based line in the script. */
    public int line() {
        return line;
    }

    /** 1-based column in the script. */
    public int column() {
        return column;
    }

    /** The text of the token at fault, {@code "<EOF>"} at the end of the statement, or null when there is none. */
    public String offendingToken() {
        return offendingToken;
    }

    /** What the grammar would have accepted instead (e.g. {@code ","}, {@code FROM}, {@code an identifier}); empty when unknown. */
    public List<String> expectedTokens() {
        return expectedTokens;
    }
}
