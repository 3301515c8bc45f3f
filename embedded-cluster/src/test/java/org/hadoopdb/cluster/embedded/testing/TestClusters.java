package org.hadoopdb.cluster.embedded.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.ClusterLease;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.cluster.embedded.EmbeddedClusterException;
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
