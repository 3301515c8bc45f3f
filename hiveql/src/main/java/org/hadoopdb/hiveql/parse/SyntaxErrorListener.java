package org.hadoopdb.hiveql.parse;

import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.ATNConfig;
import org.antlr.v4.runtime.atn.RuleStopState;
import org.antlr.v4.runtime.atn.Transition;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * Replaces ANTLR's console listener: the first syntax error becomes a {@link HiveQlSyntaxException}
 * naming the offending token and what was expected there; parsing stops at that error. When a
 * reserved keyword stands where a name could, the message says how to quote it.
 */
final class SyntaxErrorListener extends BaseErrorListener {
    private final SourceText source;

    SyntaxErrorListener(SourceText source) {
        this.source = source;
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int charPositionInLine,
                            String msg, RecognitionException e) {
        if (!(recognizer instanceof Parser parser) || !(offendingSymbol instanceof Token offending)) {
            // The lexer never reports: every input character matches some token (UNRECOGNIZED at worst).
            throw source.error(line, charPositionInLine, msg, null, List.of(), e);
        }
        Token at = offending;
        IntervalSet expectedSet;
        if (e instanceof NoViableAltException noViable) {
            expectedSet = tokensAtDeadEnd(noViable);
            if (expectedSet == null) {
                // Only the decision's own start is known: report there, with what could start it.
                at = noViable.getStartToken();
                expectedSet = noViable.getExpectedTokens();
            }
        } else {
            expectedSet = e != null && e.getExpectedTokens() != null ? e.getExpectedTokens() : parser.getExpectedTokens();
        }
        ExpectedTokens vocabulary = new ExpectedTokens(parser.getATN(), parser.getVocabulary());
        List<String> expected = vocabulary.describe(expectedSet);
        String reason = at.getType() == Token.EOF ? "syntax error at end of input"
                : "syntax error at '" + at.getText() + "'";
        String phrase = ExpectedTokens.phrase(expected);
        if (!phrase.isEmpty()) {
            reason += ": " + phrase;
        }
        Token keyword = misusedKeyword(at, offending, expectedSet, e, vocabulary);
        if (keyword != null) {
            reason += " ('" + keyword.getText() + "' is a reserved keyword: write `" + keyword.getText()
                    + "` to use it as a name)";
        }
        throw source.error(at, reason, expected, e);
    }

    /**
     * The tokens the parser could have accepted instead of the offending one, read from the ATN
     * configurations where prediction failed; null when some of them had left their rule, whose
     * continuation the configurations do not record.
     */
    private static IntervalSet tokensAtDeadEnd(NoViableAltException e) {
        if (e.getDeadEndConfigs() == null || e.getStartToken() == e.getOffendingToken()) {
            return null;
        }
        IntervalSet tokens = new IntervalSet();
        for (ATNConfig config : e.getDeadEndConfigs()) {
            if (config.state instanceof RuleStopState) {
                return null;
            }
            for (Transition transition : config.state.getTransitions()) {
                if (transition.label() != null) {
                    tokens.addAll(transition.label());
                }
            }
        }
        return tokens.isNil() ? null : tokens;
    }

    /** A reserved keyword written where a name fits: where a failed decision started, or at the error. */
    private static Token misusedKeyword(Token at, Token offending, IntervalSet expected, RecognitionException e,
                                        ExpectedTokens vocabulary) {
        if (e instanceof NoViableAltException noViable && noViable.getStartToken() != offending) {
            Token start = noViable.getStartToken();
            if (vocabulary.isNameLikeReservedKeyword(start.getType())
                    && noViable.getExpectedTokens().contains(HiveQLLexer.IDENTIFIER)) {
                return start;
            }
        }
        if (vocabulary.isNameLikeReservedKeyword(at.getType()) && expected.contains(HiveQLLexer.IDENTIFIER)) {
            return at;
        }
        return null;
    }
}
