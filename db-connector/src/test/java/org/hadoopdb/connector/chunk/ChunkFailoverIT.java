package org.hadoopdb.connector.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.cluster.embedded.EmbeddedNode;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.testing.ChunkedTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node killed (SIGKILL to its PostgreSQL) while a chunk is read from it, on embedded clusters of two
 * nodes holding two copies of every chunk, whose copies return their rows in different orders: the
 * read goes on from the replica and the answer is exact. The kill is triggered by the rows read
 * (after the 25th row of a chunk), never by time.
 */
class ChunkFailoverIT {
    private static final RowSchema SCHEMA = RowSchema.builder().add("k", "int").add("name", "string").add("amount", "double").build();
    private static final int KILL_AFTER = 25;

    /** The cluster whose node the running job's mapper kills: jobs run in this JVM (the local runner). */
    private static final AtomicReference<TestClusters.TestCluster> VICTIMS = new AtomicReference<>();

    private static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            rows.add(Row.of(SCHEMA, i % 300, "name" + (i % 7), (i % 11) * 0.5)); // repeated rows too
        }
        return rows;
    }

    /**
     * Loads {@code name} with two copies and rewrites every replica in reverse order, so that a copy
     * returns the chunk's rows in another order than its primary, as copies may.
     */
    private static void load(TestClusters.TestCluster cluster, String name, int chunksPerNode) {
        ChunkedTables.hashed(cluster, name, SCHEMA, "k", chunksPerNode, 2, rows());
        Catalog catalog = cluster.catalog();
        for (ChunkInfo chunk : catalog.table(name).chunks()) {
            String table = chunk.qualifiedName();
            try (Connection c = TestClusters.connect(catalog.node(chunk.nodes().get(1))); Statement st = c.createStatement()) {
                st.execute("CREATE TEMPORARY TABLE reordered AS SELECT * FROM " + table);
                st.execute("TRUNCATE " + table);
                st.execute("INSERT INTO " + table + " SELECT * FROM reordered ORDER BY k DESC, amount DESC");
            } catch (SQLException e) {
                throw new IllegalStateException("Cannot reorder " + table + ": " + e.getMessage(), e);
            }
        }
    }

    private static EmbeddedNode node(TestClusters.TestCluster cluster, String id) {
        return new EmbeddedCluster(cluster.config()).embeddedNodes(cluster.catalog()).stream().filter(n -> n.id().equals(id))
                .findFirst().orElseThrow();
    }

    private static List<String> sorted(List<Row> rows) {
        List<String> out = new ArrayList<>();
        rows.forEach(r -> out.add(r.toString()));
        out.sort(null);
        return out;
    }

    /**
     * Emits each row as text; the first task to hand on its 25th row kills the node it reads from
     * (attempt 0 reads the split's first copy) before it goes on.
     */
    public static final class KillingMapper extends Mapper<LongWritable, Row, NullWritable, Text> {
        @Override
        protected void map(LongWritable key, Row row, Context context) throws IOException, InterruptedException {
            context.write(NullWritable.get(), new Text(row.toString()));
            if (key.get() == KILL_AFTER) {
                TestClusters.TestCluster cluster = VICTIMS.getAndSet(null);
                if (cluster != null) {
                    ChunkSplit split = (ChunkSplit) context.getInputSplit();
                    TestClusters.kill(node(cluster, split.copies().get(0).node().id()));
                }
            }
        }
    }

    @Test
    void aNodeKilledWhileAJobReadsItsChunkIsReplacedByTheReplicaWithTheExactAnswer(@TempDir Path out) throws Exception {
        try (TestClusters.TestCluster cluster = TestClusters.fresh(2)) {
            load(cluster, "killed_mid_job", 2);
            Configuration conf = new Configuration(cluster.config().hadoopConf());
            conf.set("mapreduce.framework.name", "local");
            conf.set("hadoop.tmp.dir", out.resolve("tmp").toString());
            Job job = Job.getInstance(conf, "rows of killed_mid_job");
            ChunkInputFormat.configure(job).catalog(cluster.config().home().catalogPath())
                    .query("SELECT * FROM killed_mid_job", "killed_mid_job").fetchSize(10).apply();
            job.setMapperClass(KillingMapper.class);
            job.setNumReduceTasks(0);
            job.setOutputKeyClass(NullWritable.class);
            job.setOutputValueClass(Text.class);
            job.setOutputFormatClass(TextOutputFormat.class);
            FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(out.resolve("result").toUri()));
            VICTIMS.set(cluster);

            assertThat(job.waitForCompletion(false)).isTrue();

            assertThat(VICTIMS.get()).as("the node was killed").isNull();
            List<String> lines = new ArrayList<>();
            try (var files = Files.list(out.resolve("result"))) {
                for (Path p : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                    lines.addAll(Files.readAllLines(p));
                }
            }
            lines.sort(null);
            assertThat(lines).isEqualTo(sorted(rows()));
            // the killed read resumed on the replica, skipping the rows it had handed on; the chunks whose
            // first copy was on the dead node and that had not started yet opened on their replicas
            assertThat(job.getCounters().findCounter(ChunkReadCounter.REPLICA_FAILOVERS).getValue()).isOne();
            assertThat(job.getCounters().findCounter(ChunkReadCounter.ROWS_SKIPPED_ON_RESUME).getValue())
                    .isGreaterThanOrEqualTo(KILL_AFTER);
            // every row handed on is counted once, on the node that returned it: the killed node's rows before
            // the failover, the replica's after it (the rows it returned again and were skipped are not counted)
            NodeReads reads = NodeReads.of(job.getCounters());
            assertThat(reads.byNode().values().stream().mapToLong(NodeReads.Count::rows).sum()).isEqualTo(rows().size());
            assertThat(reads.byNode().values().stream().mapToLong(NodeReads.Count::bytes).sum())
                    .isEqualTo(rows().stream().mapToLong(Row::encodedLength).sum());
            assertThat(reads.byNode()).hasSize(2);
        } finally {
            VICTIMS.set(null);
        }
    }

    @Test
    void aReplicaWithoutTheRowsAlreadyReadFailsTheReadRatherThanGiveAWrongAnswer() throws IOException {
        try (TestClusters.TestCluster cluster = TestClusters.fresh(2)) {
            load(cluster, "differing_copies", 1);
            Catalog catalog = cluster.catalog();
            ChunkInfo chunk = catalog.table("differing_copies").chunks().get(0);
            try (Connection c = TestClusters.connect(catalog.node(chunk.nodes().get(1))); Statement st = c.createStatement()) {
                st.execute("DELETE FROM " + chunk.qualifiedName() + " WHERE k % 2 = 0");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            ChunkReadSettings settings = new ChunkReadSettings(10, Duration.ZERO, Duration.ofSeconds(5), Map.of());
            CredentialResolver credentials = new CredentialResolver(cluster.config().hadoopConf());
            ChunkSplit split = ChunkSplits.plan(catalog, ChunkQuery.of("SELECT * FROM differing_copies", "differing_copies"), settings,
                    credentials).stream().filter(s -> s.chunk() == chunk.index()).findFirst().orElseThrow();

            try (FailoverChunkReader reader = FailoverChunkReader.open(split, 0, settings, credentials)) {
                Row row = new Row(SCHEMA);
                while (reader.rowsRead() < KILL_AFTER && reader.next(row)) {
                    // reading the first rows from the primary
                }
                TestClusters.kill(node(cluster, split.copies().get(0).node().id()));
                assertThatThrownBy(() -> {
                    while (reader.next(row)) {
                        // the replica's rows
                    }
                }).isInstanceOfSatisfying(ChunkReadException.class, e -> assertThat(e.nodeFailure()).isFalse())
                        .hasMessageContaining("Cannot resume " + split + " exactly on node " + split.copies().get(1).node().id())
                        .hasMessageContaining("rows read before the failover are not in its result");
            }
        }
    }

    @Test
    void pastResumeMaxRowsANodeFailureFailsTheReadAsANodeFailure() throws IOException {
        try (TestClusters.TestCluster cluster = TestClusters.fresh(2)) {
            load(cluster, "too_far", 1);
            Catalog catalog = cluster.catalog();
            ChunkReadSettings settings = new ChunkReadSettings(10, Duration.ZERO, Duration.ofSeconds(5), Map.of(), KILL_AFTER - 1);
            CredentialResolver credentials = new CredentialResolver(cluster.config().hadoopConf());
            ChunkSplit split = ChunkSplits.plan(catalog, ChunkQuery.of("SELECT * FROM too_far", "too_far"), settings, credentials).get(0);
            String primary = split.copies().get(0).node().id();

            try (FailoverChunkReader reader = FailoverChunkReader.open(split, 0, settings, credentials)) {
                Row row = new Row(SCHEMA);
                while (reader.rowsRead() < KILL_AFTER && reader.next(row)) {
                    // past the limit of remembered rows
                }
                TestClusters.kill(node(cluster, primary));
                assertThatThrownBy(() -> {
                    while (reader.next(row)) {
                        // the rows the driver had fetched before the kill
                    }
                }).isInstanceOfSatisfying(ChunkReadException.class, e -> {
                    assertThat(e.nodeFailure()).isTrue();
                    assertThat(e.nodeId()).isEqualTo(primary);
                }).hasMessageContaining("Node " + primary + " failed after").hasMessageContaining("hadoopdb.connector.resume-max-rows");
            }
        }
    }
}
