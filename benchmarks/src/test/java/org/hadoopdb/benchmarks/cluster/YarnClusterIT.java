package org.hadoopdb.benchmarks.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.cli.Console;
import org.hadoopdb.cli.Main;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.cluster.embedded.EmbeddedNode;
import org.hadoopdb.cluster.embedded.NodeSettings;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.connector.chunk.ChunkInputFormat;
import org.hadoopdb.connector.chunk.ChunkReadCounter;
import org.hadoopdb.connector.chunk.ChunkSplit;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.testing.Differential;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * HadoopDB on real Hadoop services: HDFS and YARN (mini clusters in this JVM, whose containers see
 * only Hadoop's jars, as real nodes do) with three PostgreSQL servers registered as the nodes of a
 * cluster by {@code hadoopdb cluster add-node}, replication 2. The catalog and the raw input live on
 * HDFS; the loader's jobs and the queries' jobs run on YARN. Answers are compared with the same
 * queries in local mode and on one PostgreSQL holding every row; then nodes fail before and during
 * a query.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class YarnClusterIT {
    private static final int VISITS = 3000;
    private static final String UBER = "mapreduce.job.ubertask.enable";
    private static final String AGGREGATION = "SELECT url, COUNT(*), SUM(revenue), MIN(day) FROM visits GROUP BY url";
    /** Job settings of {@link UrlOnes}: the node whose readers hold, and the directory of the markers. */
    private static final String HOLD_NODE = "yarn-it.hold-node";
    private static final String MARKERS = "yarn-it.markers";
    private static final String HOLDING = "holding-";
    private static final String RELEASE = "release";
    /** How long a held attempt, or the test waiting for one, waits at most: a safety net, never the expected path. */
    private static final Duration HOLD_LIMIT = Duration.ofMinutes(10);
    private static final String JOIN = "SELECT r.rank % 10, COUNT(*), SUM(v.revenue) FROM visits v JOIN ranks r ON v.url = r.pageurl "
            + "GROUP BY r.rank % 10";

    @TempDir
    static Path work;

    private static TestClusters.TestCluster postgres;
    private static MiniHadoopCluster hadoop;
    private static Path home;
    private static HadoopDbEngine engine;
    private static Session yarn;
    private static Differential onePostgres;
    private static List<String> expectedAggregation;
    private static List<String> expectedJoin;
    private static List<String> expectedUrlCounts;

    @BeforeAll
    static void startCluster() throws Exception {
        postgres = TestClusters.fresh(3);
        hadoop = MiniHadoopCluster.start(work.resolve("hadoop"), 1);
        home = work.resolve("home");
        hadoop.writeClientSite(home.resolve("conf/hadoopdb-site.xml"),
                Map.of("hadoopdb.catalog.path", hadoop.hdfsUri() + "/hadoopdb/catalog"));
        for (NodeInfo n : postgres.catalog().nodes()) {
            String worker = n.id().replace("node", "worker");
            Cli r = cli("cluster", "add-node", worker, "--jdbc-url", n.jdbcUrl(), "--user", n.user(), "--credential",
                    n.credential().toString());
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.err()).contains("Node " + worker + " answers: PostgreSQL 17.");
        }

        Random random = new Random(7);
        StringBuilder[] parts = {new StringBuilder(), new StringBuilder()};
        StringBuilder ranks = new StringBuilder();
        for (int i = 0; i < VISITS; i++) {
            // revenues are quarters: their sums are exact in any order
            parts[i % 2].append("http://site").append(random.nextInt(200)).append(".com/|10.0.").append(random.nextInt(50)).append('|')
                    .append(random.nextInt(4000) * 0.25).append('|').append(LocalDate.of(2000, 1, 1).plusDays(random.nextInt(365)))
                    .append('\n');
        }
        for (int i = 0; i < 180; i++) {
            ranks.append("http://site").append(i).append(".com/|").append(random.nextInt(1000)).append('\n');
        }
        FileSystem hdfs = FileSystem.get(java.net.URI.create(hadoop.hdfsUri()), hadoop.conf());
        write(hdfs, "/input/visits/part-0.txt", parts[0].toString());
        write(hdfs, "/input/visits/part-1.txt", parts[1].toString());
        String visits = parts[0].toString() + parts[1];
        write(hdfs, "/input/ranks.txt", ranks.toString());

        engine = HadoopDbEngine.start(config(), msg -> { });
        // Jobs with one reducer or none run their tasks inside the application master's container (an "uber"
        // job: the same class path as a task's, one JVM started instead of several); the loader's global
        // repartition, and the jobs of the failure tests, still run every task in a container of its own.
        yarn = engine.openSession(Map.of("hadoopdb.fetch.direct", "false", UBER, "true"));
        run(yarn, "CREATE TABLE visits (url STRING, ip STRING, revenue DOUBLE, day DATE) CLUSTERED BY (url) INTO 6 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run(yarn, "CREATE TABLE ranks (pageurl STRING, rank INT) CLUSTERED BY (pageurl) INTO 6 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run(yarn, "LOAD DATA INPATH '" + hadoop.hdfsUri() + "/input/visits' INTO TABLE visits");
        // the raw file is on HDFS; this load runs its jobs in this JVM (any session may), which keeps the test short
        try (Session local = engine.openSession(Map.of("mapreduce.framework.name", "local"))) {
            run(local, "LOAD DATA INPATH '/input/ranks.txt' INTO TABLE ranks");
        }

        NodeInfo reference = engine.catalog().node("worker3");
        onePostgres = new Differential(yarn, engine, reference, "yarn_reference", 12);
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS yarn_reference CASCADE");
            st.execute("CREATE SCHEMA yarn_reference");
            st.execute("CREATE TABLE yarn_reference.visits (url text, ip text, revenue double precision, day date)");
            st.execute("CREATE TABLE yarn_reference.ranks (pageurl text, rank int)");
            copy(c, "yarn_reference.visits", visits);
            copy(c, "yarn_reference.ranks", ranks.toString());
        }
        expectedAggregation = onePostgres.postgres(AGGREGATION);
        expectedJoin = onePostgres.postgres(JOIN);
        expectedUrlCounts = new ArrayList<>();
        try (Connection c = engine.pools().connect(reference); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT url, count(*) FROM yarn_reference.visits GROUP BY url")) {
            while (rs.next()) {
                expectedUrlCounts.add(rs.getString(1) + "\t" + rs.getLong(2));
            }
        }
    }

    @AfterAll
    static void stopCluster() throws Exception {
        try {
            if (onePostgres != null) {
                onePostgres.dropReference();
            }
            if (yarn != null) {
                yarn.close();
            }
            if (engine != null) {
                engine.close();
            }
        } finally {
            try {
                if (hadoop != null) {
                    hadoop.close();
                }
            } finally {
                if (postgres != null) {
                    postgres.close();
                }
            }
        }
    }

    @Test
    @Order(1)
    void loadsFromHdfsOnYarnAndAnswersAsLocalModeAndOnePostgres() throws Exception {
        Catalog catalog = engine.catalog();
        assertThat(engine.catalogStore().directory().toString()).startsWith(hadoop.hdfsUri());
        TableInfo visits = catalog.table("visits");
        assertThat(visits.chunks()).hasSize(6).allSatisfy(c -> assertThat(c.nodes()).hasSize(2));
        assertThat(visits.chunks().stream().mapToLong(ChunkInfo::rows).sum()).isEqualTo(VISITS);
        assertThat(catalog.schemeOf(visits)).isEqualTo(catalog.schemeOf(catalog.table("ranks")));

        assertThat(onePostgres.hadoopDb(AGGREGATION)).containsExactlyInAnyOrderElementsOf(expectedAggregation);
        assertThat(onePostgres.hadoopDb(JOIN)).containsExactlyInAnyOrderElementsOf(expectedJoin);
        try (Session local = engine.openSession(Map.of("hadoopdb.fetch.direct", "false", "mapreduce.framework.name", "local"))) {
            Differential inLocalMode = new Differential(local, engine, onePostgres.reference(), onePostgres.schema(), 12);
            assertThat(inLocalMode.hadoopDb(AGGREGATION)).containsExactlyInAnyOrderElementsOf(expectedAggregation);
            assertThat(inLocalMode.hadoopDb(JOIN)).containsExactlyInAnyOrderElementsOf(expectedJoin);
        }
        // the jars went to a cache on HDFS once, for every job
        FileSystem hdfs = FileSystem.get(java.net.URI.create(hadoop.hdfsUri()), hadoop.conf());
        assertThat(hdfs.globStatus(new org.apache.hadoop.fs.Path("/tmp/hadoopdb-*/jars/*-hadoopdb-sms-planner-*.jar"))).isNotEmpty();
        assertThat(hdfs.globStatus(new org.apache.hadoop.fs.Path("/tmp/hadoopdb-*/jars/*-postgresql-*.jar"))).hasSize(1);
    }

    /**
     * Hive user functions in YARN's containers, which see only Hadoop's jars: an old-style UDF compiled here
     * against Hive's jar, added from this machine's disk, and Hive's bundled GenericUDFAbs, GenericUDAFSum and
     * GenericUDTFStack, in map tasks (a filter over chunk rows, a LATERAL VIEW whose arguments call the UDF) and
     * reduce tasks (the aggregate, and above the GROUP BY). The jobs ship Hive's jars and the UDF's through the
     * distributed cache; the answers equal the built-in functions' in local mode.
     */
    @Test
    @Order(2)
    void hiveUserFunctionsRunInYarnContainers() throws Exception {
        Path jar = org.hadoopdb.engine.testing.HiveUdfJar.build(work, "yarn-udfs", Map.of("hdbtest.Shout", """
                package hdbtest;

                public class Shout extends org.apache.hadoop.hive.ql.exec.UDF {
                    public String evaluate(String s) {
                        return s == null ? null : s.toUpperCase() + "!";
                    }
                }
                """));
        String lib = org.hadoopdb.engine.testing.HiveUdfJar.hiveLib().toString();
        String udfs = "SELECT shout(url), COUNT(*), hive_abs(-hive_sum(revenue)) FROM visits WHERE shout(ip) LIKE '10.0.1%' GROUP BY url";
        String builtIns = "SELECT concat(upper(url), '!'), COUNT(*), abs(-SUM(revenue)) FROM visits WHERE upper(ip) LIKE '10.0.1%' GROUP BY url";
        String lateralUdfs = "SELECT s.x, COUNT(*) FROM visits LATERAL VIEW hive_stack(1, shout(ip)) s AS x GROUP BY s.x";
        String lateralBuiltIns = "SELECT s.x, COUNT(*) FROM visits LATERAL VIEW explode(array(concat(upper(ip), '!'))) s AS x GROUP BY s.x";
        List<String> expected;
        List<String> expectedLateral;
        try (Session local = engine.openSession(Map.of("hadoopdb.fetch.direct", "false", "mapreduce.framework.name", "local"))) {
            expected = new Differential(local, engine, onePostgres.reference(), onePostgres.schema(), 12).hadoopDb(builtIns);
            expectedLateral = new Differential(local, engine, onePostgres.reference(), onePostgres.schema(), 12).hadoopDb(lateralBuiltIns);
        }
        try (Session s = engine.openSession(Map.of("hadoopdb.fetch.direct", "false", "hadoopdb.exec.client-stage.max-rows", "0",
                "hadoopdb.udf.hive-lib", lib, UBER, "true"))) {
            run(s, "ADD JAR '" + jar + "'");
            run(s, "CREATE TEMPORARY FUNCTION shout AS 'hdbtest.Shout'");
            run(s, "CREATE TEMPORARY FUNCTION hive_abs AS 'org.apache.hadoop.hive.ql.udf.generic.GenericUDFAbs'");
            run(s, "CREATE TEMPORARY FUNCTION hive_sum AS 'org.apache.hadoop.hive.ql.udf.generic.GenericUDAFSum'");
            run(s, "CREATE TEMPORARY FUNCTION hive_stack AS 'org.apache.hadoop.hive.ql.udf.generic.GenericUDTFStack'");
            assertThat(expected).hasSizeGreaterThan(10);
            assertThat(new Differential(s, engine, onePostgres.reference(), onePostgres.schema(), 12).hadoopDb(udfs))
                    .containsExactlyInAnyOrderElementsOf(expected);
            assertThat(expectedLateral).hasSizeGreaterThan(10);
            assertThat(new Differential(s, engine, onePostgres.reference(), onePostgres.schema(), 12).hadoopDb(lateralUdfs))
                    .containsExactlyInAnyOrderElementsOf(expectedLateral);
        }
        FileSystem hdfs = FileSystem.get(java.net.URI.create(hadoop.hdfsUri()), hadoop.conf());
        assertThat(hdfs.globStatus(new org.apache.hadoop.fs.Path("/tmp/hadoopdb-*/jars/*-hive-exec-4.1.0.jar"))).hasSize(1);
        assertThat(hdfs.globStatus(new org.apache.hadoop.fs.Path("/tmp/hadoopdb-*/jars/*-yarn-udfs.jar"))).hasSize(1);
    }

    /**
     * The paper's section 7: a speculative attempt of a slow chunk's task reads a replica. worker2
     * straggles for this job only: the first attempt of each task reading it holds after its first
     * row, reporting that it is alive but making no progress, until it is killed; speculation
     * launches a second attempt, which reads the chunk's replica and wins. Nothing here depends on
     * how fast the machine is: the straggler waits for the speculative attempt, not for a clock.
     */
    @Test
    @Order(3)
    void aSpeculativeAttemptOfASlowChunkReadsAReplica() throws Exception {
        Job job = urlCountJob("worker2", "speculation", 10000);
        job.getConfiguration().setBoolean("mapreduce.map.speculative", true);
        job.getConfiguration().setLong("mapreduce.job.speculative.retry-after-no-speculate", 500);
        job.getConfiguration().setLong("mapreduce.job.speculative.retry-after-speculate", 1000);
        assertThat(job.waitForCompletion(false)).isTrue();
        assertThat(output(job)).containsExactlyInAnyOrderElementsOf(expectedUrlCounts);

        Set<Integer> slowTasks = tasksWithPrimary(job, "worker2");
        assertThat(slowTasks).isNotEmpty();
        // attempt 0 reads the chunk's primary (worker2, holding); attempt 1, the speculative one, its replica, and wins
        assertThat(completions(job)).anySatisfy(e -> {
            assertThat(e.isMapTask()).isTrue();
            assertThat(e.getStatus()).isEqualTo(TaskCompletionEvent.Status.SUCCEEDED);
            assertThat(e.getTaskAttemptId().getTaskID().getId()).isIn(slowTasks);
            assertThat(e.getTaskAttemptId().getId()).isEqualTo(1);
        });
    }

    /**
     * A node's PostgreSQL stops while tasks stream chunks from it: each task's chunk reader goes on
     * from the chunk's replica, skipping exactly the rows it had handed on, within the same attempt.
     * The tasks reading worker1 hold after their first row until the test has stopped the node, so the
     * node always dies in the middle of a chunk, however slow the machine.
     */
    @Test
    @Order(4)
    void aNodeKilledDuringAJobIsReplacedByItsReplicas() throws Exception {
        Job job = urlCountJob("worker1", "kill", 20);
        job.getConfiguration().setBoolean("mapreduce.map.speculative", false);
        job.submit();
        awaitMarker(job, HOLDING + "*");
        embedded("worker1").stop();
        release(job);
        assertThat(job.waitForCompletion(false)).isTrue();
        assertThat(output(job)).containsExactlyInAnyOrderElementsOf(expectedUrlCounts);
        assertThat(job.getCounters().findCounter(ChunkReadCounter.REPLICA_FAILOVERS).getValue()).isPositive();
        assertThat(job.getCounters().findCounter(ChunkReadCounter.ROWS_SKIPPED_ON_RESUME).getValue()).isPositive();
        assertThat(completions(job)).noneSatisfy(e -> assertThat(e.getStatus()).isEqualTo(TaskCompletionEvent.Status.FAILED));
    }

    /** worker1 is still down (previous test): SMS queries plan around it; with worker2 down too, a chunk has no copy left. */
    @Test
    @Order(5)
    void queriesUseReplicasWhileANodeIsDownAndNameTheChunkWhenNoCopyIsLeft() throws Exception {
        EmbeddedNode worker1 = embedded("worker1");
        try {
            worker1.stop();
            assertThat(onePostgres.hadoopDb(AGGREGATION)).containsExactlyInAnyOrderElementsOf(expectedAggregation);
            EmbeddedNode worker2 = embedded("worker2");
            worker2.stop();
            try {
                assertThatThrownBy(() -> onePostgres.hadoopDb(AGGREGATION))
                        .hasMessageContaining("Every copy of")
                        .hasMessageContaining("worker1")
                        .hasMessageContaining("worker2");
            } finally {
                restart(worker2);
            }
        } finally {
            restart(worker1);
        }
    }

    // ---- failure helpers -------------------------------------------------------------------------

    /**
     * Emits (url, 1) for every row a chunk query returns. An attempt reading the node named
     * {@value #HOLD_NODE} (attempt {@code a} starts at copy {@code a mod copies}) holds after its first
     * row: it writes the marker {@code holding-<attempt>} into the directory {@value #MARKERS} and
     * waits, reporting that it is alive, until the marker {@value #RELEASE} appears there or it is
     * killed; after {@link #HOLD_LIMIT}, a safety net only, it goes on.
     */
    public static final class UrlOnes extends Mapper<LongWritable, Row, Text, LongWritable> {
        private final Text url = new Text();
        private final LongWritable one = new LongWritable(1);
        private boolean first = true;

        @Override
        protected void map(LongWritable key, Row row, Context context) throws java.io.IOException, InterruptedException {
            url.set(row.getString(0));
            context.write(url, one);
            if (first) {
                first = false;
                ChunkSplit split = (ChunkSplit) context.getInputSplit();
                int attempt = context.getTaskAttemptID().getId();
                String node = split.copies().get(attempt % split.copies().size()).node().id();
                if (node.equals(context.getConfiguration().get(HOLD_NODE))) {
                    hold(context);
                }
            }
        }

        private static void hold(Context context) throws java.io.IOException, InterruptedException {
            org.apache.hadoop.fs.Path markers = new org.apache.hadoop.fs.Path(context.getConfiguration().get(MARKERS));
            FileSystem fs = markers.getFileSystem(context.getConfiguration());
            fs.create(new org.apache.hadoop.fs.Path(markers, HOLDING + context.getTaskAttemptID())).close();
            org.apache.hadoop.fs.Path release = new org.apache.hadoop.fs.Path(markers, RELEASE);
            long deadline = System.nanoTime() + HOLD_LIMIT.toNanos();
            while (!fs.exists(release) && System.nanoTime() < deadline) {
                context.progress(); // alive, so not timed out; the fraction read stays where it is
                Thread.sleep(200);
            }
        }
    }

    /**
     * A hand-written job over the chunks (the connector's public API): visits per URL, the chunks read
     * {@code fetchSize} rows per round trip; the attempts reading {@code holdNode} hold after their
     * first row (see {@link UrlOnes}).
     */
    private static Job urlCountJob(String holdNode, String name, int fetchSize) throws Exception {
        Job job = Job.getInstance(config().hadoopConf(), "yarn-it " + name);
        ChunkInputFormat.configure(job).catalog(engine.catalogStore().directory())
                .query("SELECT v.url FROM visits v", "visits").fetchSize(fetchSize).apply();
        job.setMapperClass(UrlOnes.class);
        job.setReducerClass(LongSumReducer.class);
        job.setNumReduceTasks(1);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(LongWritable.class);
        job.setOutputFormatClass(TextOutputFormat.class);
        String run = name + "-" + System.nanoTime();
        FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path("/yarn-it/" + run));
        job.getConfiguration().set(HOLD_NODE, holdNode);
        job.getConfiguration().set(MARKERS, "/yarn-it/markers-" + run);
        return job;
    }

    /** Waits until a task of {@code job} has written a marker matching {@code glob}; fails when the job ends first. */
    private static void awaitMarker(Job job, String glob) throws Exception {
        org.apache.hadoop.fs.Path markers = new org.apache.hadoop.fs.Path(job.getConfiguration().get(MARKERS));
        FileSystem fs = markers.getFileSystem(job.getConfiguration());
        long deadline = System.nanoTime() + HOLD_LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            var found = fs.globStatus(new org.apache.hadoop.fs.Path(markers, glob));
            if (found != null && found.length > 0) {
                return;
            }
            if (job.isComplete()) {
                throw new AssertionError("Job " + job.getJobID() + " ended (" + job.getJobState() + ") before a task wrote " + glob);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("No task of " + job.getJobID() + " wrote " + glob + " within " + HOLD_LIMIT + " (the safety net)");
    }

    /** Lets the held attempts of {@code job} go on. */
    private static void release(Job job) throws Exception {
        org.apache.hadoop.fs.Path markers = new org.apache.hadoop.fs.Path(job.getConfiguration().get(MARKERS));
        markers.getFileSystem(job.getConfiguration()).create(new org.apache.hadoop.fs.Path(markers, RELEASE)).close();
    }

    private static List<String> output(Job job) throws Exception {
        org.apache.hadoop.fs.Path dir = FileOutputFormat.getOutputPath(job);
        FileSystem fs = dir.getFileSystem(job.getConfiguration());
        List<String> lines = new ArrayList<>();
        for (var status : fs.globStatus(new org.apache.hadoop.fs.Path(dir, "part-*"))) {
            try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(fs.open(status.getPath()), StandardCharsets.UTF_8))) {
                in.lines().forEach(lines::add);
            }
        }
        return lines;
    }

    private static List<TaskCompletionEvent> completions(Job job) throws Exception {
        List<TaskCompletionEvent> all = new ArrayList<>();
        for (int from = 0; ; ) {
            TaskCompletionEvent[] batch = job.getTaskCompletionEvents(from, 100);
            if (batch.length == 0) {
                return all;
            }
            all.addAll(List.of(batch));
            from += batch.length;
        }
    }

    /**
     * The map tasks whose first copy is on {@code node}. Task numbers follow the order in which job
     * submission writes the splits: largest first, a stable sort.
     */
    private static Set<Integer> tasksWithPrimary(Job job, String node) throws Exception {
        List<org.apache.hadoop.mapreduce.InputSplit> splits = new ArrayList<>(new ChunkInputFormat().getSplits(job));
        splits.sort(java.util.Comparator.comparingLong(YarnClusterIT::length).reversed());
        Set<Integer> out = new java.util.HashSet<>();
        for (int i = 0; i < splits.size(); i++) {
            if (((ChunkSplit) splits.get(i)).copies().get(0).node().id().equals(node)) {
                out.add(i);
            }
        }
        return out;
    }

    private static long length(org.apache.hadoop.mapreduce.InputSplit split) {
        try {
            return split.getLength();
        } catch (java.io.IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static EmbeddedNode embedded(String worker) {
        String id = worker.replace("worker", "node");
        return new EmbeddedCluster(postgres.config()).embeddedNodes(postgres.catalog()).stream().filter(n -> n.id().equals(id))
                .findFirst().orElseThrow();
    }

    private static void restart(EmbeddedNode node) {
        node.start(NodeSettings.forNode(postgres.config(), node.port(), 3), Duration.ofSeconds(60));
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private static HadoopDbConfig config() {
        return HadoopDbConfig.builder().home(home).environment(Map.of()).build();
    }

    record Cli(int exit, String out, String err) {
    }

    static Cli cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--home", home.toString()));
        all.addAll(List.of(args));
        int exit = Main.run(all.toArray(new String[0]), new Console(new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Cli(exit, out.toString(), err.toString());
    }

    private static void run(Session session, String sql) {
        session.execute(sql, StatementListener.NONE);
    }

    private static void write(FileSystem fs, String path, String text) throws Exception {
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void copy(Connection c, String table, String rows) throws Exception {
        org.postgresql.copy.CopyManager copy = c.unwrap(org.postgresql.PGConnection.class).getCopyAPI();
        copy.copyIn("COPY " + table + " FROM STDIN WITH (FORMAT text, DELIMITER '|')", new java.io.StringReader(rows));
    }
}
