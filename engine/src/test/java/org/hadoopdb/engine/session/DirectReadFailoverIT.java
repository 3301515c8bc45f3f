package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.cluster.embedded.EmbeddedNode;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.cluster.embedded.testing.TestClusters.TestCluster;
import org.hadoopdb.runtime.ResultStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A map-only result read directly from the chunks (no job) while the node serving one of its chunks
 * is killed: the read of that chunk goes on from its replica and the answer is exact. The kill
 * happens once the node is known to be streaming the chunk (its backend runs the chunk statement)
 * and the reader is blocked on a full hand-off queue, never after a wall-clock wait.
 */
class DirectReadFailoverIT {
    private static final int ROWS = 40_000;

    @Test
    @Timeout(300)
    void aNodeKilledDuringADirectReadIsReplacedByItsReplica(@TempDir Path files) throws Exception {
        try (TestCluster cluster = TestClusters.fresh(2);
             HadoopDbEngine engine = HadoopDbEngine.start(cluster.config(), msg -> { });
             Session session = engine.openSession(Map.of("hadoopdb.connector.fetch-size", "100"))) {
            StringBuilder lines = new StringBuilder();
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                lines.append(i).append('|').append("name").append(i % 97).append('\n');
                expected.add(i + "|name" + (i % 97));
            }
            Path file = files.resolve("killed.txt");
            Files.writeString(file, lines, StandardCharsets.UTF_8);
            run(session, "CREATE TABLE df_killed (id INT, name STRING) CLUSTERED BY (id) INTO 2 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' TBLPROPERTIES ('hadoopdb.replication'='2')");
            run(session, "LOAD DATA LOCAL INPATH '" + file + "' INTO TABLE df_killed");
            NodeInfo victim = cluster.catalog().nodes().get(0);

            List<String> actual = new ArrayList<>();
            try (ResultStream rows = ((StatementResult.Rows) run(session, "SELECT id, name FROM df_killed")).rows()) {
                assertThat(rows.next()).isTrue();
                actual.add(rows.row().get(0) + "|" + rows.row().get(1));
                assertThat(Thread.getAllStackTraces().keySet()).as("the result is read directly, without a job")
                        .anyMatch(t -> t.getName().equals("hadoopdb-chunk-read"));
                awaitStreaming(victim);
                TestClusters.kill(embedded(cluster, victim.id()));
                while (rows.next()) {
                    actual.add(rows.row().get(0) + "|" + rows.row().get(1));
                }
            }
            actual.sort(null);
            expected.sort(null);
            assertThat(actual).isEqualTo(expected);
        }
    }

    private static StatementResult run(Session session, String sql) {
        return session.execute(sql, StatementListener.NONE);
    }

    /** Waits until a backend of {@code node} is running the chunk statement of df_killed. */
    private static void awaitStreaming(NodeInfo node) throws SQLException, InterruptedException {
        try (Connection c = TestClusters.connect(node); Statement st = c.createStatement()) {
            while (true) {
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
                        + "AND query ILIKE '%df_killed%'")) {
                    rs.next();
                    if (rs.getInt(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(50);
            }
        }
    }

    private static EmbeddedNode embedded(TestCluster cluster, String id) {
        return new EmbeddedCluster(cluster.config()).embeddedNodes(cluster.catalog()).stream()
                .filter(n -> n.id().equals(id)).findFirst().orElseThrow();
    }
}
