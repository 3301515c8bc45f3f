package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.Vocabulary;
import org.antlr.v4.runtime.atn.ATN;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * Turns ANTLR's set of expected token types into words a user understands: punctuation quoted
 * ({@code ','}), keywords upper case ({@code FROM}), and whole families folded into one phrase
 * ({@code an identifier} for names and non-reserved keywords, {@code an expression}, {@code an operator}).
 */
final class ExpectedTokens {
    /** Longer lists are cut here and end with "…". */
    static final int MAX_SHOWN = 15;

    private static final Set<Integer> NUMBERS = Set.of(HiveQLLexer.INTEGER_VALUE, HiveQLLexer.DECIMAL_VALUE,
            HiveQLLexer.DOUBLE_VALUE, HiveQLLexer.TINYINT_LITERAL, HiveQLLexer.SMALLINT_LITERAL,
            HiveQLLexer.BIGINT_LITERAL, HiveQLLexer.DECIMAL_LITERAL);

    private static final Set<Integer> OPERATORS = Set.of(HiveQLLexer.EQ, HiveQLLexer.NSEQ, HiveQLLexer.NEQ,
            HiveQLLexer.LT, HiveQLLexer.LTE, HiveQLLexer.GT, HiveQLLexer.GTE, HiveQLLexer.PLUS, HiveQLLexer.MINUS_SIGN,
            HiveQLLexer.STAR, HiveQLLexer.SLASH, HiveQLLexer.PERCENT, HiveQLLexer.CONCAT, HiveQLLexer.DIV,
            HiveQLLexer.AND, HiveQLLexer.OR, HiveQLLexer.IS, HiveQLLexer.LIKE, HiveQLLexer.RLIKE, HiveQLLexer.REGEXP,
            HiveQLLexer.IN, HiveQLLexer.BETWEEN, HiveQLLexer.NOT);

    /** Keywords that follow a clause, in the order they may be written; shown before other keywords. */
    private static final List<Integer> CLAUSE_ORDER = List.of(HiveQLLexer.FROM, HiveQLLexer.WHERE, HiveQLLexer.GROUP,
            HiveQLLexer.HAVING, HiveQLLexer.WINDOW, HiveQLLexer.UNION, HiveQLLexer.INTERSECT, HiveQLLexer.EXCEPT,
            HiveQLLexer.MINUS, HiveQLLexer.ORDER, HiveQLLexer.SORT, HiveQLLexer.CLUSTER, HiveQLLexer.DISTRIBUTE,
            HiveQLLexer.LIMIT, HiveQLLexer.JOIN, HiveQLLexer.ON, HiveQLLexer.USING, HiveQLLexer.AS);

    private static final Set<Integer> STRUCTURAL_KEYWORDS = Set.of(HiveQLLexer.SELECT, HiveQLLexer.FROM,
            HiveQLLexer.WHERE, HiveQLLexer.HAVING, HiveQLLexer.WINDOW, HiveQLLexer.UNION, HiveQLLexer.INTERSECT,
            HiveQLLexer.EXCEPT, HiveQLLexer.JOIN, HiveQLLexer.ON, HiveQLLexer.USING, HiveQLLexer.WITH, HiveQLLexer.INSERT,
            HiveQLLexer.CREATE, HiveQLLexer.DROP, HiveQLLexer.INTO, HiveQLLexer.TABLE, HiveQLLexer.SET, HiveQLLexer.BY,
            HiveQLLexer.AS, HiveQLLexer.AND, HiveQLLexer.OR, HiveQLLexer.NOT, HiveQLLexer.IS, HiveQLLexer.IN,
            HiveQLLexer.LIKE, HiveQLLexer.RLIKE, HiveQLLexer.REGEXP, HiveQLLexer.BETWEEN, HiveQLLexer.CASE,
            HiveQLLexer.WHEN, HiveQLLexer.THEN, HiveQLLexer.ELSE, HiveQLLexer.CAST, HiveQLLexer.EXISTS, HiveQLLexer.NULL,
            HiveQLLexer.TRUE, HiveQLLexer.FALSE, HiveQLLexer.ALL, HiveQLLexer.DISTINCT, HiveQLLexer.OVER);

    private final Vocabulary vocabulary;
    private final IntervalSet nonReserved;
    private final IntervalSet expressionStart;

    ExpectedTokens(ATN atn, Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
        this.nonReserved = atn.nextTokens(atn.ruleToStartState[HiveQL.RULE_nonReserved]);
        this.expressionStart = atn.nextTokens(atn.ruleToStartState[HiveQL.RULE_expression]);
    }

    List<String> describe(IntervalSet expected) {
        if (expected == null || expected.isNil()) {
            return List.of();
        }
        IntervalSet rest = new IntervalSet(expected);
        List<String> phrases = new ArrayList<>();
        if (rest.contains(HiveQLLexer.IDENTIFIER) && containsAll(rest, expressionStart)) {
            phrases.add("an expression");
            rest = rest.subtract(expressionStart);
        }
        if (rest.contains(HiveQLLexer.IDENTIFIER)) {
            phrases.add("an identifier");
            rest = rest.subtract(nonReserved);
            rest.remove(HiveQLLexer.IDENTIFIER);
            rest.remove(HiveQLLexer.BACKQUOTED_IDENTIFIER);
        }
        if (OPERATORS.stream().filter(rest::contains).count() >= 3) {
            phrases.add("an operator");
            OPERATORS.forEach(rest::remove);
        }
        if (rest.contains(HiveQLLexer.STRING)) {
            phrases.add("a string");
            rest.remove(HiveQLLexer.STRING);
        }
        if (NUMBERS.stream().anyMatch(rest::contains)) {
            phrases.add("a number");
            NUMBERS.forEach(rest::remove);
        }
        boolean endOfInput = rest.contains(Token.EOF);
        rest.remove(Token.EOF);

        List<String> punctuation = new ArrayList<>();
        List<Integer> keywordTypes = new ArrayList<>();
        for (int type : rest.toArray()) {
            String literal = type == HiveQLLexer.EQ ? "'='" : type == HiveQLLexer.NEQ ? "'<>'"
                    : vocabulary.getLiteralName(type);
            if (literal != null && !Character.isLetter(literal.charAt(1))) {
                punctuation.add(literal);
            } else {
                keywordTypes.add(type);
            }
        }
        keywordTypes.sort(Comparator.comparingInt(ExpectedTokens::rank).thenComparing(vocabulary::getSymbolicName));
        List<String> keywords = keywordTypes.stream().map(vocabulary::getSymbolicName).toList();
        List<String> all = new ArrayList<>(punctuation);
        all.addAll(keywords);
        all.addAll(phrases);
        if (endOfInput) {
            all.add("end of input");
        }
        return all;
    }

    /**
     * A reserved keyword people also use as a column or table name (DATE, ORDER, GROUP, ROWS …), as opposed
     * to one that shapes the statement (FROM, WHERE, AND …), where a hint about quoting would mislead.
     */
    boolean isNameLikeReservedKeyword(int type) {
        String literal = vocabulary.getLiteralName(type);
        return literal != null && Character.isLetter(literal.charAt(1)) && !nonReserved.contains(type)
                && !STRUCTURAL_KEYWORDS.contains(type);
    }

    private static int rank(int type) {
        int index = CLAUSE_ORDER.indexOf(type);
        return index < 0 ? CLAUSE_ORDER.size() : index;
    }

    private static boolean containsAll(IntervalSet set, IntervalSet subset) {
        return subset.subtract(set).isNil();
    }

    /** "expected FROM" or "expected one of ',', FROM, WHERE, …". */
    static String phrase(List<String> expected) {
        if (expected.isEmpty()) {
            return "";
        }
        if (expected.size() == 1) {
            return "expected " + expected.get(0);
        }
        List<String> shown = expected.size() > MAX_SHOWN ? expected.subList(0, MAX_SHOWN) : expected;
        return "expected one of " + String.join(", ", shown) + (expected.size() > MAX_SHOWN ? ", …" : "");
    }
}
