package org.hadoopdb.hiveql.parse;

import java.util.List;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.hadoopdb.hiveql.ast.SourceSpan;

/**
 * One statement's text and where it sits in its script: turns token positions (relative to the
 * statement) into script positions for {@link SqlParserPos} and for error messages.
 */
final class SourceText {
    private final SourceSpan span;
    private final CharStream chars;
    private final String[] lines;

    SourceText(SourceSpan span, CharStream chars) {
        this.span = span;
        this.chars = chars;
        // Only '\n' ends a line, as for the ANTLR lexer whose positions these lines must match.
        this.lines = span.text().split("\r?\n", -1);
    }

    SourceSpan span() {
        return span;
    }

    /** Script line of a statement-relative line (both 1-based). */
    int line(int relativeLine) {
        return span.line() + relativeLine - 1;
    }

    /** Script column of a statement-relative position (line 1-based, column 0-based as ANTLR counts). */
    int column(int relativeLine, int charPositionInLine) {
        return relativeLine == 1 ? span.column() + charPositionInLine : charPositionInLine + 1;
    }

    SqlParserPos pos(Token token) {
        return pos(token, token);
    }

    SqlParserPos pos(ParserRuleContext ctx) {
        return pos(ctx.getStart(), ctx.getStop() == null ? ctx.getStart() : ctx.getStop());
    }

    /** From the first character of {@code start} to the last character of {@code stop}. */
    SqlParserPos pos(Token start, Token stop) {
        int endLine = stop.getLine();
        int endChar = stop.getCharPositionInLine();
        String text = stop.getType() == Token.EOF ? "" : stop.getText();
        int newline = text.lastIndexOf('\n');
        if (newline >= 0) {
            endLine += (int) text.chars().filter(c -> c == '\n').count();
            endChar = text.codePointCount(newline + 1, text.length()) - 1;
        } else {
            endChar += Math.max(0, text.codePointCount(0, text.length()) - 1);
        }
        return new SqlParserPos(line(start.getLine()), column(start.getLine(), start.getCharPositionInLine()),
                line(endLine), column(endLine, endChar));
    }

    /** The statement text a parse-tree node covers (exact, comments included). */
    String text(ParserRuleContext ctx) {
        return chars.getText(Interval.of(ctx.getStart().getStartIndex(), ctx.getStop().getStopIndex()));
    }

    /** A span for a nested statement (EXPLAIN's operand), positioned in the script. */
    SourceSpan subSpan(ParserRuleContext ctx) {
        Token start = ctx.getStart();
        return new SourceSpan(text(ctx), line(start.getLine()), column(start.getLine(), start.getCharPositionInLine()));
    }

    /** An error pointing at a token, e.g. a malformed literal. */
    HiveQlSyntaxException error(Token at, String reason) {
        return error(at, reason, List.of(), null);
    }

    HiveQlSyntaxException error(Token at, String reason, Throwable cause) {
        return error(at, reason, List.of(), cause);
    }

    HiveQlSyntaxException error(ParserRuleContext at, String reason) {
        return error(at.getStart(), reason);
    }

    HiveQlSyntaxException error(Token at, String reason, List<String> expected, Throwable cause) {
        return error(at.getLine(), at.getCharPositionInLine(), reason, tokenText(at), expected, cause);
    }

    /** An error at a statement-relative position (line 1-based, column 0-based). */
    HiveQlSyntaxException error(int relativeLine, int charPositionInLine, String reason, String offending,
                                List<String> expected, Throwable cause) {
        return new HiveQlSyntaxException(reason, line(relativeLine), column(relativeLine, charPositionInLine),
                offending, expected, snippet(relativeLine, charPositionInLine), cause);
    }

    private static String tokenText(Token token) {
        return token.getType() == Token.EOF ? "<EOF>" : token.getText();
    }

    /** The statement line and a caret under the column; tabs are kept so the caret lines up. */
    private String snippet(int relativeLine, int charPositionInLine) {
        if (relativeLine < 1 || relativeLine > lines.length) {
            return "";
        }
        String source = lines[relativeLine - 1];
        StringBuilder caret = new StringBuilder();
        int offset = 0;
        for (int i = 0; i < charPositionInLine && offset < source.length(); i++) {
            int cp = source.codePointAt(offset);
            caret.append(cp == '\t' ? '\t' : ' ');
            offset += Character.charCount(cp);
        }
        return source + "\n" + caret + "^";
    }
}
