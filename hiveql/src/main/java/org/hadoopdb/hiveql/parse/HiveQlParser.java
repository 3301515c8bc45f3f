package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Token;
import org.hadoopdb.hiveql.ast.SetStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.Statement;

/**
 * Parses HiveQL: scripts into statements, statements into Calcite trees (queries) or the records of
 * {@code org.hadoopdb.hiveql.ast} (everything else).
 *
 * <pre>{@code
 * List<Statement> statements = HiveQlParser.parseScript("""
 *     SET hadoopdb.reducers.max=8;
 *     SELECT sourceIP, SUM(adRevenue) FROM UserVisits GROUP BY sourceIP;
 *     """);
 * QueryStatement q = (QueryStatement) statements.get(1);
 * SqlNode tree = q.query();   // SELECT sourceip, sum(adrevenue) FROM uservisits GROUP BY sourceip
 * }</pre>
 *
 * Errors are {@link HiveQlSyntaxException}s with the script line and column. The conventions of the
 * produced trees are described in the package documentation.
 */
public final class HiveQlParser {
    private HiveQlParser() {
    }

    /**
     * Splits a script on ';' outside quotes, backticks and comments; each piece with its start line/column.
     * Empty pieces (blanks and comments only) are dropped.
     */
    public static List<SourceSpan> split(String script) {
        return ScriptSplitter.split(script);
    }

    /**
     * Whether {@code script} ends inside a statement: something significant after its last ';' or an
     * unclosed quote or comment. The shell keeps reading lines until this is false.
     */
    public static boolean endsInsideStatement(String script) {
        return ScriptSplitter.endsInsideStatement(script);
    }

    /**
     * Parses one statement (text without the trailing ';'); positions in errors and in every
     * {@code SqlParserPos} are offset by the span's line and column.
     *
     * @throws HiveQlSyntaxException when the statement is not valid HiveQL
     */
    public static Statement parse(SourceSpan statement) {
        CharStream chars = CharStreams.fromString(statement.text());
        SourceText source = new SourceText(statement, chars);
        SetStatement set = SetStatementReader.read(chars, source);
        if (set != null) {
            return set;
        }
        Statement resources = ResourceStatementReader.read(chars, source);
        if (resources != null) {
            return resources;
        }
        HiveQLLexer lexer = new HiveQLLexer(chars);
        lexer.removeErrorListeners();
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill();
        rejectLexicalErrors(tokens.getTokens(), source);

        HiveQL parser = new HiveQL(tokens);
        parser.removeErrorListeners();
        parser.addErrorListener(new SyntaxErrorListener(source));
        try {
            return new StatementBuilder(source).statement(parser.singleStatement());
        } catch (StackOverflowError e) {
            // the parser's recursion follows the statement's nesting: too deep a statement is its own fault
            throw source.error(1, 0, TOO_DEEP, null, List.of(), e);
        }
    }

    /** The message of a statement nested more deeply than the parser or the planner can follow. */
    public static final String TOO_DEEP = "statement nested too deeply (parentheses, operators, function calls or "
            + "sub-queries): simplify it";

    /** {@link #split} and {@link #parse} of every statement; stops at the first error. */
    public static List<Statement> parseScript(String script) {
        List<Statement> statements = new ArrayList<>();
        split(script).forEach(span -> statements.add(parse(span)));
        return statements;
    }

    /** The lexer turns these into tokens of their own so that they get a message of their own here. */
    private static void rejectLexicalErrors(List<Token> tokens, SourceText source) {
        boolean empty = true;
        for (Token token : tokens) {
            String problem = switch (token.getType()) {
                case HiveQLLexer.UNTERMINATED_STRING ->
                        "unterminated string literal: the quote " + token.getText().charAt(0) + " opened here is never closed";
                case HiveQLLexer.UNTERMINATED_BLOCK_COMMENT -> "unterminated comment: '/*' opened here has no closing '*/'";
                case HiveQLLexer.UNTERMINATED_BACKQUOTE ->
                        "unterminated quoted identifier: the backtick opened here is never closed";
                case HiveQLLexer.UNRECOGNIZED -> "unexpected character " + describe(token.getText())
                        + (token.getText().equals("$") ? " (variable substitution ${…} is not supported)" : "");
                default -> null;
            };
            if (problem != null) {
                String opening = token.getText().substring(0, Math.min(2, token.getText().length()));
                throw source.error(token.getLine(), token.getCharPositionInLine(), problem,
                        token.getType() == HiveQLLexer.UNRECOGNIZED ? token.getText() : opening, List.of(), null);
            }
            empty &= token.getChannel() == Token.HIDDEN_CHANNEL || token.getType() == Token.EOF;
        }
        if (empty) {
            throw source.error(1, 0, "empty statement: nothing to run", null, List.of(), null);
        }
    }

    private static String describe(String character) {
        int cp = character.codePointAt(0);
        return Character.isISOControl(cp) || Character.isWhitespace(cp)
                ? String.format("U+%04X", cp) : "'" + character + "'";
    }
}
