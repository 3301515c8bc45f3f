package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The query server over HTTPS, with a certificate made by the JDK's keytool for localhost. */
class TlsServerIT {
    private static final String STORE_PASSWORD = "store-secret";
    private static HadoopDbEngine engine;
    private static QueryServer server;
    private static Path trustStore;

    @BeforeAll
    static void start() throws Exception {
        Path dir = Files.createTempDirectory("hadoopdb-tls-");
        Path keyStore = dir.resolve("server.p12");
        Path cert = dir.resolve("server.crt");
        trustStore = dir.resolve("trust.p12");
        keytool("-genkeypair", "-alias", "hadoopdb", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-keystore", keyStore.toString(),
                "-storetype", "PKCS12", "-storepass", STORE_PASSWORD, "-keypass", STORE_PASSWORD);
        keytool("-exportcert", "-alias", "hadoopdb", "-keystore", keyStore.toString(), "-storepass", STORE_PASSWORD,
                "-file", cert.toString());
        keytool("-importcert", "-noprompt", "-alias", "hadoopdb", "-file", cert.toString(), "-keystore", trustStore.toString(),
                "-storetype", "PKCS12", "-storepass", STORE_PASSWORD);
        Path users = dir.resolve("users");
        new UsersFile(users).put("tls-user", "tls-password".toCharArray());
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        server = QueryServer.start(engine, new ServerSettings(0, "127.0.0.1", true, users, keyStore, STORE_PASSWORD,
                "PKCS12", 2, 8, Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofSeconds(1), 32));
    }

    private static void keytool(String... args) throws Exception {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command = new java.util.ArrayList<>(List.of(keytool.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (engine != null) {
            engine.close();
        }
    }

    @Test
    void clientsConnectOverHttpsWithTheServersCertificateTrusted() throws Exception {
        assertThat(server.jdbcUrl()).endsWith(";ssl=true");
        Properties p = new Properties();
        p.setProperty("user", "tls-user");
        p.setProperty("password", "tls-password");
        p.setProperty("truststore", trustStore.toString());
        p.setProperty("truststore_password", STORE_PASSWORD);
        String url = "jdbc:hadoopdb://localhost:" + server.port() + ";ssl=true";
        try (Connection c = DriverManager.getConnection(url, p); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SET hadoopdb.reducers")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).startsWith("hadoopdb.reducers=");
        }
    }

    @Test
    void plainHttpAndUntrustedCertificatesAreRefused() {
        String plain = "jdbc:hadoopdb://localhost:" + server.port();
        assertThatThrownBy(() -> DriverManager.getConnection(plain, "tls-user", "tls-password"))
                .isInstanceOf(SQLException.class);
        // without the trust store, Java's default trust does not know the self-made certificate
        String https = "jdbc:hadoopdb://localhost:" + server.port() + ";ssl=true";
        assertThatThrownBy(() -> DriverManager.getConnection(https, "tls-user", "tls-password"))
                .isInstanceOf(SQLException.class);
    }
}
