package org.hadoopdb.spark.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Spark 3.5's JDBC source against a query server, with HadoopDB's driver jar and nothing else of
 * HadoopDB's: Spark runs in a JVM of its own ({@link SparkJvm}, spark-client's {@code SparkJdbcProgram}),
 * and every answer it gives is compared with HiveQL's own answer to the same question.
 */
class SparkJdbcIT {
    static final String USER = "spark";
    static final String PASSWORD = "spark's password";
    static final String TABLE = "spark_t";
    static final String APPENDED = "spark_w";
    static final int ROWS = 1000;
    private static final DateTimeFormatter TIMESTAMP_TEXT = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSS");

    private static HadoopDbEngine engine;
    private static QueryServer server;

    @BeforeAll
    static void startServerAndLoad() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        Path dir = Files.createTempDirectory("hadoopdb-spark-test-");
        Path users = dir.resolve("users");
        new UsersFile(users).put(USER, PASSWORD.toCharArray());
        server = QueryServer.start(engine, new ServerSettings(0, "127.0.0.1", true, users, null, "", "PKCS12", 4, 32,
                Duration.ofMinutes(2), Duration.ofMinutes(10), Duration.ofSeconds(5), 32));
        // id 1..1000; v = 37·id mod 1000, every value of 0..999 once; s with a quote; d over four months;
        // ts every 90 s from midnight, plus a quarter second per id mod 4
        StringBuilder lines = new StringBuilder();
        for (int id = 1; id <= ROWS; id++) {
            LocalDateTime ts = LocalDateTime.of(2024, 1, 1, 0, 0).plusSeconds(id * 90L).plusNanos(id % 4 * 250_000_000L);
            lines.append(id).append('|').append(id * 37 % 1000).append('|').append("it's #").append(id % 5).append('|')
                    .append(LocalDate.of(2024, 1, 1).plusDays(id % 120)).append('|')
                    .append(TIMESTAMP_TEXT.format(ts)).append('\n');
        }
        Path data = Files.writeString(dir.resolve(TABLE + ".txt"), lines);
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.executeUpdate("DROP TABLE IF EXISTS " + TABLE);
            s.executeUpdate("DROP TABLE IF EXISTS " + APPENDED);
            s.executeUpdate("DROP TABLE IF EXISTS " + APPENDED + "_over");
            s.executeUpdate("CREATE TABLE " + TABLE + " (id INT, v INT, s STRING, d DATE, ts TIMESTAMP) CLUSTERED BY (id) INTO 4 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
            s.executeUpdate("LOAD DATA LOCAL INPATH '" + data + "' INTO TABLE " + TABLE);
        }
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
        if (engine != null) {
            engine.close();
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl(), USER, PASSWORD);
    }

    /** The single value of a HiveQL query, as a string. */
    private static String hive(String query) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            assertThat(rs.next()).as(query).isTrue();
            return rs.getString(1);
        }
    }

    /** HiveQL's answer to the program's {@code query=}, in its spelling: {@code [s=n/total, …]} by s. */
    private static String groups() throws SQLException {
        List<String> out = new java.util.ArrayList<>();
        try (Connection c = connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT s, count(*), sum(v) FROM " + TABLE + " GROUP BY s ORDER BY s")) {
            while (rs.next()) {
                out.add(rs.getString(1) + "=" + rs.getLong(2) + "/" + rs.getLong(3));
            }
        }
        assertThat(out).hasSize(5);
        return out.toString();
    }

    @Test
    void sparkReadsFiltersLimitsAndAppendsThroughTheDialectWithHiveQlsAnswers() throws Exception {
        String filtered = hive("SELECT count(*) FROM " + TABLE + " WHERE v < 190");
        String quoted = hive("SELECT count(*) FROM " + TABLE + " WHERE s = 'it\\'s #3'");
        String prefix = hive("SELECT count(*) FROM " + TABLE + " WHERE s LIKE 'it\\'s #1%'");
        String dated = hive("SELECT count(*) FROM " + TABLE + " WHERE d >= DATE '2024-03-01'");
        String timed = hive("SELECT count(*) FROM " + TABLE + " WHERE ts >= TIMESTAMP '2024-01-01 12:00:00.5'");
        String sum = hive("SELECT sum(v) FROM " + TABLE + " WHERE v < 190");
        assertThat(List.of(filtered, quoted, prefix, dated, timed, sum)).containsExactly("190", "200", "200", "480", "520", "17955");

        SparkJvm.Result spark = SparkJvm.run("org.hadoopdb.spark.SparkJdbcProgram",
                List.of(server.jdbcUrl(), USER, PASSWORD, TABLE, APPENDED), 10);
        assertThat(spark.exitCode()).as("Spark's JVM: %s", spark).isZero();
        Map<String, String> r = spark.results();

        assertThat(r).as("%s", spark)
                .containsEntry("dialect", "org.hadoopdb.jdbc.client.spark.HadoopDbSparkDialect")
                .containsEntry("partitioned.partitions", "4")
                .containsEntry("partitioned.count", String.valueOf(ROWS))
                .containsEntry("datePartitioned.partitions", "4")
                .containsEntry("datePartitioned.count", String.valueOf(ROWS))
                .containsEntry("query.rows", groups())
                .containsEntry("overwrite.count", "10")
                .containsEntry("filtered.count", filtered)
                .containsEntry("quoted.count", quoted)
                .containsEntry("prefix.count", prefix)
                .containsEntry("dated.count", dated)
                .containsEntry("timed.count", timed)
                // id 481: 481 · 90 s after midnight and a quarter second, as Spark's java.sql.Timestamp shows it
                .containsEntry("timed.min", "2024-01-01 12:01:30.25")
                .containsEntry("limit.rows", "5")
                .containsEntry("topn.values", "[0, 1, 2, 3, 4]")
                .containsEntry("catalog.limit.rows", "7")
                .containsEntry("aggregate.sum", sum)
                .containsEntry("append.rows", "100")
                .containsEntry("backslash.count", "50")
                // Spark's generic SQL quotes "id": HiveQL compares a string, and every partition comes back empty
                .containsEntry("withoutDialect.partitioned.count", "0");
        // what Spark's plans say went into HadoopDB's statements (a * marks a filter Spark does not repeat)
        assertThat(r.get("filtered.pushed")).contains("*LessThan(v,190)");
        assertThat(r.get("quoted.pushed")).contains("*EqualTo(s,it's #3)");
        assertThat(r.get("prefix.pushed")).contains("*StringStartsWith(s,it's #1)");
        assertThat(r.get("dated.pushed")).contains("*GreaterThanOrEqual(d,2024-03-01)");
        assertThat(r.get("timed.pushed")).contains("*GreaterThanOrEqual(ts,2024-01-01 12:00:00.5)");
        assertThat(r.get("backslash.pushed")).contains("*EqualTo(s,back\\slash 1)");
        assertThat(r.get("topn.pushed")).contains("PushedTopN: ORDER BY [v ASC NULLS FIRST] LIMIT 5");
        assertThat(r.get("catalog.limit.pushed")).contains("PushedLimit: LIMIT 7");
        assertThat(r.get("aggregate.pushed")).contains("PushedAggregates: [SUM(v)]");

        // the rows Spark appended (into a table it created), as HadoopDB sees them
        assertThat(hive("SELECT count(*) FROM " + APPENDED)).isEqualTo("100");
        assertThat(hive("SELECT sum(twice) FROM " + APPENDED)).isEqualTo("9900");
        assertThat(hive("SELECT count(*) FROM " + APPENDED + " WHERE s = 'back\\\\slash 1'")).isEqualTo("50");
    }
}
