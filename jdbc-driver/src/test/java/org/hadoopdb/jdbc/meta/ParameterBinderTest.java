package org.hadoopdb.jdbc.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.junit.jupiter.api.Test;

class ParameterBinderTest {

    private static String bound(String sql, Object... values) {
        return ((QueryStatement) ParameterBinder.bind(sql, Arrays.asList(values))).query().toString().replace("\n", " ");
    }

    @Test
    void markersAreFoundOutsideQuotesCommentsAndBackticks() {
        assertThat(ParameterBinder.count("SELECT '?', \"?\", `a?b` FROM t -- ?\n WHERE a = ? /* ? */ AND b = ?")).isEqualTo(2);
        assertThat(ParameterBinder.count("SELECT 'it\\'s ?' FROM t WHERE a = ?")).isEqualTo(1);
        assertThat(ParameterBinder.count("SELECT 1")).isZero();
    }

    @Test
    void aLineCommentEndsAtACarriageReturnAsInTheLexer() {
        assertThat(ParameterBinder.count("SELECT a FROM t -- a ?\r WHERE a = ?")).isEqualTo(1);
    }

    @Test
    void valuesBecomeTypedLiterals() {
        String sql = bound("SELECT a FROM t WHERE a = ? AND b = ? AND c = ? AND d = ? AND e = ? AND f = ? AND g = ? AND h = ?",
                42, 7L, new BigDecimal("1.50"), "x", LocalDate.of(2000, 1, 2), LocalDateTime.of(2000, 1, 2, 3, 4, 5), 2.5, null);
        assertThat(sql).contains("`a` = 42 AND `b` = CAST(7 AS BIGINT) AND `c` = 1.50 AND `d` = _UTF-16'x' AND "
                + "`e` = DATE '2000-01-02' AND `f` = TIMESTAMP '2000-01-02 03:04:05.000000000' AND `g` = 2.5E0 AND `h` = NULL");
    }

    @Test
    void quotesInAValueStayInsideTheValue() {
        String sql = bound("SELECT a FROM t WHERE b = ?", "x' OR '1'='1");
        assertThat(sql).contains("'x'' OR ''1''=''1'").doesNotContain(" OR '1'='1'");
        assertThat(bound("SELECT a FROM t WHERE b = ?", "back\\slash'")).contains("'back\\slash'''");
    }

    @Test
    void syntaxErrorsShowTheQuestionMarks() {
        assertThatThrownBy(() -> ParameterBinder.bind("SELECT a FROM t WHERE a IS ?", List.of(1)))
                .isInstanceOf(PlannerException.class).hasMessageContaining("syntax error at '?'")
                .hasMessageNotContaining("hadoopdb-parameter");
    }

    @Test
    void insertSelectTakesParameters() {
        var s = (InsertTableStatement) ParameterBinder.bind("INSERT INTO TABLE u SELECT a FROM t WHERE b = ?", List.of(3));
        assertThat(s.query().toString()).contains("= 3");
    }

    @Test
    void parametersWhereNoValueMayStandAreRefused() {
        assertThatThrownBy(() -> ParameterBinder.bind("SELECT a FROM t WHERE b = ?", List.of()))
                .isInstanceOf(PlannerException.class).hasMessageContaining("1 ? parameter(s) but 0");
        assertThatThrownBy(() -> ParameterBinder.bind("LOAD DATA LOCAL INPATH ? INTO TABLE t", List.of("/tmp/x")))
                .isInstanceOf(PlannerException.class).hasMessageContaining("queries and INSERT");
        assertThatThrownBy(() -> ParameterBinder.bind("SELECT a FROM t WHERE b = ?", List.of(new Object())))
                .isInstanceOf(PlannerException.class).hasMessageContaining("Parameter 1");
    }

    @Test
    void limitAndOffsetCountsTakeParameters() {
        assertThat(bound("SELECT a FROM t WHERE b = ? ORDER BY a LIMIT ?", "x", 5)).contains("FETCH NEXT 5 ROWS ONLY");
        assertThat(bound("SELECT a FROM t ORDER BY a LIMIT ? OFFSET ?", 5L, new BigDecimal("2"))).contains("OFFSET 2 ROWS");
        assertThat(bound("SELECT a FROM t ORDER BY a LIMIT ?, ?", 2, "5")).contains("OFFSET 2 ROWS").contains("FETCH NEXT 5 ROWS");
        assertThat(bound("SELECT a FROM t WHERE b = 'limit ?' LIMIT ?", 1)).contains("FETCH NEXT 1 ROWS");
        for (Object wrong : new Object[] {-1, 2.5, "1; DROP TABLE t", 3_000_000_000L}) {
            assertThatThrownBy(() -> bound("SELECT a FROM t LIMIT ?", wrong)).as("%s", wrong)
                    .isInstanceOf(PlannerException.class).hasMessageContaining("LIMIT");
        }
    }
}
