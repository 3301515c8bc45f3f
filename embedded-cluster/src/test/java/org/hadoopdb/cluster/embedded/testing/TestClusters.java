package org.hadoopdb.cluster.embedded.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.ClusterLease;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.cluster.embedded.EmbeddedClusterException;
import org.hadoopdb.cluster.embedded.EmbeddedNode;
import org.hadoopdb.cluster.embedded.NodeSecret;

/**
 * Embedded clusters for integration tests: one per node count per test JVM, in a temporary home,
 * started on first use and stopped when the JVM exits (the lease's shutdown hook), so test classes
 * share the start-up cost. Tests that change data use their own table names.
 */
public final class TestClusters {
    private static final Map<Integer, TestCluster> SHARED = new ConcurrentHashMap<>();

    private TestClusters() {
    }

    /** The JVM-wide test cluster with {@code nodes} nodes. */
    public static TestCluster shared(int nodes) {
        return SHARED.computeIfAbsent(nodes, TestClusters::start);
    }

    /** A new, private cluster in a fresh home: close it when done. */
    public static TestCluster fresh(int nodes) {
        return start(nodes);
    }

    private static TestCluster start(int nodes) {
        try {
            Path home = Files.createTempDirectory("hadoopdb-test-home-");
            HadoopDbConfig config = HadoopDbConfig.builder().home(home).environment(Map.of())
                    .override("hadoopdb.embedded.shared-buffers", "32MB")
                    .override("hadoopdb.embedded.work-mem", "16MB")
                    .override("hadoopdb.embedded.fsync", "false")
                    .build();
            EmbeddedCluster cluster = new EmbeddedCluster(config);
            cluster.init(nodes, 0);
            ClusterLease lease = cluster.acquire(msg -> { });
            // the temporary home (nodes' data, catalog) goes when the JVM does, after the nodes stop
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                lease.close();
                deleteTree(home);
            }, "hadoopdb-test-home-cleanup"));
            return new TestCluster(config, cluster, lease);
        } catch (IOException e) {
            throw new EmbeddedClusterException("Cannot create a test home: " + e.getMessage(), e);
        }
    }

    /**
     * A direct connection to {@code node}, with the password its catalog entry refers to (the
     * embedded nodes' password file), as every HadoopDB component finds it.
     */
    public static Connection connect(NodeInfo node) throws SQLException {
        String password = switch (node.credential().kind()) {
            case PGPASS -> NodeSecret.read(Path.of(node.credential().argument())).password();
            case NONE -> null;
            default -> throw new EmbeddedClusterException("Test connections support pgpass and none, not " + node.credential());
        };
        return DriverManager.getConnection(node.jdbcUrl(), node.user(), password);
    }

    /**
     * Kills {@code node}'s PostgreSQL as a crash would: the postmaster gets SIGKILL, without any
     * shutdown, and the call returns once every server process of the node has exited (each notices
     * its postmaster's death), so every connection to the node is dead. The node stays down; its
     * data directory is left as a crash leaves it (a later start recovers it).
     */
    public static void kill(EmbeddedNode node) {
        long pid = node.postmasterPid().orElseThrow(() -> new EmbeddedClusterException("Node " + node.id() + " is not running"));
        ProcessHandle postmaster = ProcessHandle.of(pid)
                .orElseThrow(() -> new EmbeddedClusterException("Node " + node.id() + " is not running (no process " + pid + ")"));
        try {
            // stopped first, the postmaster cannot fork a process that the list below would miss
            signal("STOP", pid);
            List<ProcessHandle> processes = new ArrayList<>(postmaster.descendants().toList());
            processes.add(postmaster);
            postmaster.destroyForcibly();
            for (ProcessHandle p : processes) {
                p.onExit().get(2, TimeUnit.MINUTES);
            }
        } catch (IOException | ExecutionException | TimeoutException e) {
            throw new EmbeddedClusterException("Cannot kill node " + node.id() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddedClusterException("Interrupted while killing node " + node.id(), e);
        }
    }

    private static void signal(String signal, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true).start();
        String output = new String(kill.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (kill.waitFor() != 0) {
            throw new IOException("kill -" + signal + " " + pid + " failed: " + output.trim());
        }
    }

    private static void deleteTree(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("Could not delete test home " + dir + ": " + e.getMessage());
        }
    }

    /** A running embedded cluster for tests. */
    public record TestCluster(HadoopDbConfig config, EmbeddedCluster cluster, ClusterLease lease) implements AutoCloseable {
        public Catalog catalog() {
            return config.home().catalogStore().load();
        }

        @Override
        public void close() {
            lease.close();
        }
    }
}
