package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.testing.Differential;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.ProgressListener;
import org.hadoopdb.runtime.ResultStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stages run in the client ({@code hadoopdb.exec.client-stage.max-rows}): each query runs with the rule
 * forced on (every stage in the client, none as a job) and with it off (every stage a job), EXPLAIN says
 * which way its stages run, and both answers must equal one PostgreSQL's. Then a mix of the two (a job
 * reading a client stage's file and the other way round), the fallback to a job when more rows arrive
 * than the client may hold, cancellation, and a result closed early.
 */
class ClientStageDifferentialIT {
    private static final String ON = "100000000";
    private static HadoopDbEngine engine;
    private static NodeInfo reference;
    private static final Map<String, Session> sessions = new HashMap<>();

    @TempDir
    static Path files;

    @BeforeAll
    static void load() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        reference = engine.catalog().nodes().get(0);
        Session setup = session(ON, true);
        String events = events();
        String tags = "red|warm|1\nred|bright|2\ngreen|cold|3\nblue|cold|4\nblack|dark|5\n|empty|6\n\\N|nullkey|7\n";
        for (String t : List.of("cs_events", "cs_tags", "cs_empty")) {
            setup.execute("DROP TABLE IF EXISTS " + t, StatementListener.NONE);
        }
        setup.execute("CREATE TABLE cs_events (k INT, grp STRING, amount DOUBLE, qty INT, day DATE) CLUSTERED BY (k) INTO 4 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'", StatementListener.NONE);
        setup.execute("CREATE TABLE cs_empty (k INT, grp STRING, amount DOUBLE, qty INT, day DATE) CLUSTERED BY (k) INTO 4 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'", StatementListener.NONE);
        setup.execute("CREATE TABLE cs_tags (grp STRING, label STRING, w INT) CLUSTERED BY (label) INTO 2 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'", StatementListener.NONE);
        setup.execute("LOAD DATA LOCAL INPATH '" + Files.writeString(files.resolve("events.txt"), events, StandardCharsets.UTF_8)
                + "' INTO TABLE cs_events", StatementListener.NONE);
        setup.execute("LOAD DATA LOCAL INPATH '" + Files.writeString(files.resolve("tags.txt"), tags, StandardCharsets.UTF_8)
                + "' INTO TABLE cs_tags", StatementListener.NONE);
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS cs_reference CASCADE");
            st.execute("CREATE SCHEMA cs_reference");
            st.execute("CREATE TABLE cs_reference.cs_events (k int, grp text COLLATE \"C\", amount float8, qty int, day date)");
            st.execute("CREATE TABLE cs_reference.cs_empty (k int, grp text COLLATE \"C\", amount float8, qty int, day date)");
            st.execute("CREATE TABLE cs_reference.cs_tags (grp text COLLATE \"C\", label text COLLATE \"C\", w int)");
            var copy = c.unwrap(org.postgresql.PGConnection.class).getCopyAPI();
            copy.copyIn("COPY cs_reference.cs_events FROM STDIN WITH (FORMAT text, DELIMITER '|')", new java.io.StringReader(events));
            copy.copyIn("COPY cs_reference.cs_tags FROM STDIN WITH (FORMAT text, DELIMITER '|')", new java.io.StringReader(tags));
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        new Differential(session(ON, true), engine, reference, "cs_reference", 9).dropReference();
        sessions.values().forEach(Session::close);
        engine.close();
    }

    /** A session with the rule on or off, with or without broadcast joins (off: joins repartition both inputs). */
    private static Session session(String maxRows, boolean broadcast) {
        return sessions.computeIfAbsent(maxRows + "/" + broadcast, k -> engine.openSession(Map.of(
                "hadoopdb.exec.client-stage.max-rows", maxRows, "hadoopdb.join.broadcast.max-bytes", broadcast ? "32MB" : "0")));
    }

    private static String events() {
        Random r = new Random(8);
        String[] groups = {"red", "green", "blue", "cyan", "Red", "", "violet", "\\N"};
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < 2000; k++) {
            sb.append(k).append('|').append(groups[r.nextInt(groups.length)]).append('|')
                    .append(k % 17 == 5 ? "\\N" : String.valueOf(Math.round(r.nextGaussian() * 10_000) / 16.0)).append('|')
                    .append(k % 23 == 1 ? "\\N" : String.valueOf(r.nextInt(50))).append('|')
                    .append(LocalDate.of(2000, 1, 1).plusDays(r.nextInt(90))).append('\n');
        }
        // a group whose amounts are all NULL: its SUM is NULL
        sb.append("5000|allnull|\\N|1|2000-02-02\n5001|allnull|\\N|2|2000-02-03\n");
        return sb.toString();
    }

    /**
     * @param client    whether the last stage is placed in the client before the query runs (it reads chunk
     *                  statements only); false when it is placed when it starts (it reads earlier stages' files)
     * @param broadcast whether broadcast joins are allowed
     */
    private record Query(String hive, String pg, boolean ordered, boolean client, boolean broadcast) {
        static Query same(String sql) {
            return new Query(sql, sql, false, true, false);
        }
    }

    static List<Query> queries() {
        List<Query> q = new ArrayList<>();
        // aggregation grouped by a column other than the partitioning key, with a NULL group and an all-NULL group
        q.add(Query.same("SELECT grp, COUNT(*), COUNT(amount), SUM(amount), MIN(qty), MAX(day) FROM cs_events GROUP BY grp"));
        q.add(new Query("SELECT grp, AVG(qty), AVG(amount) FROM cs_events GROUP BY grp",
                "SELECT grp, AVG(qty)::float8, AVG(amount) FROM cs_events GROUP BY grp", false, true, false));
        // two repartitions (the distinct values, then the count): the last stage reads the first one's file
        q.add(new Query("SELECT grp, COUNT(DISTINCT qty) FROM cs_events GROUP BY grp",
                "SELECT grp, COUNT(DISTINCT qty) FROM cs_events GROUP BY grp", false, false, false));
        q.add(Query.same("SELECT qty, COUNT(*) FROM cs_events WHERE grp IS NULL OR grp = '' GROUP BY qty"));
        q.add(Query.same("SELECT grp, COUNT(*) FROM cs_events GROUP BY grp HAVING COUNT(*) > 250"));
        q.add(Query.same("SELECT DISTINCT grp FROM cs_events"));
        q.add(Query.same("SELECT COUNT(*), SUM(amount), MAX(grp) FROM cs_events"));
        // ORDER BY ... LIMIT (Hive sorts NULLs first ascending, last descending)
        q.add(new Query("SELECT grp, SUM(amount) AS s FROM cs_events GROUP BY grp ORDER BY s DESC, grp LIMIT 4",
                "SELECT grp, SUM(amount) AS s FROM cs_events GROUP BY grp ORDER BY s DESC NULLS LAST, grp NULLS FIRST LIMIT 4",
                true, true, false));
        q.add(new Query("SELECT grp, SUM(amount) AS s FROM cs_events GROUP BY grp ORDER BY s, grp LIMIT 3",
                "SELECT grp, SUM(amount) AS s FROM cs_events GROUP BY grp ORDER BY s NULLS FIRST, grp NULLS FIRST LIMIT 3",
                true, true, false));
        q.add(new Query("SELECT k, amount FROM cs_events ORDER BY amount DESC, k LIMIT 15",
                "SELECT k, amount FROM cs_events ORDER BY amount DESC NULLS LAST, k LIMIT 15", true, true, false));
        q.add(new Query("SELECT k, grp FROM cs_events ORDER BY grp, k DESC LIMIT 12",
                "SELECT k, grp FROM cs_events ORDER BY grp NULLS FIRST, k DESC LIMIT 12", true, true, false));
        // repartition joins (both inputs shuffled on grp), NULL keys match nothing
        q.add(Query.same("SELECT e.k, t.label FROM cs_events e JOIN cs_tags t ON e.grp = t.grp"));
        q.add(Query.same("SELECT e.k, t.label, t.w FROM cs_events e LEFT JOIN cs_tags t ON e.grp = t.grp WHERE e.k < 300"));
        q.add(Query.same("SELECT e.k, t.label FROM cs_events e FULL JOIN cs_tags t ON e.grp = t.grp WHERE e.k IS NULL OR e.k < 100"));
        // a semi join (one stage that reads both tables' chunks)
        q.add(new Query("SELECT e.k FROM cs_events e LEFT SEMI JOIN cs_tags t ON e.grp = t.grp",
                "SELECT e.k FROM cs_events e WHERE EXISTS (SELECT 1 FROM cs_tags t WHERE t.grp = e.grp)", false, true, false));
        // a join then an aggregate on another key: the last stage reads the join's file
        q.add(new Query("SELECT t.label, COUNT(*), SUM(e.amount) FROM cs_events e JOIN cs_tags t ON e.grp = t.grp GROUP BY t.label",
                "SELECT t.label, COUNT(*), SUM(e.amount) FROM cs_events e JOIN cs_tags t ON e.grp = t.grp GROUP BY t.label",
                false, false, false));
        // a broadcast join in the map side of the last stage: the build side's stage writes the file it reads
        q.add(new Query("SELECT t.label, COUNT(*), SUM(e.qty) FROM cs_events e JOIN cs_tags t ON e.grp = t.grp GROUP BY t.label",
                "SELECT t.label, COUNT(*), SUM(e.qty) FROM cs_events e JOIN cs_tags t ON e.grp = t.grp GROUP BY t.label",
                false, true, true));
        // windows partitioned off the key
        q.add(Query.same("SELECT k, grp, ROW_NUMBER() OVER (PARTITION BY grp ORDER BY k) FROM cs_events"));
        q.add(Query.same("SELECT k, SUM(qty) OVER (PARTITION BY grp) FROM cs_events WHERE k < 500"));
        // empty input: an empty table, and a filter nothing passes
        q.add(Query.same("SELECT grp, COUNT(*) FROM cs_empty GROUP BY grp"));
        q.add(Query.same("SELECT COUNT(*), SUM(amount) FROM cs_empty"));
        q.add(Query.same("SELECT grp, SUM(amount) FROM cs_events WHERE qty > 1000 GROUP BY grp"));
        q.add(Query.same("SELECT COUNT(*), MIN(k) FROM cs_events WHERE qty > 1000"));
        q.add(new Query("SELECT k FROM cs_empty ORDER BY k LIMIT 3", "SELECT k FROM cs_empty ORDER BY k LIMIT 3", true, true, false));
        q.add(Query.same("SELECT e.k, t.label FROM cs_empty e JOIN cs_tags t ON e.grp = t.grp"));
        return q;
    }

    @TestFactory
    Stream<DynamicTest> theClientStageGivesTheJobsAnswer() {
        return queries().stream().map(q -> DynamicTest.dynamicTest(q.hive(), () -> {
            Session on = session(ON, q.broadcast());
            Session off = session("0", q.broadcast());
            String runTime = runTime(on, q.hive());
            if (q.client()) {
                assertThat(runTime).as(q.hive()).contains("runs in the client, not as a MapReduce job");
            } else {
                assertThat(runTime).as(q.hive()).contains("is placed when it starts: in the client if at most");
            }
            assertThat(runTime).as(q.hive()).doesNotContain("runs as a job");
            assertThat(runTime(off, q.hive())).as(q.hive()).contains("runs as a job: running stages in the client is off")
                    .doesNotContain("runs in the client");

            Recorder inClient = new Recorder();
            Recorder asJobs = new Recorder();
            List<String> ours = rows(on, q.hive(), inClient);
            List<String> jobs = rows(off, q.hive(), asJobs);
            List<String> theirs = new Differential(on, engine, reference, "cs_reference", 9).postgres(q.pg());
            if (q.ordered()) {
                assertThat(ours).as(q.hive()).containsExactlyElementsOf(jobs).containsExactlyElementsOf(theirs);
            } else {
                assertThat(ours).as(q.hive()).containsExactlyInAnyOrderElementsOf(jobs).containsExactlyInAnyOrderElementsOf(theirs);
            }
            boolean empty = q.hive().contains("cs_empty") || q.hive().contains("qty > 1000");
            if (!empty || !inClient.jobs.isEmpty()) {
                assertThat(inClient.jobs).as(q.hive()).contains(ProgressListener.CLIENT_STAGE);
            }
            assertThat(inClient.jobs).as(q.hive()).noneMatch(j -> j.startsWith("job_"));
            assertThat(asJobs.jobs).as(q.hive()).doesNotContain(ProgressListener.CLIENT_STAGE);
        }));
    }

    @Test
    void aLargeUnorderedAggregationRunsWithTheLocalRunnersReducersNotThePlannedOne() throws SQLException {
        // with the client stage off every stage counts as large: an aggregation on a key other than the
        // partitioning one gets the local runner's reduce slots; an ORDER BY keeps its single reducer
        Session off = session("0", false);
        String sql = "SELECT grp, COUNT(*), SUM(amount), MAX(day) FROM cs_events GROUP BY grp HAVING COUNT(*) > 1";
        assertThat(runTime(off, sql)).containsPattern("Stage \\d+ runs with [2-9] reducers, not the planned 1: PostgreSQL estimates");
        Recorder progress = new Recorder();
        assertThat(rows(off, sql, progress))
                .containsExactlyInAnyOrderElementsOf(new Differential(off, engine, reference, "cs_reference", 9).postgres(sql));
        assertThat(progress.jobs).anyMatch(j -> j.startsWith("job_"));
        assertThat(runTime(off, "SELECT grp, COUNT(*) AS n FROM cs_events GROUP BY grp ORDER BY n DESC")).doesNotContain("reducers, not");
        // grouped on an expression, PostgreSQL's count of groups is only a bound from above: no raise
        String onExpression = "SELECT SUBSTR(grp, 1, 2), COUNT(*) FROM cs_events GROUP BY SUBSTR(grp, 1, 2)";
        assertThat(runTime(off, onExpression)).doesNotContain("reducers, not")
                .containsPattern("Stage \\d+ keeps 1 reducer: PostgreSQL's [\\d,]+ rows count the groups of a GROUP BY on an expression");
        assertThat(rows(off, onExpression, new Recorder())).containsExactlyInAnyOrderElementsOf(
                new Differential(off, engine, reference, "cs_reference", 9).postgres(onExpression));
    }

    @Test
    void jobsAndClientStagesReadEachOthersOutput() throws SQLException {
        // 2,002 rows of cs_events are past the rule's 1,000: what reads them is a job; what reads less runs in the client
        try (Session mixed = engine.openSession(Map.of("hadoopdb.exec.client-stage.max-rows", "1000"))) {
            // the window over all 2,002 rows is a job, whose output (the first 50 of each group) is aggregated in the client
            String jobThenClient = "SELECT k % 7 AS m, COUNT(*), MAX(k) FROM (SELECT grp, k, ROW_NUMBER() OVER (PARTITION BY grp "
                    + "ORDER BY k) AS rn FROM cs_events) w WHERE rn <= 50 GROUP BY k % 7";
            assertThat(runTime(mixed, jobThenClient)).contains("runs as a job: PostgreSQL estimates")
                    .contains("is placed when it starts");
            assertAnswerFromTheClientAndAJob(mixed, jobThenClient);
            // the broadcast join's build side (7 tags) is a client stage's file, read by the map tasks of a job (grouped on
            // an events column too: the events are not summed per group before the join, EagerAggregation)
            String clientThenJob = "SELECT t.label, e.grp, COUNT(*), SUM(e.qty) FROM cs_events e JOIN cs_tags t ON e.grp = t.grp "
                    + "GROUP BY t.label, e.grp";
            assertAnswerFromTheClientAndAJob(mixed, clientThenJob);
        }
    }

    @Test
    void anIntermediateStageWithMoreRowsThanTheClientMayHoldRunsAsAJob() throws SQLException {
        // the join's 2,000 rows pass the estimate but not the cap: that stage becomes a job, the aggregate above it does not
        // (grouped on an events column too, so that the join, not a sum of the events per group, meets the cap)
        try (Session capped = engine.openSession(Map.of("hadoopdb.exec.client-stage.max-rows", ON,
                "hadoopdb.exec.client-stage.max-buffered-rows", "1200", "hadoopdb.join.broadcast.max-bytes", "0"))) {
            assertAnswerFromTheClientAndAJob(capped, "SELECT t.label, e.grp, COUNT(*), SUM(e.amount) FROM cs_events e JOIN cs_tags t "
                    + "ON e.grp = t.grp GROUP BY t.label, e.grp");
        }
    }

    /** PostgreSQL's answer, with a stage in the client (started there at least) and a MapReduce job. */
    private static void assertAnswerFromTheClientAndAJob(Session s, String sql) throws SQLException {
        Recorder progress = new Recorder();
        assertThat(rows(s, sql, progress)).as(sql).containsExactlyInAnyOrderElementsOf(
                new Differential(s, engine, reference, "cs_reference", 9).postgres(sql));
        assertThat(progress.jobs).as(sql).contains(ProgressListener.CLIENT_STAGE).anyMatch(j -> j.startsWith("job_"));
    }

    @Test
    void moreRowsThanTheClientMayHoldRunTheStageAsAJob() throws SQLException {
        // PostgreSQL's estimate lets the rule fire; the hard cap of 100 rows then stops the reads (2,002 rows enter)
        try (Session capped = engine.openSession(Map.of("hadoopdb.exec.client-stage.max-rows", ON,
                "hadoopdb.exec.client-stage.max-buffered-rows", "100"))) {
            String sql = "SELECT k, grp, ROW_NUMBER() OVER (PARTITION BY grp ORDER BY k) FROM cs_events";
            assertThat(runTime(capped, sql)).contains("runs in the client");
            Recorder progress = new Recorder();
            List<String> rows = rows(capped, sql, progress);
            assertThat(rows).containsExactlyInAnyOrderElementsOf(new Differential(capped, engine, reference, "cs_reference", 9).postgres(sql));
            assertThat(progress.jobs).contains(ProgressListener.CLIENT_STAGE).anyMatch(j -> j.startsWith("job_"));
        }
        // a memory cap has the same effect
        try (Session capped = engine.openSession(Map.of("hadoopdb.exec.client-stage.max-rows", ON,
                "hadoopdb.exec.client-stage.max-buffer-bytes", "4KB"))) {
            String sql = "SELECT k, SUM(qty) OVER (PARTITION BY grp) FROM cs_events";
            Recorder progress = new Recorder();
            assertThat(rows(capped, sql, progress))
                    .containsExactlyInAnyOrderElementsOf(new Differential(capped, engine, reference, "cs_reference", 9).postgres(sql));
            assertThat(progress.jobs).anyMatch(j -> j.startsWith("job_"));
        }
    }

    @Test
    void anAggregateOnAnExpressionEstimatedPastMaxRowsIsTriedInTheClient() throws SQLException {
        // PostgreSQL counts qty % 5's groups as qty's values (about 50 a chunk): past max-rows = 100, an upper bound
        // only; six groups a chunk arrive, so the trial holds and no job runs
        Session small = session("100", false);
        String fits = "SELECT qty % 5, COUNT(*), SUM(amount) FROM cs_events GROUP BY qty % 5";
        assertThat(runTime(small, fits)).containsPattern("Stage \\d+ is tried in the client: PostgreSQL's [\\d,]+ rows count the "
                + "groups of a GROUP BY on an expression, an upper bound; it runs as a job if more than 100 rows arrive");
        Recorder progress = new Recorder();
        assertThat(rows(small, fits, progress))
                .containsExactlyInAnyOrderElementsOf(new Differential(small, engine, reference, "cs_reference", 9).postgres(fits));
        assertThat(progress.jobs).contains(ProgressListener.CLIENT_STAGE).noneMatch(j -> j.startsWith("job_"));
        // with max-rows = 10 the trial holds 10 rows: the first letters of the groups are more, and a job answers
        Session tiny = session("10", false);
        String outgrows = "SELECT SUBSTR(grp, 1, 1), COUNT(*), MAX(day) FROM cs_events GROUP BY SUBSTR(grp, 1, 1)";
        assertThat(runTime(tiny, outgrows)).contains("is tried in the client");
        assertAnswerFromTheClientAndAJob(tiny, outgrows);
    }

    @Test
    void aCancelledClientStageFailsAndTheSessionRunsOn() {
        try (Session s = engine.openSession(Map.of("hadoopdb.exec.client-stage.max-rows", ON))) {
            StatementListener cancelAtStart = new Recorder() {
                @Override
                public void progress(int stage, int stages, String jobId, float map, float reduce) {
                    if (jobId.equals(ProgressListener.CLIENT_STAGE)) {
                        s.cancel();
                    }
                }
            };
            assertThatThrownBy(() -> s.execute("SELECT grp, COUNT(*) FROM cs_events GROUP BY grp", cancelAtStart))
                    .isInstanceOf(PlannerException.class).hasMessageContaining("cancelled");
            assertThat(rows(s, "SELECT COUNT(*) FROM cs_events WHERE grp = 'red'", new Recorder())).hasSize(1);
        }
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("hadoopdb-client-reduce") && t.isAlive());
    }

    @Test
    void aResultClosedEarlyStopsTheClientsReducer() throws InterruptedException {
        Session on = session(ON, false);
        StatementResult r = on.execute("SELECT e.k, t.label FROM cs_events e JOIN cs_tags t ON e.grp = t.grp", StatementListener.NONE);
        try (ResultStream rows = ((StatementResult.Rows) r).rows()) {
            assertThat(rows.next()).isTrue();
        }
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(t -> (t.getName().equals("hadoopdb-client-reduce") || t.getName().equals("hadoopdb-chunk-read")) && t.isAlive());
    }

    private static String runTime(Session s, String sql) {
        StringBuilder text = new StringBuilder();
        try (ResultStream rows = ((StatementResult.Rows) s.execute("EXPLAIN " + sql, StatementListener.NONE)).rows()) {
            while (rows.next()) {
                text.append(rows.row().getString(0)).append('\n');
            }
        }
        String all = text.toString();
        int at = all.indexOf("RUN TIME");
        assertThat(at).as("EXPLAIN " + sql + " has a RUN TIME section:\n" + all).isNotNegative();
        return all.substring(at);
    }

    private static List<String> rows(Session s, String sql, StatementListener listener) {
        List<String> out = new ArrayList<>();
        try (ResultStream rows = ((StatementResult.Rows) s.execute(sql, listener)).rows()) {
            while (rows.next()) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < rows.schema().size(); i++) {
                    line.append(i == 0 ? "" : " | ").append(Differential.normalize(rows.row().get(i), 9));
                }
                out.add(line.toString());
            }
        }
        return out;
    }

    /** The job ids a statement reported ("client" for a stage run in the client). */
    private static class Recorder implements StatementListener {
        final List<String> jobs = new CopyOnWriteArrayList<>();

        @Override
        public void progress(int stage, int stages, String jobId, float map, float reduce) {
            jobs.add(jobId);
        }

        @Override
        public void message(String text) {
        }
    }
}
