package org.hadoopdb.jdbc.client.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.junit.jupiter.api.Test;

class HiveQlLiteralsTest {

    /** What HadoopDB's own parser reads from {@code SELECT <literal>}. */
    private static SqlNode parsed(String literal) {
        QueryStatement q = (QueryStatement) HiveQlParser.parseScript("SELECT " + literal).get(0);
        return ((SqlSelect) q.query()).getSelectList().get(0);
    }

    @Test
    void stringsReadBackExactlyThroughHiveQlsParser() {
        for (String s : new String[] {"plain", "it's", "back\\slash", "\\'", "50% of a_b", "\\%", "tab\tnew\nline",
                "\"double\"", "`tick`", "--not a comment", "ünï©ødé 🙂", "", "ends with \\"}) {
            String literal = HiveQlLiterals.of(s);
            assertThat(((SqlLiteral) parsed(literal)).getValueAs(String.class)).as(literal).isEqualTo(s);
        }
        assertThat(HiveQlLiterals.of("it's a \\ b")).isEqualTo("'it\\'s a \\\\ b'");
    }

    @Test
    void numbersKeepTheirTypeAndNegativesTheirParentheses() {
        assertThat(HiveQlLiterals.of(42)).isEqualTo("42");
        assertThat(HiveQlLiterals.of(-42)).isEqualTo("(-42)");
        assertThat(HiveQlLiterals.of(Long.MIN_VALUE)).isEqualTo("(-9223372036854775808)");
        assertThat(HiveQlLiterals.of((byte) 7)).isEqualTo("7");
        assertThat(HiveQlLiterals.of(new BigDecimal("-12.50"))).isEqualTo("(-12.50BD)");
        assertThat(HiveQlLiterals.of(new BigDecimal("1E+3"))).isEqualTo("1000BD");
        assertThat(HiveQlLiterals.of(1.5)).isEqualTo("1.5");
        assertThat(HiveQlLiterals.of(1e300)).isEqualTo("1.0E300");
        assertThat(HiveQlLiterals.of(0.1f)).isEqualTo("CAST(0.10000000149011612 AS FLOAT)");
        assertThat(HiveQlLiterals.of(true)).isEqualTo("TRUE");
        assertThat(HiveQlLiterals.of(null)).isEqualTo("NULL");
        assertThat(HiveQlLiterals.of(new Object[] {1, "a", null})).isEqualTo("1, 'a', NULL");
        // every form parses as HiveQL
        for (Object v : new Object[] {-42, Long.MIN_VALUE, new BigDecimal("-12.50"), 1e300, -0.1f, 2.5e-7}) {
            assertThat(parsed(HiveQlLiterals.of(v))).as(v.toString()).isNotNull();
        }
        // a minus before a negative literal stays a minus, not a comment
        assertThat(parsed("-" + HiveQlLiterals.of(-5)).toString()).isEqualTo("- -5");
    }

    @Test
    void datesAndTimestampsAreWallClockLiterals() {
        assertThat(HiveQlLiterals.of(LocalDate.of(2024, 3, 1))).isEqualTo("DATE '2024-03-01'");
        assertThat(HiveQlLiterals.of(java.sql.Date.valueOf("0999-12-31"))).isEqualTo("DATE '0999-12-31'");
        assertThat(HiveQlLiterals.of(LocalDateTime.of(2024, 3, 1, 9, 5, 7))).isEqualTo("TIMESTAMP '2024-03-01 09:05:07'");
        assertThat(HiveQlLiterals.of(Timestamp.valueOf("2024-03-01 09:05:07.12"))).isEqualTo("TIMESTAMP '2024-03-01 09:05:07.12'");
        assertThat(HiveQlLiterals.of(LocalDateTime.of(2024, 3, 1, 0, 0, 0, 123_456_789)))
                .isEqualTo("TIMESTAMP '2024-03-01 00:00:00.123456789'");
        Instant instant = LocalDateTime.of(2024, 7, 1, 12, 30).atZone(ZoneId.systemDefault()).toInstant();
        assertThat(HiveQlLiterals.of(instant)).isEqualTo("TIMESTAMP '2024-07-01 12:30:00'");
        assertThat(parsed(HiveQlLiterals.of(LocalDateTime.of(2024, 3, 1, 0, 0, 0, 123_456_789)))).isNotNull();
        assertThat(parsed(HiveQlLiterals.of(LocalDate.of(2024, 3, 1)))).isNotNull();
    }

    @Test
    void valuesHiveQlCannotWriteAreRefusedSoSparkFiltersThemItself() {
        assertThatThrownBy(() -> HiveQlLiterals.of(Double.NaN)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
        assertThatThrownBy(() -> HiveQlLiterals.of(Float.NEGATIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HiveQlLiterals.of(new byte[] {1})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[B");
        assertThatThrownBy(() -> HiveQlLiterals.of(LocalDate.of(10000, 1, 1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("years 1 to 9999");
    }
}
