package org.hadoopdb.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.embedded.EmbeddedCluster;
import org.hadoopdb.connector.embedded.EmbeddedNode;
import org.hadoopdb.connector.testing.TestClusters;
import org.hadoopdb.planner.session.HadoopDbEngine;
import org.hadoopdb.planner.session.Session;
import org.hadoopdb.planner.session.StatementListener;
import org.hadoopdb.planner.testing.Differential;
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
    private static final String AGGREGATION = "SELECT url, COUNT(*), SUM(revenue), MIN(day) FROM visits GROUP BY url";
    private static final String JOIN = "SELECT r.rank % 10, COUNT(*), SUM(v.revenue) FROM visits v JOIN ranks r ON v.url = r.pageurl "
            + "GROUP BY r.rank % 10";

    static Path work;

    private static TestClusters.TestCluster postgres;
    private static MiniHadoop hadoop;
    private static Path home;
    private static HadoopDbEngine engine;
    private static Session yarn;
    private static Differential onePostgres;
    private static List<String> expectedAggregation;
    private static List<String> expectedJoin;

    @BeforeAll
    static void startCluster() throws Exception {
        work = Path.of(System.getProperty("yarnit.work", "/tmp/yarnit-" + System.nanoTime()));
        postgres = TestClusters.fresh(3);
        hadoop = MiniHadoop.start(work.resolve("hadoop"));
        home = work.resolve("home");
        hadoop.writeClientSite(home.resolve("conf/hadoopdb-site.xml"),
                Map.of("hadoopdb.catalog.path", hadoop.hdfsUri() + "/hadoopdb/catalog"));
        for (NodeInfo n : postgres.catalog().nodes()) {
            String worker = n.id().replace("node", "worker");
            Cli r = cli("cluster", "add-node", worker, "--jdbc-url", n.jdbcUrl(), "--user", n.user());
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
        yarn = engine.openSession(Map.of("hadoopdb.fetch.direct", "false"));
        run(yarn, "CREATE TABLE visits (url STRING, ip STRING, revenue DOUBLE, day DATE) CLUSTERED BY (url) INTO 6 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run(yarn, "CREATE TABLE ranks (pageurl STRING, rank INT) CLUSTERED BY (pageurl) INTO 6 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run(yarn, "LOAD DATA INPATH '" + hadoop.hdfsUri() + "/input/visits' INTO TABLE visits");
        run(yarn, "LOAD DATA INPATH '/input/ranks.txt' INTO TABLE ranks");

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
