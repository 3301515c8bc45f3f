package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.Differential;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.runtime.ProgressListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Queries BI tools and fuzzers write, against one PostgreSQL holding the same rows: constants of
 * every type (SELECT 2.5, INSERT … VALUES), schema probes (LIMIT 0, WHERE 1 = 0) answered without a
 * job, filters of hundreds or thousands of AND-ed or OR-ed terms (pushed and in MapReduce), IN lists
 * of thousands of constants or of mixed kinds, string constants with line breaks in MapReduce.
 */
class ConstantsAndLongFiltersDifferentialIT {
    private static final String REF = "clf_reference";
    private static HadoopDbEngine engine;
    private static Session session;
    private static Differential diff;

    @TempDir
    static Path files;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        // the MapReduce path for what is not pushed
        session = engine.openSession(Map.of("hadoopdb.exec.client-stage.max-rows", "0"));
        diff = new Differential(session, engine, engine.catalog().nodes().get(0), REF, 9);
        Random r = new Random(26);
        StringBuilder rows = new StringBuilder();
        for (int k = 0; k < 300; k++) {
            rows.append(k).append('|')
                    .append(k % 17 == 3 ? "\\N" : String.valueOf(r.nextInt(41) - 20)).append('|')
                    .append(k % 13 == 4 ? "\\N" : String.valueOf(r.nextInt(200) / 8.0)).append('|')
                    .append(k % 11 == 5 ? "\\N" : new BigDecimal(r.nextInt(100_000) - 50_000).movePointLeft(2).toPlainString()).append('|')
                    .append(k % 7 == 6 ? "\\N" : "x" + r.nextInt(60)).append('\n');
        }
        Path data = Files.writeString(files.resolve("clf.txt"), rows.toString(), StandardCharsets.UTF_8);
        for (String t : List.of("clf", "clf_ins")) {
            run("DROP TABLE IF EXISTS " + t);
            run("CREATE TABLE " + t + " (k INT, i INT, d DOUBLE, m DECIMAL(10,2), s STRING) CLUSTERED BY (k) INTO 4 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        }
        run("LOAD DATA LOCAL INPATH '" + data + "' INTO TABLE clf");
        try (Connection c = engine.pools().connect(engine.catalog().nodes().get(0)); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + REF + " CASCADE");
            st.execute("CREATE SCHEMA " + REF);
            st.execute("CREATE TABLE " + REF + ".clf (k int, i int, d float8, m numeric(10,2), s text COLLATE \"C\")");
            try (var in = Files.newBufferedReader(data)) {
                c.unwrap(org.postgresql.PGConnection.class).getCopyAPI()
                        .copyIn("COPY " + REF + ".clf FROM STDIN WITH (FORMAT text, DELIMITER '|')", in);
            }
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        diff.dropReference();
        run("DROP TABLE IF EXISTS clf");
        run("DROP TABLE IF EXISTS clf_ins");
        session.close();
        engine.close();
    }

    private static void run(String sql) {
        session.execute(sql, StatementListener.NONE);
    }

    private static void assertSame(String hive, String postgres) throws SQLException {
        assertThat(diff.hadoopDb(hive)).as(hive).containsExactlyInAnyOrderElementsOf(diff.postgres(postgres));
    }

    private static String chain(String op, int n, String term) {
        return IntStream.range(0, n).mapToObj(k -> term.replace("#", Integer.toString(k))).collect(Collectors.joining(" " + op + " "));
    }

    @Test
    void constantsKeepTheirType() throws SQLException {
        assertSame("SELECT 2.5", "SELECT 2.5::float8");
        assertSame("SELECT CAST(2.5 AS DOUBLE), 1, 'x', CAST(NULL AS INT), NULL, 1.25BD, DATE '2020-02-29'",
                "SELECT 2.5::float8, 1, 'x', NULL::int, NULL, 1.25, DATE '2020-02-29'");
        // Hive reads an integer literal too big for BIGINT as a DOUBLE
        assertSame("SELECT 99999999999999999999999999999999999999999", "SELECT 1e41::float8");
        assertSame("SELECT k, 2.5, d * 1.5 FROM clf", "SELECT k, 2.5::float8, d * 1.5 FROM clf");
        assertSame("SELECT a, c FROM (SELECT 1 AS a, 1.5 AS c UNION ALL SELECT 2, NULL) v",
                "SELECT * FROM (VALUES (1, 1.5::float8), (2, NULL)) v (a, c)");
    }

    @Test
    void schemaProbesReturnNoRowWithTheSchemaAndRunNoJob() {
        for (String sql : List.of("SELECT * FROM clf LIMIT 0", "SELECT k, d, m FROM clf WHERE 1 = 0",
                "SELECT a.k, b.d, b.m FROM clf a JOIN clf b ON a.k = b.i WHERE 1 = 0", "SELECT * FROM clf WHERE false")) {
            List<String> jobs = new ArrayList<>();
            StatementListener listener = new StatementListener() {
                @Override
                public void progress(int stage, int stages, String jobId, float map, float reduce) {
                    if (jobId != null && !jobId.equals(ProgressListener.CLIENT_STAGE)) {
                        jobs.add(jobId);
                    }
                }

                @Override
                public void message(String text) {
                }
            };
            try (var rows = ((StatementResult.Rows) session.execute(sql, listener)).rows()) {
                assertThat(rows.next()).as(sql).isFalse();
                assertThat(rows.schema().toString()).as(sql).contains("double").contains("decimal(10,2)");
            }
            assertThat(jobs).as(sql).isEmpty();
        }
    }

    @Test
    void insertValuesStoresEveryType() throws SQLException {
        run("INSERT INTO clf_ins VALUES (1, 2, 1.50, 2.25, 'a'), (2, NULL, NULL, NULL, NULL), (3, -4, 2.5, 1, 'line\\nbreak')");
        assertSame("SELECT * FROM clf_ins", "SELECT * FROM (VALUES (1, 2, 1.5::float8, 2.25::numeric(10,2), 'a'), "
                + "(2, NULL, NULL, NULL, NULL), (3, -4, 2.5, 1.00, E'line\\nbreak')) v");
    }

    @Test
    void longOrAndAndChainsArePlannedPushedAndCompiled() throws SQLException {
        String or500 = chain("OR", 500, "i = #");
        assertSame("SELECT k FROM clf WHERE " + or500, "SELECT k FROM clf WHERE " + or500);
        String and2000 = chain("AND", 2000, "k <> #");
        assertSame("SELECT k FROM clf WHERE " + and2000 + " OR i = 3", "SELECT k FROM clf WHERE " + and2000 + " OR i = 3");
        // upper() runs in MapReduce (the C locale's upper differs): the generated Java holds the chains
        String orMr = chain("OR", 500, "upper(s) = 'X#'");
        assertSame("SELECT k FROM clf WHERE " + orMr, "SELECT k FROM clf WHERE " + orMr);
        String andMr = chain("AND", 2000, "upper(s) <> 'X#'");
        assertSame("SELECT k FROM clf WHERE " + andMr + " OR k = 0", "SELECT k FROM clf WHERE " + andMr + " OR k = 0");
    }

    @Test
    void inListsOfThousandsOfConstants() throws SQLException {
        String ints = chain(",", 5000, "#");
        assertSame("SELECT k FROM clf WHERE i IN (" + ints + ")", "SELECT k FROM clf WHERE i IN (" + ints + ")");
        String strings = chain(",", 3000, "'X#'");
        assertSame("SELECT k FROM clf WHERE upper(s) IN (" + strings + ")", "SELECT k FROM clf WHERE upper(s) IN (" + strings + ")");
    }

    @Test
    void anInListOfMixedKindsComparesEachKindInItsOwnType() throws SQLException {
        // Hive: i IN (1, 2.5) OR i IN ('a'), where 'a' is no number
        assertSame("SELECT k FROM clf WHERE i IN (1, 'a', 2.5)", "SELECT k FROM clf WHERE i = 1");
        assertSame("SELECT k FROM clf WHERE i IN (1, 2.5)", "SELECT k FROM clf WHERE i = 1");
        assertSame("SELECT k FROM clf WHERE i IN ('2', 3.5, -4)", "SELECT k FROM clf WHERE i IN (2, -4)");
        assertSame("SELECT k FROM clf WHERE d NOT IN (1.5, 'x', 3)", "SELECT k FROM clf WHERE d NOT IN (1.5, 3) AND NULL");
    }

    @Test
    void stringConstantsWithLineBreaksAndEscapesRunInMapReduce() throws SQLException {
        assertSame("SELECT k, concat(upper(s), 'a\\nb\\\\c\\'d\\u000a\"') FROM clf",
                "SELECT k, upper(s) || E'a\\nb\\\\c''d\\n\"' FROM clf");
    }

    @Test
    void thousandsOfNestedNotsAreAStatementNestedTooDeeply() {
        assertThatThrownBy(() -> diff.hadoopDb("SELECT k FROM clf WHERE " + "NOT ".repeat(3000) + "(i > 1)"))
                .isInstanceOf(SemanticException.class).hasMessageContaining(HiveQlParser.TOO_DEEP)
                .cause().isInstanceOf(StackOverflowError.class);
    }
}
