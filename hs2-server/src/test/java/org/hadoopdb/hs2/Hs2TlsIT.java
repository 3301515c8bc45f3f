package org.hadoopdb.hs2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The HiveServer2 endpoint over TLS with the query server's key store, a certificate made by keytool. */
@Timeout(120)
class Hs2TlsIT {
    private static final String STORE_PASSWORD = "store-secret";
    private static HadoopDbEngine engine;
    private static Hs2Server server;
    private static Path trustStore;

    @BeforeAll
    static void start() throws Exception {
        Path dir = Files.createTempDirectory("hadoopdb-hs2-tls-");
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
        ServerSettings settings = new ServerSettings(0, "127.0.0.1", true, users, keyStore, STORE_PASSWORD, "PKCS12", 2, 8,
                Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofSeconds(1), 16);
        server = Hs2Server.start(engine, new Hs2Settings(0, 0, "127.0.0.1", settings));
    }

    private static void keytool(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
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
    void hiveClientsConnectOverTlsWithTheServersCertificateTrusted() throws Exception {
        assertThat(server.jdbcUrl()).endsWith(";ssl=true");
        String url = "jdbc:hive2://localhost:" + server.port() + "/default;ssl=true;sslTrustStore=" + trustStore
                + ";trustStorePassword=" + STORE_PASSWORD + ";trustStoreType=PKCS12";
        try (Connection c = HiveJdbc.connect(url, "tls-user", "tls-password"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SET hadoopdb.reducers")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).startsWith("hadoopdb.reducers=");
        }
    }

    @Test
    void theHttpTransportSpeaksHttps() throws Exception {
        assertThat(server.httpUrl()).endsWith(";transportMode=http;httpPath=cliservice;ssl=true");
        String url = "jdbc:hive2://localhost:" + server.httpPort() + "/default;transportMode=http;httpPath=cliservice;"
                + "ssl=true;sslTrustStore=" + trustStore + ";trustStorePassword=" + STORE_PASSWORD + ";trustStoreType=PKCS12";
        try (Connection c = HiveJdbc.connect(url, "tls-user", "tls-password"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SET hadoopdb.reducers")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).startsWith("hadoopdb.reducers=");
        }
    }

    @Test
    void plainClientsAndUntrustedCertificatesAreRefused() {
        String plain = "jdbc:hive2://localhost:" + server.port() + "/default";
        assertThatThrownBy(() -> HiveJdbc.connect(plain, "tls-user", "tls-password")).isInstanceOf(SQLException.class);
        String untrusted = plain + ";ssl=true";
        assertThatThrownBy(() -> HiveJdbc.connect(untrusted, "tls-user", "tls-password")).isInstanceOf(SQLException.class);
    }
}
