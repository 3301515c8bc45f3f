package org.hadoopdb.cluster.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.NodeInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedClusterIT {
    @TempDir
    Path home;
    private HadoopDbConfig config;
    private EmbeddedCluster cluster;

    @BeforeEach
    void setUp() {
        config = HadoopDbConfig.builder().home(home).environment(Map.of())
                .override("hadoopdb.embedded.shared-buffers", "32MB").override("hadoopdb.embedded.nodes", "2").build();
        cluster = new EmbeddedCluster(config);
    }

    @AfterEach
    void noServerLeftRunning() {
        if (cluster.exists()) {
            cluster.stop(true);
            assertThat(cluster.status()).noneMatch(NodeStatus::running);
        }
    }

    private long count(NodeInfo node, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(node.jdbcUrl(), node.user(), cluster.secret().password());
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void exec(NodeInfo node, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(node.jdbcUrl(), node.user(), cluster.secret().password()); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    @Test
    void firstUseCreatesTheDefaultClusterSaysSoAndDataSurvivesARestart() throws Exception {
        List<String> notices = new ArrayList<>();
        NodeInfo node1;
        try (ClusterLease lease = cluster.acquire(notices::add)) {
            Catalog catalog = lease.catalog();
            assertThat(notices).singleElement().asString().contains("creating the default embedded cluster of 2 nodes");
            assertThat(catalog.nodeIds()).containsExactly("node1", "node2");
            assertThat(cluster.status()).allMatch(s -> s.running() && s.healthy() && s.pid() > 0 && s.diskBytes() > 0);
            node1 = catalog.node("node1");
            exec(node1, "CREATE TABLE kept(x int); INSERT INTO kept SELECT generate_series(1, 1000)");
            // the databases use code point order, like Hive
            assertThat(count(node1, "SELECT count(*) FROM (VALUES ('a'), ('B')) v(s) WHERE s < 'a'")).isEqualTo(1);
        }
        assertThat(cluster.status()).noneMatch(NodeStatus::running);
        try (ClusterLease lease = cluster.acquire(notices::add)) {
            assertThat(notices).hasSize(1);
            assertThat(count(node1, "SELECT count(*) FROM kept")).isEqualTo(1000);
        }
    }

    @Test
    void nodesStayUpWhileAnyLeaseIsHeld() {
        cluster.init(2, 0);
        ClusterLease first = cluster.acquire(m -> { });
        ClusterLease second = cluster.acquire(m -> { });
        first.close();
        assertThat(cluster.status()).allMatch(NodeStatus::healthy);
        second.close();
        assertThat(cluster.status()).noneMatch(NodeStatus::running);
    }

    @Test
    void staleLeaseOfADeadProcessDoesNotKeepNodesRunning() throws Exception {
        cluster.init(1, 0);
        Path leases = home.resolve("run").resolve("leases");
        Files.createDirectories(leases);
        Files.writeString(leases.resolve("999999999-1"), "a process that died");
        try (ClusterLease lease = cluster.acquire(m -> { })) {
            assertThat(cluster.status()).allMatch(NodeStatus::healthy);
        }
        assertThat(cluster.status()).noneMatch(NodeStatus::running);
        assertThat(leases).isEmptyDirectory();
    }

    @Test
    void pinnedStartKeepsNodesUntilStop() {
        cluster.init(2, 0);
        cluster.startPinned(m -> { });
        assertThat(cluster.isPinned()).isTrue();
        assertThat(cluster.status()).allMatch(NodeStatus::healthy);
        try (ClusterLease lease = cluster.acquire(m -> { })) {
            assertThat(lease.catalog().nodes()).hasSize(2);
        }
        assertThat(cluster.status()).allMatch(NodeStatus::healthy);
        cluster.stop(false);
        assertThat(cluster.isPinned()).isFalse();
        assertThat(cluster.status()).noneMatch(NodeStatus::running);
    }

    @Test
    void initTwiceIsRefusedAndDestroyStartsOver() {
        cluster.init(2, 0);
        assertThatThrownBy(() -> cluster.init(3, 0)).isInstanceOf(EmbeddedClusterException.class)
                .hasMessageContaining("already has a cluster of 2 nodes (node1, node2)")
                .hasMessageContaining("hadoopdb cluster destroy");
        cluster.destroy();
        assertThat(cluster.exists()).isFalse();
        assertThat(home.resolve("nodes")).doesNotExist();
        cluster.init(1, 0);
        assertThat(cluster.status()).hasSize(1);
    }

    @Test
    void busyPortIsNamed() throws Exception {
        cluster.init(1, 0);
        int port = cluster.status().get(0).port();
        try (java.net.ServerSocket squatter = new java.net.ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> cluster.acquire(m -> { }))
                    .hasMessageContaining("Cannot start embedded node node1: port " + port + " is used by another process");
        }
    }
}
