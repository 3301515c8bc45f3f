package org.hadoopdb.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hadoopdb.runtime.expr.ExpressionHarness.eval;
import static org.hadoopdb.runtime.expr.ExpressionHarness.row;
import static org.hadoopdb.runtime.expr.ExpressionHarness.test;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Expressions BI tools and fuzzers write, compiled for MapReduce: filters of thousands of AND-ed or
 * OR-ed terms (one generated method cannot hold them), IN lists mixing strings and numbers (Hive
 * compares each kind in its own common type), string constants with every kind of escape.
 */
class LongAndMixedExpressionsTest {

    private static String chain(String op, int n, String term) {
        return IntStream.range(0, n).mapToObj(k -> term.replace("#", Integer.toString(k))).collect(Collectors.joining(" " + op + " "));
    }

    @Test
    void twoThousandAndedTermsCompile() {
        String filter = chain("AND", 2000, "upper(s) <> 'X#'");
        assertThat(test(filter, row("s", "y"))).isTrue();
        assertThat(test(filter, row("s", "x1999"))).isFalse();
        assertThat(test(filter, row())).isFalse();
    }

    @Test
    void thousandsOfOredTermsCompileAndKeepThreeValuedLogic() {
        String or = chain("OR", 3000, "upper(s) = 'X#'");
        assertThat(eval(or, row("s", "x2999"))).isEqualTo(true);
        assertThat(eval(or, row("s", "y"))).isEqualTo(false);
        assertThat(eval(or, row())).isNull();
        // a decisive term after NULL ones still decides
        assertThat(eval(or + " OR i = 1", row("i", 1))).isEqualTo(true);
    }

    @Test
    void anInListMixingStringsAndNumbersComparesEachKindInItsOwnType() {
        // Hive: id IN (1, 2.5) OR id IN ('a'); 2 is neither 1 nor 2.5, and 'a' is no number (NULL)
        assertThat(eval("i IN (1, 'a', 2.5)", row("i", 2))).isNull();
        assertThat(eval("i IN (1, 2.5)", row("i", 2))).isEqualTo(false);
        assertThat(eval("i IN (1, 'a', 2.5)", row("i", 1))).isEqualTo(true);
        assertThat(eval("i IN ('2', 3.5)", row("i", 2))).isEqualTo(true);
        assertThat(eval("i NOT IN (1, 'a', 2.5)", row("i", 2))).isNull();
        assertThat(eval("d IN (2.5, '2.5', 7)", row("d", 2.5))).isEqualTo(true);
    }

    @Test
    void stringConstantsWithEscapesCompile() {
        // control characters, quotes, backslashes, Hive's \\u escapes and a backslash before a 'u'
        assertThat(eval("concat(s, 'a\\u000ab', '\\\\u000a', '\"q\"', '\\'', '\\t\\u0000\\r\\n', '\u2028\u00e9')", row("s", "x")))
                .isEqualTo("xa\nb\\u000a\"q\"'\t\u0000\r\n\u2028\u00e9");
        assertThat(test("upper(s) = 'A\\nB\\\\'", row("s", "a\nb\\"))).isTrue();
    }
}
