package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.cluster.embedded.testing.TestClusters.TestCluster;
import org.hadoopdb.runtime.ResultStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query cancelled while a node is still computing its chunk statement (a pushed join whose first row
 * takes minutes): the statement is cancelled on the node, not left to run to its end. The cancel is
 * sent once the node is seen running the statement, and the test then waits for the node to stop
 * (bounded far below the statement's own duration), never for a fixed time.
 */
class CancelledChunkStatementIT {
    /** Rows of one key: the pushed self-join counts ROWS² pairs, minutes of work for PostgreSQL. */
    private static final int ROWS = 120_000;

    /** Read directly (no job), or by a map-only job whose task waits for the statement. */
    @ParameterizedTest(name = "hadoopdb.fetch.direct={0}")
    @ValueSource(strings = {"true", "false"})
    @Timeout(600)
    void aCancelStopsAChunkStatementTheNodeIsStillComputing(String direct, @TempDir Path files) throws Exception {
        try (TestCluster cluster = TestClusters.fresh(1);
             HadoopDbEngine engine = HadoopDbEngine.start(cluster.config(), msg -> { });
             Session session = engine.openSession(Map.of("hadoopdb.fetch.direct", direct))) {
            StringBuilder lines = new StringBuilder();
            for (int i = 0; i < ROWS; i++) {
                lines.append("7|").append(i).append('\n');
            }
            Path file = files.resolve("skew.txt");
            Files.writeString(file, lines, StandardCharsets.UTF_8);
            session.execute("CREATE TABLE cc_skew (k INT, v INT) CLUSTERED BY (k) INTO 1 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'", StatementListener.NONE);
            session.execute("LOAD DATA LOCAL INPATH '" + file + "' INTO TABLE cc_skew", StatementListener.NONE);
            NodeInfo node = cluster.catalog().nodes().get(0);

            // the result may be read directly from the chunks (execute returns at once, the rows are cancelled
            // through the stream, as the JDBC server does) or come from a job (execute waits: Session.cancel)
            AtomicReference<ResultStream> rows = new AtomicReference<>();
            CompletableFuture<Boolean> query = CompletableFuture.supplyAsync(() -> {
                StatementResult.Rows result = (StatementResult.Rows) session.execute(
                        "SELECT a.k, count(*) FROM cc_skew a JOIN cc_skew b ON a.k = b.k GROUP BY a.k", StatementListener.NONE);
                rows.set(result.rows());
                try (ResultStream r = result.rows()) {
                    return r.next();
                }
            });
            try (Connection c = TestClusters.connect(node); Statement st = c.createStatement()) {
                while (activeStatements(st) == 0) {
                    assertThat(query).as("the query is still running").isNotDone();
                    Thread.sleep(50);
                }
                session.cancel();
                while (rows.get() == null && !query.isDone()) {
                    Thread.sleep(50);
                }
                if (rows.get() != null) {
                    rows.get().cancel();
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                while (activeStatements(st) > 0) {
                    assertThat(System.nanoTime()).as("the node still computes the cancelled statement").isLessThan(deadline);
                    Thread.sleep(100);
                }
            }
            try {
                query.get(5, TimeUnit.MINUTES);
                throw new AssertionError("the cancelled query returned a result");
            } catch (ExecutionException e) {
                assertThat(e.getCause()).hasMessageContaining("cancelled");
            }
        }
    }

    /** Backends of the node running the chunk statement of cc_skew. */
    private static int activeStatements(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
                + "AND state = 'active' AND query ILIKE '%cc_skew%'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
