package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hadoopdb.hiveql.parse.Parsing.expr;
import static org.hadoopdb.hiveql.parse.Parsing.expressionNode;
import static org.hadoopdb.hiveql.parse.Parsing.sql;

import java.math.BigDecimal;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Hive's lexical rules: case, quoting, comments, string escapes, literal types. */
class LexicalTest {

    private static String string(String literal) {
        return ((SqlCharStringLiteral) expressionNode(literal)).getValueAs(String.class);
    }

    @Nested
    class NamesAndComments {
        @Test
        void keywordsAndNamesAreCaseInsensitive() {
            assertThat(sql("sElEcT MyCol FrOm MyTable WhErE MyCol = 1"))
                    .isEqualTo("SELECT \"mycol\" FROM \"mytable\" WHERE \"mycol\" = 1");
        }

        @Test
        void backquotedNamesAreLowerCasedAndUnescaped() {
            assertThat(sql("SELECT `Select`, `a``b`, `with space` FROM `T`"))
                    .isEqualTo("SELECT \"select\", \"a`b\", \"with space\" FROM \"t\"");
        }

        @Test
        void nonReservedKeywordsAreNames() {
            assertThat(sql("SELECT year, month, day, data, comment, first, last FROM t sort"))
                    .isEqualTo("SELECT \"year\", \"month\", \"day\", \"data\", \"comment\", \"first\", \"last\" FROM \"t\" AS \"sort\"");
            assertThat(sql("SELECT x FROM t limit")).isEqualTo("SELECT \"x\" FROM \"t\" AS \"limit\"");
        }

        @Test
        void identifiersMayStartWithADigit() {
            assertThat(sql("SELECT 1st_col FROM t")).isEqualTo("SELECT \"1st_col\" FROM \"t\"");
        }

        @Test
        void commentsAreIgnored() {
            assertThat(sql("SELECT a -- the first column\n, /* the second\n one */ b FROM t -- done"))
                    .isEqualTo("SELECT \"a\", \"b\" FROM \"t\"");
        }

        @Test
        void hintCommentsAreIgnored() {
            assertThat(sql("SELECT /*+ MAPJOIN(u) */ a FROM t")).isEqualTo("SELECT \"a\" FROM \"t\"");
        }
    }

    @Nested
    class Strings {
        @Test
        void singleAndDoubleQuotes() {
            assertThat(string("'abc'")).isEqualTo("abc");
            assertThat(string("\"abc\"")).isEqualTo("abc");
            assertThat(string("'say \"hi\"'")).isEqualTo("say \"hi\"");
            assertThat(string("\"it's\"")).isEqualTo("it's");
        }

        @Test
        void hiveBackslashEscapes() {
            assertThat(string("'a\\'b'")).isEqualTo("a'b");
            assertThat(string("\"a\\\"b\"")).isEqualTo("a\"b");
            assertThat(string("'a\\\\b'")).isEqualTo("a\\b");
            assertThat(string("'\\n\\t\\r\\b\\Z'")).isEqualTo("\n\t\r\b\u001A");
            assertThat(string("'\\0'")).isEqualTo("\0");
            assertThat(string("'\\q'")).isEqualTo("q");
        }

        @Test
        void likeWildcardEscapesKeepTheirBackslash() {
            assertThat(string("'100\\%'")).isEqualTo("100\\%");
            assertThat(string("'a\\_b'")).isEqualTo("a\\_b");
        }

        @Test
        void octalAndUnicodeEscapes() {
            assertThat(string("'\\001'")).isEqualTo("\u0001");
            assertThat(string("'\\011'")).isEqualTo("\t");
            assertThat(string("'\\u00e9t\\u00E9'")).isEqualTo("été");
        }

        @Test
        void unicodeText() {
            assertThat(string("'日本語 ✓ 😀'")).isEqualTo("日本語 ✓ 😀");
        }

        @Test
        void adjacentLiteralsAreConcatenated() {
            assertThat(string("'a' 'b'  \"c\"")).isEqualTo("abc");
            assertThat(string("'it''s'")).isEqualTo("its");
        }

        @Test
        void everyStringLiteralIsUtf16() {
            SqlCharStringLiteral literal = (SqlCharStringLiteral) expressionNode("'x'");
            assertThat(literal.getNlsString().getCharsetName()).isEqualTo("UTF-16");
        }
    }

    @Nested
    class Numbers {
        private SqlNumericLiteral number(String literal) {
            return (SqlNumericLiteral) expressionNode(literal);
        }

        private SqlTypeName castType(String literal) {
            SqlCall cast = (SqlCall) expressionNode(literal);
            assertThat(cast.getKind()).isEqualTo(SqlKind.CAST);
            return SqlTypeName.get(((SqlDataTypeSpec) cast.operand(1)).getTypeName().getSimple());
        }

        @Test
        void integersAreExact() {
            assertThat(number("42").isExact()).isTrue();
            assertThat(number("42").getValueAs(Long.class)).isEqualTo(42L);
            assertThat(number("9999999999").isExact()).isTrue();
            assertThat(number("9223372036854775807").isExact()).isTrue();
        }

        @Test
        void integersBeyondBigintAreDoubles() {
            assertThat(number("9223372036854775808").isExact()).isFalse();
        }

        @Test
        void negativeNumbersAreFoldedIntoTheLiteral() {
            assertThat(number("-5").getValueAs(Long.class)).isEqualTo(-5L);
            assertThat(number("-9223372036854775808").isExact()).isTrue();
            assertThat(number("-1.5").getValueAs(BigDecimal.class)).isEqualByComparingTo("-1.5");
        }

        @Test
        void decimalAndScientificNotationAreDoubles() {
            assertThat(number("1.5").isExact()).isFalse();
            assertThat(number(".5").isExact()).isFalse();
            assertThat(number("1e3").isExact()).isFalse();
            assertThat(number("1.5E-3").getValueAs(BigDecimal.class)).isEqualByComparingTo("0.0015");
        }

        @Test
        void typeSuffixes() {
            assertThat(castType("1Y")).isEqualTo(SqlTypeName.TINYINT);
            assertThat(castType("1s")).isEqualTo(SqlTypeName.SMALLINT);
            assertThat(castType("1L")).isEqualTo(SqlTypeName.BIGINT);
            assertThat(expr("-128Y")).isEqualTo("CAST(-128 AS TINYINT)");
            assertThat(expr("32767S")).isEqualTo("CAST(32767 AS SMALLINT)");
        }

        @Test
        void decimalSuffixIsExact() {
            SqlNumericLiteral fraction = number("1.50BD");
            assertThat(fraction.isExact()).isTrue();
            assertThat(fraction.getPrec()).isEqualTo(3);
            assertThat(fraction.getScale()).isEqualTo(2);
            assertThat(expr("10BD")).isEqualTo("CAST(10 AS DECIMAL(2, 0))");
            assertThat(expr("1e2BD")).isEqualTo("CAST(100 AS DECIMAL(3, 0))");
        }

        @Test
        void suffixedLiteralsOutOfRangeAreErrors() {
            assertThatThrownBy(() -> expr("128Y")).isInstanceOf(HiveQlSyntaxException.class)
                    .hasMessageContaining("TINYINT literal 128 is out of range [-128, 127]");
            assertThatThrownBy(() -> expr("40000S")).hasMessageContaining("SMALLINT literal 40000 is out of range");
            assertThatThrownBy(() -> expr("9223372036854775808L")).hasMessageContaining("BIGINT literal");
        }
    }

    @Nested
    class OtherLiterals {
        @Test
        void booleansAndNull() {
            assertThat(((SqlLiteral) expressionNode("TRUE")).booleanValue()).isTrue();
            assertThat(((SqlLiteral) expressionNode("false")).booleanValue()).isFalse();
            assertThat(expressionNode("NULL").getKind()).isEqualTo(SqlKind.LITERAL);
            assertThat(expr("null")).isEqualTo("NULL");
        }

        @Test
        void dateAndTimestampLiterals() {
            assertThat(expr("DATE '2000-01-15'")).isEqualTo("DATE '2000-01-15'");
            assertThat(expr("DATE '2000-1-5'")).isEqualTo("DATE '2000-01-05'");
            assertThat(expr("TIMESTAMP '2000-01-15 10:20:30'")).isEqualTo("TIMESTAMP '2000-01-15 10:20:30'");
            assertThat(expr("TIMESTAMP '2000-01-15 10:20:30.123456789'"))
                    .isEqualTo("TIMESTAMP '2000-01-15 10:20:30.123456789'");
            assertThat(expr("TIMESTAMP '2000-01-15'")).isEqualTo("TIMESTAMP '2000-01-15 00:00:00'");
        }

        @Test
        void invalidDatesAreErrors() {
            assertThatThrownBy(() -> expr("DATE '2000-02-30'")).isInstanceOf(HiveQlSyntaxException.class)
                    .hasMessageContaining("invalid DATE literal '2000-02-30'");
            assertThatThrownBy(() -> expr("DATE 'today'")).hasMessageContaining("expected 'yyyy-mm-dd'");
            assertThatThrownBy(() -> expr("TIMESTAMP '2000-01-01 25:00:00'"))
                    .hasMessageContaining("invalid TIMESTAMP literal");
        }

        @Test
        void intervalLiterals() {
            assertThat(expr("INTERVAL '90' DAY")).isEqualTo("INTERVAL '90' DAY");
            assertThat(expr("INTERVAL '365' DAY")).isEqualTo("INTERVAL '365' DAY(3)");
            assertThat(expr("INTERVAL 1 YEAR")).isEqualTo("INTERVAL '1' YEAR");
            assertThat(expr("INTERVAL '1-2' YEAR TO MONTH")).isEqualTo("INTERVAL '1-2' YEAR TO MONTH");
            assertThat(expr("INTERVAL -'3' HOUR")).isEqualTo("INTERVAL -'3' HOUR");
            assertThat(expr("d - INTERVAL '1 02:03:04' DAY TO SECOND"))
                    .isEqualTo("\"d\" - INTERVAL '1 02:03:04' DAY TO SECOND");
        }

        @Test
        void hivesIntervalShorthandAndPluralUnits() {
            assertThat(expr("DATE '2001-01-12' + 30 days"))
                    .isEqualTo("DATE '2001-01-12' + INTERVAL '30' DAY");
            assertThat(expr("d - 3 MONTHS")).isEqualTo("\"d\" - INTERVAL '3' MONTH");
            assertThat(expr("'1-2' year to month")).isEqualTo("INTERVAL '1-2' YEAR TO MONTH");
            assertThat(expr("INTERVAL 2 HOURS")).isEqualTo("INTERVAL '2' HOUR");
            assertThat(expr("ts + 10 minutes + 5 seconds + 1 years"))
                    .isEqualTo("\"ts\" + INTERVAL '10' MINUTE + INTERVAL '5' SECOND + INTERVAL '1' YEAR");
        }

        @Test
        void pluralUnitsStayUsableAsNames() {
            assertThat(expr("days + `hours`")).isEqualTo("\"days\" + \"hours\"");
        }
    }
}
