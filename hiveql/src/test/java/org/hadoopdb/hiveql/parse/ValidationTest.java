package org.hadoopdb.hiveql.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.type.RelDataType;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Representative parsed queries pass Calcite's validator and SqlToRelConverter. */
class ValidationTest {
    private static final CalciteValidation CALCITE = new CalciteValidation();

    static Stream<String> queries() {
        return Stream.of(
                "SELECT a, b FROM t WHERE a > 1 AND b = 'x'",
                "SELECT DISTINCT T.A AS first, `B` FROM default.T",
                "SELECT t.*, u.k FROM t JOIN u ON t.x = u.x",
                "SELECT * FROM t LEFT OUTER JOIN u ON t.x = u.x RIGHT JOIN uservisits v ON v.sourceip = u.b",
                "SELECT * FROM t FULL OUTER JOIN u USING (x)",
                "SELECT * FROM t, u WHERE t.x = u.x",
                "SELECT * FROM t, u JOIN rankings r ON t.b = r.pageurl",
                "SELECT * FROM t CROSS JOIN u",
                "SELECT * FROM t JOIN u",
                "SELECT * FROM t a1 JOIN t a2 ON a1.a = a2.x",
                "SELECT t.a FROM t LEFT SEMI JOIN u ON t.x = u.x WHERE t.a > 0",
                "SELECT t.a FROM t LEFT SEMI JOIN u ON t.x = u.x LEFT JOIN rankings r ON r.pageurl = t.b",
                "SELECT s.a FROM (SELECT a FROM t) s",
                "SELECT * FROM (SELECT a FROM t)",
                "SELECT a FROM t WHERE x IN (SELECT x FROM u) AND a NOT IN (1, 2, 3)",
                "SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.x = t.x) AND NOT EXISTS (SELECT 1 FROM u WHERE u.k = t.a)",
                "SELECT a, (SELECT max(k) FROM u) FROM t WHERE c > (SELECT avg(c) FROM t)",
                "SELECT a, row_number() OVER (PARTITION BY b ORDER BY c DESC) FROM t",
                "SELECT a, sum(c) OVER (PARTITION BY b ORDER BY a ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM t",
                "SELECT a, rank() OVER w, lag(c, 1) OVER w, avg(c) OVER (w ROWS 2 PRECEDING) FROM t WINDOW w AS (PARTITION BY b ORDER BY a)",
                "SELECT b, d, count(*), sum(c) FROM t GROUP BY b, d WITH ROLLUP",
                "SELECT b, d, count(*) FROM t GROUP BY CUBE(b, d)",
                "SELECT b, d, count(*) FROM t GROUP BY GROUPING SETS ((b, d), (b), ())",
                "SELECT b, d, count(*) FROM t GROUP BY b, d GROUPING SETS ((b, d), b)",
                "SELECT b, count(DISTINCT a), count(DISTINCT a, x), sum(DISTINCT c), count(*) FROM t GROUP BY b HAVING count(*) > 1",
                "WITH v AS (SELECT a, b FROM t), w (k2) AS (SELECT k FROM u) SELECT * FROM v JOIN w ON v.a = w.k2 ORDER BY a",
                "SELECT a FROM t UNION ALL SELECT x FROM u UNION SELECT k FROM u ORDER BY a DESC LIMIT 3",
                "SELECT a FROM t INTERSECT SELECT x FROM u EXCEPT SELECT k FROM u",
                "SELECT a, b FROM t ORDER BY a DESC NULLS FIRST, b LIMIT 10, 5",
                "SELECT a, b FROM t SORT BY b DISTRIBUTE BY a",
                "SELECT a, b FROM t CLUSTER BY a",
                "SELECT a FROM t LIMIT 7",
                "SELECT b FROM t WHERE b LIKE 'a\\_b%' AND s NOT LIKE 'x\\y%' AND b RLIKE '^a.*' AND s NOT REGEXP 'z'",
                "SELECT a / x, a DIV x, a % x, -a, +c, 1.5 * a, 2L + a, 1Y, 1S, 3.25BD, 10BD, 1e3 FROM t",
                "SELECT a FROM t WHERE a BETWEEN 1 AND 10 AND x NOT BETWEEN -1 AND 1 AND a IS NOT NULL AND b IS NULL",
                "SELECT a <=> x, a == x, a != x, a IS DISTINCT FROM x, (a > 1) IS TRUE FROM t",
                "SELECT CASE WHEN a > 1 THEN 'big' WHEN a > 0 THEN 'small' ELSE 'none' END, CASE a WHEN 1 THEN 'one' END FROM t",
                "SELECT CAST(a AS STRING), CAST(b AS INT), CAST(c AS DECIMAL(10,2)), CAST(a AS BIGINT), CAST(b AS DATE), CAST(a AS DOUBLE) FROM t",
                "SELECT if(a > 1, 'x', 'y'), left(b, 2), right(b, 1), concat(b, s), b || s || 'z', coalesce(b, s), upper(b) FROM t",
                "SELECT d + INTERVAL '90' DAY, d - INTERVAL 1 YEAR, year(d), EXTRACT(month FROM d) FROM t WHERE d >= DATE '2000-01-15'",
                "SELECT TIMESTAMP '2000-01-15 10:00:00' FROM t",
                "SELECT sourceIP, SUM(adRevenue), AVG(pageRank) FROM Rankings R JOIN (SELECT sourceIP, destURL, adRevenue "
                        + "FROM UserVisits UV WHERE UV.visitDate BETWEEN DATE '2000-01-15' AND DATE '2000-01-22') NUV "
                        + "ON (R.pageURL = NUV.destURL) GROUP BY sourceIP ORDER BY SUM(adRevenue) DESC LIMIT 1",
                "SELECT count(*) FROM t",
                "SELECT 1 + 1, 'x', NULL, TRUE");
    }

    @Test
    void orderByCarriesHiveNullDirectionsAndOrdinalsIntoThePlan() {
        QueryStatement statement = (QueryStatement) HiveQlParser.parse(
                SourceSpan.of("SELECT a, b, c FROM t ORDER BY 2 DESC, a, c DESC NULLS FIRST"));
        RelCollation collation = CALCITE.convert(statement.query()).collation;
        assertThat(collation.getFieldCollations()).containsExactly(
                new RelFieldCollation(1, RelFieldCollation.Direction.DESCENDING, RelFieldCollation.NullDirection.LAST),
                new RelFieldCollation(0, RelFieldCollation.Direction.ASCENDING, RelFieldCollation.NullDirection.FIRST),
                new RelFieldCollation(2, RelFieldCollation.Direction.DESCENDING, RelFieldCollation.NullDirection.FIRST));
    }

    @ParameterizedTest
    @MethodSource("queries")
    void validatesAndConverts(String hiveql) {
        QueryStatement statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(hiveql));
        RelDataType rowType = CALCITE.validateAndConvert(statement.query());
        assertThat(rowType.getFieldCount()).isPositive();
    }
}
