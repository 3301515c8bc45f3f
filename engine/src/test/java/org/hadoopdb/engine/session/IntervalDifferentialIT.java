package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.Differential;
import org.hadoopdb.planner.SemanticException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interval literals (Hive's {@code 30 days} shorthand, {@code INTERVAL 'n' unit}, year-to-month and
 * day-to-second) added to dates and timestamps, both where PostgreSQL computes them (pushed into the
 * chunks) and where MapReduce does (above an aggregate that merges in the reducers). Each answer
 * must equal one PostgreSQL's on the same rows; a DATE plus a day-time interval stays a DATE.
 */
class IntervalDifferentialIT {
    private static final String ROWS = """
            1|1|2001-01-12|2001-01-12 10:20:30
            2|1|2000-01-31|2000-01-31 23:59:59.5
            3|2|2000-02-29|2000-02-29 00:00:00
            4|2|1999-12-31|1999-12-31 22:00:00
            5|3|\\N|\\N
            6|\\N|2001-03-01|2001-03-01 01:30:00
            7|3|2024-08-31|2024-08-31 12:00:00.123
            8|2|2001-02-10|2001-02-11 00:00:00
            """;
    private static HadoopDbEngine engine;
    private static Session session;
    private static Differential diff;

    @TempDir
    static Path files;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        session = engine.openSession(Map.of());
        NodeInfo reference = engine.catalog().nodes().get(0);
        diff = new Differential(session, engine, reference, "interval_reference", 9);
        diff.load(List.of(new Differential.Table("iv", "k INT, g INT, d DATE, ts TIMESTAMP", "k int, g int, d date, ts timestamp", "k")),
                Map.of("iv", ROWS), files);
    }

    @AfterAll
    static void stop() throws SQLException {
        diff.dropReference();
        session.close();
        engine.close();
    }

    private record Query(String hive, String pg) {
    }

    static List<Query> queries() {
        return List.of(
            // pushed into the chunks
            new Query("SELECT k, d + 30 days, d - 30 DAYS FROM iv",
                    "SELECT k, CAST(d + interval '30 days' AS date), CAST(d - interval '30 days' AS date) FROM iv"),
            new Query("SELECT k FROM iv WHERE d BETWEEN CAST('2001-01-12' AS DATE) AND (CAST('2001-01-12' AS DATE) + 30 days)",
                    "SELECT k FROM iv WHERE d BETWEEN DATE '2001-01-12' AND DATE '2001-01-12' + 30"),
            new Query("SELECT k, d + 1 month, d - INTERVAL '1' YEAR, d + INTERVAL '1-2' YEAR TO MONTH, d + '3' months FROM iv",
                    "SELECT k, CAST(d + interval '1 month' AS date), CAST(d - interval '1 year' AS date), "
                    + "CAST(d + interval '1 year 2 months' AS date), CAST(d + interval '3 months' AS date) FROM iv"),
            new Query("SELECT k, ts + 2 hours, ts - 90 minutes, ts + 45 seconds, ts + INTERVAL '1 02:03:04' DAY TO SECOND FROM iv",
                    "SELECT k, ts + interval '2 hours', ts - interval '90 minutes', ts + interval '45 seconds', "
                    + "ts + interval '1 day 02:03:04' FROM iv"),
            new Query("SELECT k, ts + 1 year, ts - INTERVAL '13' MONTH, ts + 10 days FROM iv",
                    "SELECT k, ts + interval '1 year', ts - interval '13 months', ts + interval '10 days' FROM iv"),
            new Query("SELECT k FROM iv WHERE ts < d + 1 day AND d > DATE '2000-01-01' - 365 days",
                    "SELECT k FROM iv WHERE ts < d + 1 AND d > DATE '2000-01-01' - 365"),
            // computed in MapReduce: above the final aggregate (g is not the partitioning key)
            new Query("SELECT g, MAX(d) + 30 days, MIN(d) - 1 month, MAX(ts) + 2 hours FROM iv GROUP BY g",
                    "SELECT g, CAST(MAX(d) + interval '30 days' AS date), CAST(MIN(d) - interval '1 month' AS date), "
                    + "MAX(ts) + interval '2 hours' FROM iv GROUP BY g"),
            new Query("SELECT g, COUNT(*) FROM iv GROUP BY g HAVING MAX(d) + INTERVAL '1-1' YEAR TO MONTH > DATE '2001-06-01'",
                    "SELECT g, COUNT(*) FROM iv GROUP BY g HAVING MAX(d) + interval '13 months' > DATE '2001-06-01'"),
            new Query("SELECT g, MIN(ts) + INTERVAL '1 00:00:01' DAY TO SECOND - 3 minutes FROM iv GROUP BY g",
                    "SELECT g, MIN(ts) + interval '1 day 1 second' - interval '3 minutes' FROM iv GROUP BY g"));
    }

    @TestFactory
    Stream<DynamicTest> everyQueryGivesPostgresqlsAnswer() {
        return queries().stream().map(q -> DynamicTest.dynamicTest(q.hive(), () ->
                assertThat(diff.hadoopDb(q.hive())).as(q.hive()).containsExactlyInAnyOrderElementsOf(diff.postgres(q.pg()))));
    }

    @Test
    void aDatePlusANumberIsASemanticErrorAsInHive() {
        assertThatThrownBy(() -> diff.hadoopDb("SELECT d + 1 FROM iv"))
                .isInstanceOf(SemanticException.class)
                .hasMessageContaining("cannot add a number to a DATE in `d` + 1");
    }
}
