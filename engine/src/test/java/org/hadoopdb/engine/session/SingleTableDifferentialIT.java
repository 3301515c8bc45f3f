package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.Differential;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The single-table differential suite: every query of {@code differential/single-table.sql} runs
 * through HadoopDB and on one PostgreSQL holding the same rows, and the answers must be equal (as
 * multisets, or in order for {@code ordered:} queries). The table has every column type, NULLs in
 * every column, edge values and an empty twin.
 */
class SingleTableDifferentialIT {
    private static final String COLUMNS = "k INT, ti TINYINT, si SMALLINT, i INT, bi BIGINT, f FLOAT, d DOUBLE, dec DECIMAL(12,3), "
            + "s STRING, vc VARCHAR(20), b BOOLEAN, dt DATE, ts TIMESTAMP";
    private static final String PG_COLUMNS = "k int, ti smallint, si smallint, i int, bi bigint, f real, d float8, dec numeric(12,3), "
            + "s text COLLATE \"C\", vc varchar(20) COLLATE \"C\", b boolean, dt date, ts timestamp";
    private static HadoopDbEngine engine;
    private static Session session;
    private static NodeInfo reference;
    private static Differential diff;
    /** The same queries with every stage a MapReduce job. */
    private static Differential asJobs;
    /** A collation whose upper/lower map all of Unicode, as Java's do (the "C" collation maps ASCII only). */
    private static String utf8Collation = "default";

    @TempDir
    static Path files;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        // the MapReduce path (QueryExecutionIT and JoinDifferentialIT cover the client-side stage)
        session = engine.openSession(Map.of());
        reference = engine.catalog().nodes().get(0);
        diff = new Differential(session, engine, reference, "diff_reference", 9);
        asJobs = diff.through(engine.openSession(Differential.AS_JOBS));
        Path data = Files.writeString(files.resolve("dt.txt"), rows(), StandardCharsets.UTF_8);
        for (String t : List.of("dt", "dt_empty")) {
            session.execute("DROP TABLE IF EXISTS " + t, StatementListener.NONE);
            session.execute("CREATE TABLE " + t + " (" + COLUMNS + ") CLUSTERED BY (k) INTO 4 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'", StatementListener.NONE);
        }
        session.execute("LOAD DATA LOCAL INPATH '" + data + "' INTO TABLE dt", StatementListener.NONE);
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS diff_reference CASCADE");
            st.execute("CREATE SCHEMA diff_reference");
            st.execute("CREATE TABLE diff_reference.dt (" + PG_COLUMNS + ")");
            st.execute("CREATE TABLE diff_reference.dt_empty (" + PG_COLUMNS + ")");
            try (ResultSet rs = st.executeQuery("SELECT collname FROM pg_collation WHERE collname IN "
                    + "('und-x-icu', 'C.utf8', 'C.UTF-8', 'en_US.utf8', 'en_US.UTF-8') ORDER BY collname = 'und-x-icu' DESC LIMIT 1")) {
                if (rs.next()) {
                    utf8Collation = rs.getString(1);
                }
            }
            try (var in = Files.newBufferedReader(data)) {
                c.unwrap(org.postgresql.PGConnection.class).getCopyAPI()
                        .copyIn("COPY diff_reference.dt FROM STDIN WITH (FORMAT text, DELIMITER '|')", in);
            }
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        diff.dropReference();
        asJobs.session().close();
        session.close();
        engine.close();
    }

    /** 400 rows: every type, NULLs in every column, negative and zero values, empty and non-ASCII strings. */
    private static String rows() {
        Random r = new Random(20091);
        String[] strings = {"alpha", "beta", "gamma", "Zeta", "delta", "", "Alpha", "\u00e4hnlich", "a b", "beta"};
        String[] varchars = {" pad ", "mix x", "zz", "m", "x", "Q", "tab"};
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < 400; k++) {
            boolean nulls = k % 13 == 5;
            int i = r.nextInt(2001) - 1000;
            sb.append(k).append('|')
                    .append(nulls ? "\\N" : String.valueOf(r.nextInt(256) - 128)).append('|')
                    .append(k % 11 == 3 ? "\\N" : String.valueOf(r.nextInt(65536) - 32768)).append('|')
                    .append(k % 7 == 2 ? "\\N" : String.valueOf(i)).append('|')
                    .append(nulls ? "\\N" : String.valueOf(r.nextLong() % 5_000_000_000L)).append('|')
                    .append(nulls ? "\\N" : String.valueOf((r.nextInt(400) - 200) / 4.0)).append('|')
                    .append(k % 9 == 4 ? "\\N" : String.valueOf(k % 17 == 0 ? 0.0 : r.nextGaussian() * 100)).append('|')
                    .append(k % 10 == 6 ? "\\N" : new BigDecimal(r.nextInt(2_000_000) - 1_000_000).movePointLeft(3).toPlainString()).append('|')
                    .append(k % 8 == 7 ? "\\N" : strings[r.nextInt(strings.length)]).append('|')
                    .append(k % 6 == 1 ? "\\N" : varchars[r.nextInt(varchars.length)]).append('|')
                    .append(k % 5 == 0 ? "\\N" : String.valueOf(r.nextBoolean())).append('|')
                    .append(k % 12 == 8 ? "\\N" : LocalDate.of(2000, 6, 1).plusDays(r.nextInt(500)).toString()).append('|')
                    .append(k % 14 == 9 ? "\\N" : LocalDateTime.of(2001, 1, 1, 0, 0).plusSeconds(r.nextInt(40_000_000))
                            .format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"))).append('\n');
        }
        return sb.toString();
    }

    private record Query(int line, boolean ordered, String hive, String pg) {
    }

    private static List<Query> queries() throws IOException {
        List<Query> out = new ArrayList<>();
        try (InputStream in = SingleTableDifferentialIT.class.getResourceAsStream("/differential/single-table.sql")) {
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            for (int n = 0; n < lines.length; n++) {
                String l = lines[n].strip();
                if (l.isEmpty() || l.startsWith("--")) {
                    continue;
                }
                boolean ordered = l.startsWith("ordered:");
                if (ordered) {
                    l = l.substring("ordered:".length()).strip();
                }
                String[] parts = l.split("\\|\\|\\|");
                out.add(new Query(n + 1, ordered, parts[0].strip(), parts.length > 1 ? parts[1].strip() : parts[0].strip()));
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyQueryGivesPostgresqlsAnswer() throws IOException {
        List<Query> queries = queries();
        assertThat(queries).hasSizeGreaterThanOrEqualTo(150);
        return queries.stream().map(q -> DynamicTest.dynamicTest("line " + q.line() + ": " + q.hive(), () -> {
            List<String> ours = diff.hadoopDb(q.hive());
            List<String> jobs = asJobs.hadoopDb(q.hive());
            List<String> theirs = diff.postgres(q.pg().replace("{utf8}", utf8Collation));
            Differential.assertSameRows(q.hive(), q.ordered(), ours, jobs, theirs);
        }));
    }

    /** TABLESAMPLE's buckets are the table's chunks: the samples of one count split the table, each row in one. */
    @Test
    void bucketSamplesPartitionTheTableAndAPercentIsPartOfIt() throws SQLException {
        List<String> all = diff.hadoopDb("SELECT k FROM dt");
        List<String> union = new java.util.ArrayList<>();
        for (int x = 1; x <= 3; x++) {
            List<String> bucket = diff.hadoopDb("SELECT k FROM dt TABLESAMPLE (BUCKET " + x + " OUT OF 3 ON k) s");
            assertThat(bucket).isNotEmpty().hasSizeLessThan(all.size());
            union.addAll(bucket);
        }
        assertThat(union).containsExactlyInAnyOrderElementsOf(all);
        List<String> half = diff.hadoopDb("SELECT k FROM dt TABLESAMPLE (50 PERCENT) WHERE k IS NOT NULL");
        assertThat(all).containsAll(half);
        assertThat(half).isNotEmpty().hasSizeLessThan(all.size());
        assertThat(asJobs.hadoopDb("SELECT COUNT(*) FROM dt TABLESAMPLE (BUCKET 2 OUT OF 3)"))
                .isEqualTo(diff.hadoopDb("SELECT COUNT(*) FROM dt TABLESAMPLE (BUCKET 2 OUT OF 3)"));
    }
}
