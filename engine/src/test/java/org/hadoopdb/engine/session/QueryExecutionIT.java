package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.Differential;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.ProgressListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end through a session: CREATE TABLE, LOAD DATA, queries that run as pushed SQL, as a direct
 * fetch and as MapReduce stages, INSERT ... SELECT and CREATE TABLE AS SELECT. Every query's answer is
 * compared with the same query on one PostgreSQL database holding all the rows (differential test).
 */
class QueryExecutionIT {
    private static final int VISITS = 600;
    private static HadoopDbEngine engine;
    private static Session session;
    private static NodeInfo referenceNode;
    private static Differential diff;

    @TempDir
    static Path files;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        session = engine.openSession(Map.of());
        referenceNode = engine.catalog().nodes().get(0);
        diff = new Differential(session, engine, referenceNode, "qe_reference", 9);
        for (String t : List.of("qe_visits", "qe_pages", "qe_countries", "qe_ips", "qe_totals", "qe_ctas")) {
            run("DROP TABLE IF EXISTS " + t);
        }
        Random random = new Random(42);
        StringBuilder visits = new StringBuilder();
        StringBuilder pages = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            pages.append("url").append(i).append('|').append(random.nextInt(100)).append('\n');
        }
        for (int i = 0; i < VISITS; i++) {
            String revenue = i % 37 == 0 ? "\\N" : new BigDecimal(random.nextInt(100_000)).movePointLeft(2).toPlainString();
            visits.append("10.0.").append(random.nextInt(5)).append('.').append(random.nextInt(3)).append('|')
                    .append("url").append(random.nextInt(40)).append('|')
                    .append(revenue).append('|')
                    .append(LocalDate.of(2000, 1, 1).plusDays(random.nextInt(400))).append('|')
                    .append(List.of("de", "fr", "us", "br").get(random.nextInt(4))).append('\n');
        }
        Path visitFile = write("visits.txt", visits.toString());
        Path pageFile = write("pages.txt", pages.toString());
        Path countryFile = write("countries.txt", "de|Germany\nfr|France\nus|United States\nbr|Brazil\n");
        StringBuilder ips = new StringBuilder();
        for (int x = 0; x < 5; x++) {
            for (int y = 0; y < 3; y++) {
                ips.append("10.0.").append(x).append('.').append(y).append('|').append(x == 1 && y > 0 ? "watched" : "other").append('\n');
            }
        }
        Path ipFile = write("ips.txt", ips.toString());

        run("CREATE TABLE qe_visits (sourceip STRING, desturl STRING, adrevenue DECIMAL(10,2), visitdate DATE, countrycode STRING) "
                + "CLUSTERED BY (desturl) SORTED BY (visitdate) INTO 4 BUCKETS ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run("CREATE TABLE qe_pages (pageurl STRING, pagerank INT) CLUSTERED BY (pageurl) INTO 4 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' TBLPROPERTIES ('hadoopdb.index-columns'='pagerank')");
        run("CREATE TABLE qe_ips (ip STRING, label STRING) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run("LOAD DATA LOCAL INPATH '" + ipFile + "' INTO TABLE qe_ips");
        run("CREATE TABLE qe_countries (code STRING, name STRING) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' "
                + "TBLPROPERTIES ('hadoopdb.distribution'='replicated')");
        run("LOAD DATA LOCAL INPATH '" + visitFile + "' INTO TABLE qe_visits");
        run("LOAD DATA LOCAL INPATH '" + pageFile + "' INTO TABLE qe_pages");
        run("LOAD DATA LOCAL INPATH '" + countryFile + "' INTO TABLE qe_countries");

        try (Connection c = engine.pools().connect(referenceNode); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS qe_reference CASCADE");
            st.execute("CREATE SCHEMA qe_reference");
            st.execute("CREATE TABLE qe_reference.qe_visits (sourceip text, desturl text, adrevenue numeric(10,2), visitdate date, "
                    + "countrycode text)");
            st.execute("CREATE TABLE qe_reference.qe_pages (pageurl text, pagerank int)");
            st.execute("CREATE TABLE qe_reference.qe_countries (code text, name text)");
            st.execute("CREATE TABLE qe_reference.qe_ips (ip text, label text)");
            copy(c, "qe_ips", ipFile);
            copy(c, "qe_visits", visitFile);
            copy(c, "qe_pages", pageFile);
            copy(c, "qe_countries", countryFile);
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        try (Connection c = engine.pools().connect(referenceNode); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS qe_reference CASCADE");
        }
        session.close();
        engine.close();
    }

    @Test
    void loadedTablesHoldEveryRow() {
        TableInfo visits = engine.catalog().table("qe_visits");
        assertThat(visits.chunks()).hasSize(4);
        assertThat(visits.chunks().stream().mapToLong(c -> c.rows()).sum()).isEqualTo(VISITS);
        assertSame("SELECT COUNT(*) FROM qe_visits");
        assertSame("SELECT COUNT(*), COUNT(adrevenue), COUNT(DISTINCT desturl) FROM qe_visits");
    }

    @Test
    void selectionsRunInTheChunks() {
        assertSame("SELECT sourceip, desturl, adrevenue, visitdate FROM qe_visits WHERE visitdate >= DATE '2000-03-01' "
                + "AND visitdate < DATE '2000-04-01'");
        assertSame("SELECT desturl FROM qe_visits WHERE desturl = 'url7'");
        assertSame("SELECT * FROM qe_countries");
    }

    @Test
    void aDirectReadReadsTheChunksAtOnceAndStopsWhenClosed() {
        // 600 rows over 4 chunks, each read by its own thread; the answer is the same as one PostgreSQL's
        assertSame("SELECT sourceip, desturl, adrevenue FROM qe_visits");
        StatementResult r = session.execute("SELECT sourceip, desturl FROM qe_visits", StatementListener.NONE);
        try (var rows = ((StatementResult.Rows) r).rows()) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.row().getString(1)).startsWith("url");
        }
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("hadoopdb-direct-read") && t.isAlive());
    }

    @Test
    void aggregationsOnTheKeyAndOffIt() {
        assertSame("SELECT desturl, SUM(adrevenue), COUNT(*), MIN(visitdate), MAX(visitdate) FROM qe_visits GROUP BY desturl");
        assertSame("SELECT sourceip, SUM(adrevenue), AVG(adrevenue), COUNT(*) FROM qe_visits GROUP BY sourceip");
        assertSame("SELECT countrycode, COUNT(DISTINCT desturl) FROM qe_visits GROUP BY countrycode");
        // pushed whole: PostgreSQL's avg(numeric) and avg(integer) are cast to Hive's result types
        assertSame("SELECT desturl, AVG(adrevenue) FROM qe_visits GROUP BY desturl");
        assertSame("SELECT pageurl, AVG(pagerank), SUM(pagerank) FROM qe_pages GROUP BY pageurl");
        assertSame("SELECT SUM(adrevenue), MIN(adrevenue), MAX(adrevenue) FROM qe_visits");
    }

    @Test
    void reducerCountsFollowPostgresqlsEstimateOfTheRowsEnteringAStage() {
        // a tiny byte budget per reducer makes the plan ask for many reducers; the estimate taken from
        // PostgreSQL just before the stage runs lowers them, and the answer is the same either way
        try (Session small = engine.openSession(Map.of("hadoopdb.reducers.bytes-per-reducer", "1KB"))) {
            String sql = "SELECT sourceip, SUM(adrevenue), COUNT(*) FROM qe_visits GROUP BY sourceip";
            List<String> rows = new Differential(small, engine, referenceNode, "qe_reference", 9).hadoopDb(sql);
            assertThat(rows).containsExactlyInAnyOrderElementsOf(reference(sql));
        }
    }

    @Test
    void aSmallOneReducerStageRunsInTheClientWithTheJobsAnswer() {
        List<String> queries = List.of(
                "SELECT sourceip, SUM(adrevenue), COUNT(*), AVG(adrevenue) FROM qe_visits GROUP BY sourceip",
                "SELECT countrycode, COUNT(DISTINCT desturl) FROM qe_visits GROUP BY countrycode",
                "SELECT sourceip, SUM(adrevenue) AS total FROM qe_visits GROUP BY sourceip ORDER BY total DESC LIMIT 3",
                // the paper's Join task: a co-located join in the chunks, aggregated on another key, the top group
                "SELECT v.sourceip, AVG(p.pagerank), SUM(v.adrevenue) AS total FROM qe_visits v JOIN qe_pages p "
                        + "ON v.desturl = p.pageurl WHERE v.visitdate < DATE '2000-06-01' GROUP BY v.sourceip ORDER BY total DESC LIMIT 1",
                "SELECT v.sourceip, COUNT(*), MAX(p.pagerank) FROM qe_visits v JOIN qe_pages p ON v.desturl = p.pageurl GROUP BY v.sourceip",
                "SELECT COUNT(*), SUM(adrevenue) FROM qe_visits WHERE visitdate > DATE '2099-01-01'",
                "SELECT countrycode, SUM(adrevenue) FROM qe_visits WHERE visitdate > DATE '2099-01-01' GROUP BY countrycode");
        try (Session inClient = engine.openSession(Map.of("hadoopdb.fetch.direct", "false"));
             Session asJobs = engine.openSession(Map.of("hadoopdb.exec.client-stage.max-rows", "0", "hadoopdb.fetch.direct", "false"))) {
            for (String sql : queries) {
                List<String> jobs = new ArrayList<>();
                List<String> client = new ArrayList<>();
                List<String> a = rows(asJobs, sql, jobs);
                List<String> b = rows(inClient, sql, client);
                assertThat(b).as(sql).containsExactlyInAnyOrderElementsOf(a);
                assertThat(new Differential(inClient, engine, referenceNode, "qe_reference", 9).hadoopDb(sql)).as(sql)
                        .containsExactlyInAnyOrderElementsOf(reference(sql));
                assertThat(jobs).as("jobs of %s with the rule off", sql).isNotEmpty();
                assertThat(client).as("jobs of %s in the client", sql).isEmpty();
            }
            // past the row cap, the stage goes back to a job, with the same answer
            String sql = queries.get(0);
            try (Session capped = engine.openSession(Map.of("hadoopdb.exec.client-stage.max-rows", "3", "hadoopdb.fetch.direct", "false"))) {
                List<String> jobs = new ArrayList<>();
                assertThat(rows(capped, sql, jobs)).containsExactlyInAnyOrderElementsOf(rows(asJobs, sql, new ArrayList<>()));
                assertThat(jobs).isNotEmpty();
            }
        }
    }

    /** The rows of a query as text, collecting the ids of the jobs it ran. */
    private static List<String> rows(Session s, String sql, List<String> jobs) {
        StatementListener listener = new StatementListener() {
            @Override
            public void progress(int stage, int stages, String jobId, float map, float reduce) {
                // a stage run in the client reports itself as such, not as a job
                if (jobId != null && !jobId.equals(ProgressListener.CLIENT_STAGE) && !jobs.contains(jobId)) {
                    jobs.add(jobId);
                }
            }

            @Override
            public void message(String text) {
            }
        };
        List<String> out = new ArrayList<>();
        try (var r = ((StatementResult.Rows) s.execute(sql, listener)).rows()) {
            while (r.next()) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < r.schema().size(); i++) {
                    Object v = r.row().get(i);
                    line.append(i == 0 ? "" : "|").append(v instanceof Double d ? String.format(java.util.Locale.ROOT, "%.6f", d) : v);
                }
                out.add(line.toString());
            }
        }
        return out;
    }

    @Test
    void aBroadcastJoinsLargeInputIsFilteredInPostgresqlByTheSmallInputsKeys() {
        // 2 of the 15 addresses are watched: the visits' chunk statements return only their visits
        String sql = "SELECT v.sourceip, v.desturl, v.adrevenue FROM qe_visits v JOIN qe_ips i ON v.sourceip = i.ip "
                + "WHERE i.label = 'watched'";
        assertThat(String.join("\n", rows(session, "EXPLAIN " + sql, new ArrayList<>())))
                .contains("Keys: only rows whose sourceip is among the keys stage");
        assertSame(sql);
        try (Session off = engine.openSession(Map.of("hadoopdb.exec.key-filter.max-keys", "0"))) {
            long[] filteredRead = new long[1];
            long[] allRead = new long[1];
            List<String> filtered = rowsRead(session, sql, filteredRead);
            List<String> all = rowsRead(off, sql, allRead);
            assertThat(filtered).containsExactlyInAnyOrderElementsOf(all).isNotEmpty();
            // without the filter every visit leaves its chunk (600, and the 2 watched addresses); with it, the watched ones'
            assertThat(allRead[0]).isEqualTo(VISITS + 2);
            assertThat(filteredRead[0]).isEqualTo(filtered.size() + 2);
        }
    }

    @Test
    void indexColumnsAreIndexedInEveryChunk() throws SQLException {
        assertThat(String.join("\n", rows(session, "DESCRIBE FORMATTED qe_pages", new ArrayList<>()))).contains("pagerank");
        int indexes = 0;
        for (NodeInfo node : engine.catalog().nodes()) {
            try (Connection c = engine.pools().connect(node); Statement st = c.createStatement();
                 var rs = st.executeQuery("SELECT count(*) FROM pg_indexes WHERE tablename = 'qe_pages' AND indexdef LIKE '%(pagerank)'")) {
                rs.next();
                indexes += rs.getInt(1);
            }
        }
        assertThat(indexes).isEqualTo(4); // one per chunk
        assertSame("SELECT pageurl FROM qe_pages WHERE pagerank = 7");
    }

    /** The rows of a query as text, adding up in {@code read} the rows its chunk statements returned. */
    private static List<String> rowsRead(Session s, String sql, long[] read) {
        StatementListener listener = new StatementListener() {
            @Override
            public void progress(int stage, int stages, String jobId, float map, float reduce) {
            }

            @Override
            public void message(String text) {
            }

            @Override
            public void chunksRead(org.hadoopdb.connector.chunk.NodeReads reads) {
                synchronized (read) {
                    reads.byNode().values().forEach(c -> read[0] += c.rows());
                }
            }
        };
        List<String> out = new ArrayList<>();
        try (var r = ((StatementResult.Rows) s.execute(sql, listener)).rows()) {
            while (r.next()) {
                out.add(r.row().get(0) + "|" + r.row().get(1) + "|" + r.row().get(2));
            }
        }
        return out;
    }

    @Test
    void orderedAndLimitedResults() {
        assertSameOrdered("SELECT sourceip, SUM(adrevenue) AS total FROM qe_visits GROUP BY sourceip ORDER BY total DESC LIMIT 5");
        assertSameOrdered("SELECT desturl, visitdate, sourceip FROM qe_visits ORDER BY visitdate, desturl, sourceip LIMIT 20");
    }

    @Test
    void joinsOfEveryPlacement() {
        // co-located on the key, with a replicated table, and repartitioned on a non-key column
        assertSame("SELECT v.desturl, p.pagerank, COUNT(*) FROM qe_visits v JOIN qe_pages p ON v.desturl = p.pageurl "
                + "GROUP BY v.desturl, p.pagerank");
        assertSame("SELECT c.name, SUM(v.adrevenue) FROM qe_visits v JOIN qe_countries c ON v.countrycode = c.code GROUP BY c.name");
        assertSame("SELECT a.sourceip, COUNT(*) FROM qe_visits a JOIN qe_visits b ON a.sourceip = b.sourceip "
                + "WHERE a.visitdate < DATE '2000-02-01' GROUP BY a.sourceip");
    }

    @Test
    void insertSelectAndCreateTableAsSelect() {
        run("CREATE TABLE qe_totals (ip STRING, total DECIMAL(12,2), visits BIGINT) CLUSTERED BY (ip) INTO 2 BUCKETS");
        StatementResult inserted = run("INSERT OVERWRITE TABLE qe_totals SELECT sourceip, SUM(adrevenue), COUNT(*) FROM qe_visits "
                + "GROUP BY sourceip");
        assertThat(((StatementResult.Done) inserted).updateCount()).isEqualTo(15);
        assertThat(rows("SELECT ip, total, visits FROM qe_totals")).containsExactlyInAnyOrderElementsOf(
                reference("SELECT sourceip, SUM(adrevenue), COUNT(*) FROM qe_visits GROUP BY sourceip"));
        run("INSERT INTO TABLE qe_totals SELECT 'extra', NULL, 1 FROM qe_countries WHERE code = 'de'");
        assertThat(rows("SELECT COUNT(*) FROM qe_totals")).containsExactly("16");

        run("CREATE TABLE qe_ctas AS SELECT countrycode, COUNT(*) AS n FROM qe_visits GROUP BY countrycode");
        assertThat(engine.catalog().table("qe_ctas").columnNames()).containsExactly("countrycode", "n");
        assertThat(rows("SELECT countrycode, n FROM qe_ctas")).containsExactlyInAnyOrderElementsOf(
                reference("SELECT countrycode, COUNT(*) FROM qe_visits GROUP BY countrycode"));
    }

    @Test
    void expressionsEvaluatedInMapReduceAfterARepartition() {
        assertSame("SELECT sourceip, SUM(adrevenue) * 2, CASE WHEN COUNT(*) > 40 THEN 'many' ELSE 'few' END FROM qe_visits "
                + "GROUP BY sourceip HAVING SUM(adrevenue) > 100");
        assertSame("SELECT upper(countrycode), COUNT(*) FROM qe_visits GROUP BY upper(countrycode)");
        assertSame("SELECT substr(sourceip, 1, 6), MAX(visitdate) FROM qe_visits GROUP BY substr(sourceip, 1, 6)");
    }

    @Test
    void badStatementsNameWhatIsWrong() {
        assertThatThrownBy(() -> run("INSERT INTO TABLE qe_pages SELECT desturl FROM qe_visits"))
                .isInstanceOf(PlannerException.class).hasMessageContaining("qe_pages").hasMessageContaining("returns 1 column(s) but 2");
        assertThatThrownBy(() -> run("INSERT INTO TABLE qe_missing SELECT desturl FROM qe_visits"))
                .hasMessageContaining("'qe_missing' does not exist");
        assertThatThrownBy(() -> run("LOAD DATA LOCAL INPATH '" + files.resolve("none.txt") + "' INTO TABLE qe_pages"))
                .hasMessageContaining("none.txt");
        assertThat(rows("SELECT COUNT(*) FROM qe_pages")).containsExactly("40");
    }

    // ---- helpers ------------------------------------------------------------------------------

    private static StatementResult run(String sql) {
        return session.execute(sql, StatementListener.NONE);
    }

    private static void assertSame(String sql) {
        assertThat(rows(sql)).as(sql).containsExactlyInAnyOrderElementsOf(reference(sql));
    }

    private static void assertSameOrdered(String sql) {
        assertThat(rows(sql)).as(sql).containsExactlyElementsOf(reference(sql));
    }

    private static List<String> rows(String sql) {
        return diff.hadoopDb(sql);
    }

    private static List<String> reference(String sql) {
        try {
            return diff.postgres(sql);
        } catch (SQLException e) {
            throw new AssertionError("Reference query failed: " + sql + ": " + e.getMessage(), e);
        }
    }

    private static Path write(String name, String text) throws IOException {
        return Files.writeString(files.resolve(name), text, StandardCharsets.UTF_8);
    }

    private static void copy(Connection c, String table, Path file) throws SQLException, IOException {
        try (var in = Files.newBufferedReader(file)) {
            c.unwrap(org.postgresql.PGConnection.class).getCopyAPI()
                    .copyIn("COPY qe_reference." + table + " FROM STDIN WITH (FORMAT text, DELIMITER '|')", in);
        }
    }
}
