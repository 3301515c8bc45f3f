package org.hadoopdb.loader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.cluster.embedded.EmbeddedNode;
import org.hadoopdb.cluster.embedded.NodeSettings;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.job.LoadTaskObserver;
import org.hadoopdb.loader.job.NodeTaskCheckpoint;
import org.hadoopdb.loader.physical.LoadLock;
import org.hadoopdb.loader.table.TableDefinition;
import org.hadoopdb.loader.table.TableManager;
import org.hadoopdb.loader.text.TextFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failed, retried and cancelled loads: a retried node task does not duplicate rows; a load that fails
 * (in COPY, in replication, just before publication) or is cancelled publishes nothing, leaves the
 * previous generation intact and queryable, and drops every schema it created.
 */
class LoadFailureIT {
    @TempDir
    Path dir;

    private String table;

    private Path createAndLoadFirstGeneration(int rows) throws Exception {
        table = LoadTesting.uniqueName("fail");
        new TableManager(LoadTesting.config()).create(TableDefinition.builder(table).column("id", HiveType.BIGINT)
                .column("name", HiveType.STRING).hashedBy("id").chunksPerNode(2).replication(2)
                .format(TextFormat.HIVE_DEFAULT.withDelimiter(',')).build(), false);
        Path first = input("first", 0, rows);
        new Loader(LoadTesting.config()).load(LoadSpec.builder(table).input(first.toString()).build(), LoadProgressListener.NONE);
        return first;
    }

    private Path input(String name, int from, int to) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = from; i < to; i++) {
            lines.add(i + ",name " + i);
        }
        return LoadTesting.write(dir.resolve(name + ".csv"), lines);
    }

    private static HadoopDbConfig with(String key, String value, String... more) {
        Map<String, String> overrides = new java.util.HashMap<>(Map.of(key, value));
        for (int i = 0; i + 1 < more.length; i += 2) {
            overrides.put(more[i], more[i + 1]);
        }
        return LoadTesting.config().with(overrides);
    }

    @Test
    void aRetriedCopyTaskDoesNotDuplicateRows() throws Exception {
        createAndLoadFirstGeneration(500);
        Path more = input("more", 500, 2500);
        HadoopDbConfig config = with("hadoopdb.load.task-observer", Node2sFirstCopyDies.class.getName(), "hadoopdb.load.task-attempts", "2");
        LoadReport report = new Loader(config).load(LoadSpec.builder(table).input(more.toString()).build(), LoadProgressListener.NONE);

        assertThat(report.rowsLoaded()).isEqualTo(2000);
        assertThat(report.rowsInTable()).isEqualTo(2500);
        TableInfo t = LoadTesting.catalog().table(table);
        try (NodePools pools = new NodePools(LoadTesting.config())) {
            long total = 0;
            for (ChunkInfo c : t.chunks()) {
                long rows = LoadTesting.scalar(pools, c.primary(), "SELECT count(*) FROM \"" + c.schema() + "\".\"" + table + "\"");
                long distinct = LoadTesting.scalar(pools, c.primary(), "SELECT count(DISTINCT id) FROM \"" + c.schema() + "\".\"" + table + "\"");
                assertThat(distinct).as("no duplicates in chunk %d", c.index()).isEqualTo(rows);
                assertThat(LoadTesting.fingerprint(pools, c, c.replicas().get(0))).isEqualTo(LoadTesting.fingerprint(pools, c, c.primary()));
                total += rows;
            }
            assertThat(total).isEqualTo(2500);
            assertNoLeftovers(pools);
        }
    }

    @Test
    void aLoadFailingInCopyLeavesThePreviousGenerationIntact() throws Exception {
        createAndLoadFirstGeneration(300);
        TableInfo before = LoadTesting.catalog().table(table);
        HadoopDbConfig config = with("hadoopdb.load.task-observer", Node3sCopiesDie.class.getName(), "hadoopdb.load.task-attempts", "2");
        assertThatThrownBy(() -> new Loader(config).load(LoadSpec.builder(table).input(input("more", 300, 900).toString()).overwrite(true)
                .build(), LoadProgressListener.NONE))
                .isInstanceOf(LoaderException.class)
                .hasMessageContaining("failed on node(s) node3 after 2 attempt(s)")
                .hasMessageContaining("nothing was published");
        assertPreviousGenerationServes(before, 300);
    }

    @Test
    void aLoadFailingInReplicationLeavesThePreviousGenerationIntact() throws Exception {
        createAndLoadFirstGeneration(300);
        TableInfo before = LoadTesting.catalog().table(table);
        HadoopDbConfig config = with("hadoopdb.load.task-observer", Node1sReplicationDies.class.getName(), "hadoopdb.load.task-attempts", "1");
        assertThatThrownBy(() -> new Loader(config).load(LoadSpec.builder(table).input(input("more", 300, 900).toString()).build(),
                LoadProgressListener.NONE))
                .isInstanceOf(LoaderException.class)
                .hasMessageContaining("replication")
                .hasMessageContaining("node1");
        assertPreviousGenerationServes(before, 300);
    }

    @Test
    void aLoadFailingJustBeforePublicationDropsItsRenamedSchemas() throws Exception {
        createAndLoadFirstGeneration(300);
        TableInfo before = LoadTesting.catalog().table(table);
        HadoopDbConfig config = with("hadoopdb.load.task-observer", PublicationFails.class.getName());
        assertThatThrownBy(() -> new Loader(config).load(LoadSpec.builder(table).input(input("more", 300, 900).toString()).build(),
                LoadProgressListener.NONE)).isInstanceOf(LoaderException.class).hasMessageContaining("just before its publication");
        assertPreviousGenerationServes(before, 300);
        // the next load still works and takes the next generation
        LoadReport next = new Loader(LoadTesting.config()).load(LoadSpec.builder(table).input(input("again", 300, 400).toString()).build(),
                LoadProgressListener.NONE);
        assertThat(next.rowsInTable()).isEqualTo(400);
        assertThat(next.generation()).isGreaterThan(before.generation());
    }

    @Test
    void aNodeDyingDuringALoadPublishesNothing() throws Exception {
        createAndLoadFirstGeneration(300);
        TableInfo before = LoadTesting.catalog().table(table);
        EmbeddedNode node3 = new EmbeddedCluster(LoadTesting.config()).embeddedNodes(LoadTesting.catalog()).stream()
                .filter(n -> n.id().equals("node3")).findFirst().orElseThrow();
        AtomicBoolean stopped = new AtomicBoolean();
        try {
            assertThatThrownBy(() -> new Loader(with("hadoopdb.load.task-attempts", "2")).load(
                    LoadSpec.builder(table).input(input("more", 300, 2300).toString()).overwrite(true).build(), p -> {
                        // the node's PostgreSQL goes away after the load has started, before its chunks are copied
                        if (p.phase() == LoadPhase.GLOBAL_REPARTITION && stopped.compareAndSet(false, true)) {
                            node3.stop();
                        }
                    }))
                    .isInstanceOf(LoaderException.class)
                    .hasMessageContaining("node3")
                    .hasMessageContaining("nothing was published");
            assertThat(stopped).isTrue();
        } finally {
            node3.start(NodeSettings.forNode(LoadTesting.config(), node3.port(), 3), Duration.ofSeconds(60));
        }
        assertPreviousGenerationServes(before, 300);
    }

    @Test
    void aCancelledLoadPublishesNothing() throws Exception {
        createAndLoadFirstGeneration(200);
        TableInfo before = LoadTesting.catalog().table(table);
        Path more = input("more", 200, 5000);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread loader = new Thread(() -> {
            try {
                new Loader(LoadTesting.config()).load(LoadSpec.builder(table).input(more.toString()).build(), p -> {
                    if (p.phase() == LoadPhase.GLOBAL_REPARTITION) {
                        Thread.currentThread().interrupt(); // what a cancelled statement does to its thread
                    }
                });
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        loader.start();
        loader.join(60_000);
        assertThat(failure.get()).isInstanceOf(LoaderException.class).hasMessageContaining("cancelled");
        assertPreviousGenerationServes(before, 200);
    }

    @Test
    void twoLoadsOfOneTableDoNotRunAtOnce() throws Exception {
        createAndLoadFirstGeneration(10);
        // without waiting: a second writer fails at once, naming the first (LoadLockTest covers the wait)
        HadoopDbConfig config = LoadTesting.config().with(java.util.Map.of("hadoopdb.load.lock-wait", "0"));
        try (LoadLock held = LoadLock.acquire(config.home().catalogStore().directory(), config.hadoopConf(), table, "lother",
                "load", java.time.Duration.ofMinutes(5))) {
            assertThatThrownBy(() -> new Loader(config).load(LoadSpec.builder(table).input(input("x", 0, 5).toString()).build(),
                    LoadProgressListener.NONE)).isInstanceOf(LoaderException.class).hasMessageContaining("is busy")
                    .hasMessageContaining("lother");
            assertThatThrownBy(() -> new TableManager(config).drop(table, false)).isInstanceOf(LoaderException.class)
                    .hasMessageContaining("is busy");
        }
    }

    private void assertPreviousGenerationServes(TableInfo before, long rows) throws Exception {
        TableInfo after = LoadTesting.catalog().table(table);
        assertThat(after.generation()).isEqualTo(before.generation());
        assertThat(after.chunks()).isEqualTo(before.chunks());
        try (NodePools pools = new NodePools(LoadTesting.config())) {
            long total = 0;
            for (ChunkInfo c : after.chunks()) {
                for (String node : c.nodes()) {
                    long n = LoadTesting.scalar(pools, node, "SELECT count(*) FROM \"" + c.schema() + "\".\"" + table + "\"");
                    if (node.equals(c.primary())) {
                        total += n;
                    }
                }
            }
            assertThat(total).isEqualTo(rows);
            assertNoLeftovers(pools);
            for (String node : LoadTesting.catalog().nodeIds()) {
                List<String> generations = LoadTesting.schemas(pools, node, "t_" + table + "_g");
                for (String s : generations) {
                    assertThat(s).as("only the published generation's schemas on %s", node).startsWith("t_" + table + "_g" + before.generation() + "_");
                }
            }
        }
    }

    /**
     * Terminates the backend of the first COPY a node task of {@code node} streams in {@code phase}
     * (one observer per task), on the task's first {@code attempts} attempts: a crash of that database
     * session mid-stream.
     */
    private abstract static class CopyDies implements LoadTaskObserver {
        private final boolean replication;
        private final String node;
        private final int attempts;
        private boolean done;

        CopyDies(boolean replication, String node, int attempts) {
            this.replication = replication;
            this.node = node;
            this.attempts = attempts;
        }

        @Override
        public void copying(NodeTaskCheckpoint at) throws SQLException {
            if (!replication) {
                terminateFirst(at);
            }
        }

        @Override
        public void replicating(NodeTaskCheckpoint at) throws SQLException {
            if (replication) {
                terminateFirst(at);
            }
        }

        private void terminateFirst(NodeTaskCheckpoint at) throws SQLException {
            if (done || !at.node().id().equals(node) || at.attempt() > attempts) {
                return;
            }
            done = true;
            try (NodePools pools = new NodePools(HadoopDbConfig.of(at.conf()));
                 Connection c = pools.connect(at.node());
                 PreparedStatement ps = c.prepareStatement("SELECT pg_terminate_backend(?)")) {
                ps.setInt(1, at.backendPid());
                ps.execute();
            }
        }
    }

    static final class Node2sFirstCopyDies extends CopyDies {
        Node2sFirstCopyDies() {
            super(false, "node2", 1);
        }
    }

    static final class Node3sCopiesDie extends CopyDies {
        Node3sCopiesDie() {
            super(false, "node3", Integer.MAX_VALUE);
        }
    }

    static final class Node1sReplicationDies extends CopyDies {
        Node1sReplicationDies() {
            super(true, "node1", Integer.MAX_VALUE);
        }
    }

    /** Fails the load when its chunks are in place under their final names, before the catalog changes. */
    static final class PublicationFails implements LoadTaskObserver {
        @Override
        public void publishing(String table) {
            throw new LoaderException("Failing the load of table '" + table + "' just before its publication");
        }
    }

    private void assertNoLeftovers(NodePools pools) throws Exception {
        for (String node : LoadTesting.catalog().nodeIds()) {
            assertThat(LoadTesting.schemas(pools, node, "s_" + table + "_")).as("staging schemas on %s", node).isEmpty();
        }
    }
}
