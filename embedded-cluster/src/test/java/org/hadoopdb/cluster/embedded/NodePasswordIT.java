package org.hadoopdb.cluster.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.catalog.model.NodeInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded nodes require the home's generated password and listen on loopback only (issue 19, defect 2). */
class NodePasswordIT {
    private static final String TRUST_HBA = "host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n";

    @TempDir
    Path home;
    private HadoopDbConfig config;
    private EmbeddedCluster cluster;

    @BeforeEach
    void setUp() {
        config = HadoopDbConfig.builder().home(home).environment(Map.of())
                .override("hadoopdb.embedded.shared-buffers", "32MB").override("hadoopdb.embedded.fsync", "false").build();
        cluster = new EmbeddedCluster(config);
        cluster.init(1, 0);
    }

    @AfterEach
    void stop() {
        cluster.stop(true);
    }

    @Test
    void aNodeRefusesConnectionsWithoutTheHomesPassword() throws Exception {
        try (ClusterLease lease = cluster.acquire(m -> { })) {
            NodeInfo node = lease.catalog().node("node1");
            assertRefused(node);
            assertThat(node.credential()).isEqualTo(CredentialRef.pgpass(config.home().nodeSecretFile().toAbsolutePath().toString()));
            try (Connection c = DriverManager.getConnection(node.jdbcUrl(), node.user(), passwordFromCatalog(node))) {
                assertThat(strings(c, "SHOW listen_addresses")).containsExactly("localhost");
                assertThat(strings(c, "SELECT type || ' ' || array_to_string(database, ',') || ' ' || array_to_string(user_name, ',')"
                        + " || ' ' || address || ' ' || auth_method || coalesce(' ' || error, '') FROM pg_hba_file_rules ORDER BY line_number"))
                        .containsExactly("host all all 127.0.0.1 scram-sha-256", "host all all ::1 scram-sha-256");
                assertThat(strings(c, "SELECT left(rolpassword, 14) FROM pg_authid WHERE rolname = 'postgres'"))
                        .containsExactly("SCRAM-SHA-256$");
            }
        }
    }

    @Test
    void theSecretIsOwnerOnlyAndNotInTheCatalog() throws Exception {
        Path secretFile = config.home().nodeSecretFile();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secretFile))).isEqualTo("rw-------");
        String password = cluster.secret().password();
        assertThat(password).hasSizeGreaterThanOrEqualTo(43);
        try (Stream<Path> files = Files.walk(config.home().root().resolve("catalog"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(f, StandardCharsets.ISO_8859_1)).as(f.toString()).doesNotContain(password);
            }
        }
    }

    @Test
    void aHomeWhoseStoppedNodesTrustLocalUsersIsMigratedOnStartAndKeepsItsData() throws Exception {
        try (ClusterLease lease = cluster.acquire(m -> { })) {
            makeItAnOldHome(lease.catalog().node("node1"));
        }
        assertThat(cluster.status()).noneMatch(NodeStatus::running);
        try (ClusterLease lease = cluster.acquire(m -> { })) {
            assertMigrated(lease.catalog().node("node1"));
        }
    }

    @Test
    void aRunningNodeThatTrustsLocalUsersIsMigratedByTheNextUser() throws Exception {
        try (ClusterLease first = cluster.acquire(m -> { })) {
            makeItAnOldHome(first.catalog().node("node1"));
            try (ClusterLease second = cluster.acquire(m -> { })) {
                assertMigrated(second.catalog().node("node1"));
            }
        }
    }

    /** What a home created before the nodes had a password looks like: trust, no password, nothing in the catalog. */
    private void makeItAnOldHome(NodeInfo node) throws Exception {
        Path dataDir = config.home().nodeDir("node1").resolve("data");
        try (Connection c = DriverManager.getConnection(node.jdbcUrl(), node.user(), passwordFromCatalog(node));
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE kept AS SELECT generate_series(1, 1000) AS x");
            Files.writeString(dataDir.resolve("pg_hba.conf"), TRUST_HBA);
            s.execute("SELECT pg_reload_conf()");
            s.execute("ALTER ROLE postgres PASSWORD NULL");
        }
        config.home().catalogStore().update("as before passwords", c -> c.withNode(
                new NodeInfo(node.id(), node.host(), node.jdbcUrl(), node.user(), CredentialRef.NONE, true)));
        Files.delete(config.home().nodeSecretFile());
        // the old home let anyone in
        awaitConnectsWith(node, "anything");
    }

    private void assertMigrated(NodeInfo node) throws Exception {
        assertThat(node.credential().kind()).isEqualTo(CredentialRef.Kind.PGPASS);
        assertThat(config.home().catalogStore().load().node("node1").credential()).isEqualTo(node.credential());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config.home().nodeSecretFile()))).isEqualTo("rw-------");
        assertRefused(node);
        try (Connection c = DriverManager.getConnection(node.jdbcUrl(), node.user(), passwordFromCatalog(node))) {
            assertThat(strings(c, "SELECT count(*) FROM kept")).containsExactly("1000");
            assertThat(strings(c, "SELECT DISTINCT auth_method FROM pg_hba_file_rules")).containsExactly("scram-sha-256");
        }
    }

    private static void assertRefused(NodeInfo node) {
        assertThatThrownBy(() -> DriverManager.getConnection(node.jdbcUrl(), node.user(), "wrong password").close())
                .isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isIn("28P01", "28000"));
        // without a password the server asks for SCRAM authentication, and pgjdbc gives up (08004) as it has none to offer
        Properties userOnly = new Properties();
        userOnly.setProperty("user", node.user());
        assertThatThrownBy(() -> DriverManager.getConnection(node.jdbcUrl(), userOnly).close()).isInstanceOf(SQLException.class)
                .hasMessageContaining("SCRAM").satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("08004"));
        assertThatThrownBy(() -> DriverManager.getConnection(node.jdbcUrl(), node.user(), "").close()).isInstanceOf(SQLException.class)
                .hasMessageContaining("SCRAM").satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("08004"));
    }

    private static void awaitConnectsWith(NodeInfo node, String password) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            try (Connection c = DriverManager.getConnection(node.jdbcUrl(), node.user(), password)) {
                return;
            } catch (SQLException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    /** The password as every component finds it: through the catalog's credential reference. */
    private static String passwordFromCatalog(NodeInfo node) {
        assertThat(node.credential().kind()).isEqualTo(CredentialRef.Kind.PGPASS);
        return NodeSecret.read(Path.of(node.credential().argument())).password();
    }

    private static List<String> strings(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
