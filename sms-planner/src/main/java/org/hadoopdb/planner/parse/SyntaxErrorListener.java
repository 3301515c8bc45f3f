package org.hadoopdb.planner.parse;

import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * Replaces ANTLR's console listener: the first syntax error becomes a {@link HiveQlSyntaxException}
 * naming the offending token and what was expected there; parsing stops at that error.
 */
final class SyntaxErrorListener extends BaseErrorListener {
    private final SourceText source;

    SyntaxErrorListener(SourceText source) {
        this.source = source;
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int charPositionInLine,
                            String msg, RecognitionException e) {
        if (!(recognizer instanceof Parser parser) || !(offendingSymbol instanceof Token token)) {
            // The lexer never reports: every input character matches some token (UNRECOGNIZED at worst).
            throw source.error(line, charPositionInLine, msg, null, java.util.List.of(), e);
        }
        IntervalSet expectedSet = e != null && e.getExpectedTokens() != null ? e.getExpectedTokens()
                : parser.getExpectedTokens();
        var expected = new ExpectedTokens(parser.getATN(), parser.getVocabulary()).describe(expectedSet);
        String at = token.getType() == Token.EOF ? "syntax error at end of input" : "syntax error at '" + token.getText() + "'";
        String phrase = ExpectedTokens.phrase(expected);
        throw source.error(token, phrase.isEmpty() ? at : at + ": " + phrase, expected, e);
    }
}
