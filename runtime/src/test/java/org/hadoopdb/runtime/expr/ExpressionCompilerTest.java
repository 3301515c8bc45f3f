package org.hadoopdb.runtime.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hadoopdb.runtime.expr.ExpressionHarness.eval;
import static org.hadoopdb.runtime.expr.ExpressionHarness.row;
import static org.hadoopdb.runtime.expr.ExpressionHarness.test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/** The standard operators compiled to Java: three-valued logic, Hive's arithmetic, CASE, CAST, LIKE, IN, dates. */
class ExpressionCompilerTest {

    @Test
    void threeValuedLogic() {
        // n is NULL: NULL AND FALSE is FALSE, NULL OR TRUE is TRUE, otherwise NULL
        assertThat(eval("n > 1 AND i > 1", row("i", 0))).isEqualTo(false);
        assertThat(eval("n > 1 AND i > 1", row("i", 5))).isNull();
        assertThat(eval("n > 1 OR i > 1", row("i", 5))).isEqualTo(true);
        assertThat(eval("n > 1 OR i > 1", row("i", 0))).isNull();
        assertThat(eval("NOT (n > 1)", row())).isNull();
        assertThat(eval("n IS NULL", row())).isEqualTo(true);
        assertThat(eval("i IS NOT NULL", row("i", 1))).isEqualTo(true);
        assertThat(eval("n <=> i", row("i", 1))).isEqualTo(false);
        assertThat(eval("n <=> n", row())).isEqualTo(true);
        assertThat(test("n > 1 OR i = 3", row("i", 3))).isTrue();
        assertThat(test("NOT (n > 1)", row("i", 3))).isFalse();
    }

    @Test
    void stringLiteralsWithLineBreaksCompile() {
        // a \\u000a escape in Java source is a line break inside the literal (found by StatementFuzzIT)
        assertThat(eval("concat(s, 'x\\ny\\rz', '\u2028\u0000\u0007')", row("s", "a")))
                .isEqualTo("ax\ny\rz\u2028\u0000\u0007");
    }

    @Test
    void integerArithmeticWrapsAndDivisionIsDouble() {
        assertThat(eval("i + 1", row("i", Integer.MAX_VALUE))).isEqualTo(Integer.MIN_VALUE);
        assertThat(eval("b * 2", row("b", Long.MAX_VALUE))).isEqualTo(-2L);
        assertThat(eval("i / 2", row("i", 7))).isEqualTo(3.5);
        assertThat(eval("i / 0", row("i", 7))).isNull();
        assertThat(eval("i DIV 2", row("i", -7))).isEqualTo(-3L);
        assertThat(eval("i DIV 0", row("i", -7))).isNull();
        assertThat(eval("i % 3", row("i", -7))).isEqualTo(-1);
        assertThat(eval("i % 0", row("i", -7))).isNull();
        assertThat(eval("-i", row("i", Integer.MIN_VALUE))).isEqualTo(Integer.MIN_VALUE);
        assertThat(eval("d * 2", row("d", 1.5))).isEqualTo(3.0);
        assertThat(eval("i + n", row("i", 1))).isNull();
    }

    @Test
    void decimalArithmeticKeepsTheResultScale() {
        assertThat(eval("m + m", row("m", new BigDecimal("1.25")))).isEqualTo(new BigDecimal("2.50"));
        assertThat(eval("m * m", row("m", new BigDecimal("1.25")))).isEqualTo(new BigDecimal("1.5625"));
        assertThat(eval("m / 0", row("m", new BigDecimal("1.25")))).isNull();
        assertThat(eval("m - 1", row("m", new BigDecimal("1.25")))).isEqualTo(new BigDecimal("0.25"));
    }

    @Test
    void caseAndComparisons() {
        String c = "CASE WHEN i > 10 THEN 'big' WHEN i > 5 THEN 'medium' ELSE 'small' END";
        assertThat(eval(c, row("i", 11))).isEqualTo("big");
        assertThat(eval(c, row("i", 6))).isEqualTo("medium");
        assertThat(eval(c, row("i", 1))).isEqualTo("small");
        assertThat(eval(c, row())).isEqualTo("small");
        assertThat(eval("CASE i WHEN 1 THEN 'one' END", row("i", 2))).isNull();
        assertThat(eval("s < s2", row("s", "\uFFFF", "s2", "\uD83D\uDE00"))).isEqualTo(true); // code point order
        assertThat(eval("i = b", row("i", 3, "b", 3L))).isEqualTo(true);
        assertThat(eval("i < d", row("i", 3, "d", 3.5))).isEqualTo(true);
        assertThat(eval("m = 1.25", row("m", new BigDecimal("1.25")))).isEqualTo(true);
    }

    @Test
    void castGivesNullForTextThatDoesNotParse() {
        assertThat(eval("CAST(s AS INT)", row("s", "12"))).isEqualTo(12);
        assertThat(eval("CAST(s AS INT)", row("s", " -12.7 "))).isEqualTo(-12);
        assertThat(eval("CAST(s AS INT)", row("s", "abc"))).isNull();
        assertThat(eval("CAST(s AS INT)", row("s", "99999999999"))).isNull();
        assertThat(eval("CAST(s AS DOUBLE)", row("s", "1e3"))).isEqualTo(1000.0);
        assertThat(eval("CAST(s AS DATE)", row("s", "2024-02-30"))).isNull();
        assertThat(eval("CAST(s AS DATE)", row("s", "2024-02-29"))).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(eval("CAST(s AS TIMESTAMP)", row("s", "2024-02-29 10:11:12.5")))
                .isEqualTo(LocalDateTime.of(2024, 2, 29, 10, 11, 12, 500_000_000));
        assertThat(eval("CAST(s AS DECIMAL(5,2))", row("s", "123.455"))).isEqualTo(new BigDecimal("123.46"));
        assertThat(eval("CAST(s AS DECIMAL(5,2))", row("s", "1234.5"))).isNull();
        assertThat(eval("CAST(b AS INT)", row("b", 4294967297L))).isEqualTo(1); // wraps like Java
        assertThat(eval("CAST(d AS INT)", row("d", -2.9))).isEqualTo(-2);
        assertThat(eval("CAST(d AS STRING)", row("d", 1e10))).isEqualTo("1.0E10");
        assertThat(eval("CAST(bo AS STRING)", row("bo", true))).isEqualTo("TRUE");
        assertThat(eval("CAST(i AS BOOLEAN)", row("i", 2))).isEqualTo(true);
        assertThat(eval("CAST(ts AS STRING)", row("ts", LocalDateTime.of(2020, 1, 2, 3, 4, 5, 100_000_000))))
                .isEqualTo("2020-01-02 03:04:05.1");
        assertThat(eval("CAST(s AS VARCHAR(3))", row("s", "abcdef"))).isEqualTo("abc");
    }

    @Test
    void likeInAndBetween() {
        assertThat(test("s LIKE 'a%c'", row("s", "abxc"))).isTrue();
        assertThat(test("s LIKE 'a_c'", row("s", "abxc"))).isFalse();
        assertThat(test("s LIKE 'a\\\\%'", row("s", "a%"))).isTrue();
        assertThat(test("s LIKE 'a\\\\%'", row("s", "ab"))).isFalse();
        assertThat(test("s LIKE '%x%'", row("s", "a\nx"))).isTrue();
        assertThat(test("s NOT LIKE 'a%'", row("s", "b"))).isTrue();
        assertThat(test("s LIKE s2", row("s", "a_b", "s2", "a\\_b"))).isTrue();
        assertThat(test("i IN (1, 2, 3)", row("i", 2))).isTrue();
        assertThat(test("i NOT IN (1, 2, 3)", row("i", 4))).isTrue();
        assertThat(test("i NOT IN (1, 2, 3)", row())).isFalse();
        assertThat(test("i BETWEEN 2 AND 4", row("i", 4))).isTrue();
        assertThat(test("s RLIKE 'b+c$'", row("s", "abbc"))).isTrue();
        assertThat(test("s RLIKE s2", row("s", "abbc", "s2", "^a"))).isTrue();
    }

    @Test
    void dateArithmetic() {
        assertThat(eval("dt + INTERVAL '90' DAY", row("dt", LocalDate.of(1998, 12, 1)))).isEqualTo(LocalDate.of(1999, 3, 1));
        assertThat(eval("dt - INTERVAL '3' MONTH", row("dt", LocalDate.of(1998, 5, 31)))).isEqualTo(LocalDate.of(1998, 2, 28));
        assertThat(test("dt < DATE '1998-12-01' - INTERVAL '90' DAY", row("dt", LocalDate.of(1998, 9, 1)))).isTrue();
        assertThat(eval("ts + INTERVAL '1' HOUR", row("ts", LocalDateTime.of(2000, 1, 1, 23, 30))))
                .isEqualTo(LocalDateTime.of(2000, 1, 2, 0, 30));
        assertThat(eval("EXTRACT(YEAR FROM dt)", row("dt", LocalDate.of(1998, 12, 1)))).isEqualTo(1998);
        assertThat(test("dt > '1998-01-01'", row("dt", LocalDate.of(1998, 12, 1)))).isTrue();
    }

    @Test
    void hivesIntervalShorthand() {
        assertThat(eval("dt + 30 days", row("dt", LocalDate.of(2001, 1, 12)))).isEqualTo(LocalDate.of(2001, 2, 11));
        assertThat(eval("dt + 1 month", row("dt", LocalDate.of(2000, 1, 31)))).isEqualTo(LocalDate.of(2000, 2, 29));
        assertThat(eval("ts - 90 minutes", row("ts", LocalDateTime.of(2000, 1, 1, 1, 0))))
                .isEqualTo(LocalDateTime.of(1999, 12, 31, 23, 30));
        assertThat(eval("ts + '1-2' year to month", row("ts", LocalDateTime.of(2000, 1, 1, 1, 0))))
                .isEqualTo(LocalDateTime.of(2001, 3, 1, 1, 0));
        assertThat(eval("dt + -30 days", row("dt", LocalDate.of(2001, 2, 11)))).isEqualTo(LocalDate.of(2001, 1, 12));
        // a DATE stays a DATE (Hive: a TIMESTAMP); as in PostgreSQL's CAST(d + interval AS DATE), the part of a day goes
        assertThat(eval("dt + 26 hours", row("dt", LocalDate.of(2001, 2, 11)))).isEqualTo(LocalDate.of(2001, 2, 12));
        assertThat(eval("dt - 26 hours", row("dt", LocalDate.of(2001, 2, 11)))).isEqualTo(LocalDate.of(2001, 2, 9));
    }
}
