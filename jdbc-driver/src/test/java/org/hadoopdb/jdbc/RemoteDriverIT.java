package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The driver against a query server started on a free loopback port, with HTTP BASIC users. */
class RemoteDriverIT extends DriverContract {
    static final String USER = "alice";
    static final String PASSWORD = "correct horse battery staple";

    private static HadoopDbEngine engine;
    private static QueryServer server;
    private static Path usersFile;

    @BeforeAll
    static void startServer() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        usersFile = Files.createTempDirectory("hadoopdb-users-").resolve("users");
        new UsersFile(usersFile).put(USER, PASSWORD.toCharArray());
        server = QueryServer.start(engine, settings(usersFile, Duration.ofSeconds(5)));
        try (Connection c = DriverManager.getConnection(server.jdbcUrl(), USER, PASSWORD)) {
            createTables(c, "jdr_");
        }
    }

    static ServerSettings settings(Path users, Duration grace) {
        return new ServerSettings(0, "127.0.0.1", true, users, null, "", "PKCS12", 2, 16, Duration.ofMinutes(2),
                Duration.ofMinutes(10), grace, 64);
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
        if (engine != null) {
            engine.close();
        }
    }

    @Override
    Connection connect(Properties extra) throws SQLException {
        Properties p = new Properties();
        p.putAll(extra);
        p.setProperty("user", USER);
        p.setProperty("password", PASSWORD);
        return DriverManager.getConnection(server.jdbcUrl(), p);
    }

    @Override
    String prefix() {
        return "jdr_";
    }

    @Test
    void aWrongPasswordOrNoUserIsRefusedBeforeAnythingRuns() throws Exception {
        int before = server.connections();
        assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl(), USER, "wrong"))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28000"))
                .hasMessageContaining("refused");
        assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl(), "mallory", PASSWORD))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28000"));
        assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl()))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28000"));
        assertThat(server.connections()).isEqualTo(before);

        // a raw request without credentials, or with wrong ones, never reaches the protocol handler
        URI uri = URI.create("http://127.0.0.1:" + server.port() + "/");
        assertThat(post(uri, null)).isEqualTo(401);
        assertThat(post(uri, Base64.getEncoder().encodeToString((USER + ":nope").getBytes(StandardCharsets.UTF_8))))
                .isEqualTo(401);
        assertThat(server.connections()).isEqualTo(before);
    }

    @Test
    void aRequestWithoutConnectionPropertiesOrIdGetsAClearErrorNotAServerFault() throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + server.port() + "/");
        String basic = Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        ProtobufTranslation protobuf = new ProtobufTranslationImpl();
        int before = server.connections();

        // what a hand-written client may send: no properties at all
        HttpURLConnection noInfo = send(uri, basic,
                protobuf.serializeRequest(new Service.OpenConnectionRequest("raw-no-info", null)));
        assertThat(noInfo.getResponseCode()).isEqualTo(200);
        assertThat(protobuf.parseResponse(noInfo.getInputStream().readAllBytes()))
                .isInstanceOf(Service.OpenConnectionResponse.class);
        protobuf.parseResponse(send(uri, basic, protobuf.serializeRequest(
                new Service.CloseConnectionRequest("raw-no-info"))).getInputStream().readAllBytes());

        // no connection id: refused with a message, not an internal error
        HttpURLConnection noId = send(uri, basic,
                protobuf.serializeRequest(new Service.OpenConnectionRequest(null, null)));
        assertThat(noId.getResponseCode()).isEqualTo(500);
        Service.Response refusal = protobuf.parseResponse(noId.getErrorStream().readAllBytes());
        assertThat(refusal).isInstanceOfSatisfying(Service.ErrorResponse.class, e -> {
            assertThat(e.errorMessage).contains("connection id");
            assertThat(e.sqlState).isEqualTo("08004");
        });
        assertThat(server.connections()).isEqualTo(before);
    }

    private static HttpURLConnection send(URI uri, String basic, byte[] body) throws Exception {
        HttpURLConnection http = (HttpURLConnection) uri.toURL().openConnection();
        http.setRequestMethod("POST");
        http.setDoOutput(true);
        http.setRequestProperty("Authorization", "Basic " + basic);
        try (OutputStream out = http.getOutputStream()) {
            out.write(body);
        }
        return http;
    }

    private static int post(URI uri, String basic) throws Exception {
        HttpURLConnection http = (HttpURLConnection) uri.toURL().openConnection();
        http.setRequestMethod("POST");
        http.setDoOutput(true);
        if (basic != null) {
            http.setRequestProperty("Authorization", "Basic " + basic);
        }
        try (OutputStream out = http.getOutputStream()) {
            out.write(new byte[] {1, 2, 3});
        }
        int code = http.getResponseCode();
        http.disconnect();
        return code;
    }

    @Test
    void usersAddedWhileTheServerRunsCanConnect() throws Exception {
        new UsersFile(usersFile).put("bob", "bobs password".toCharArray());
        try (Connection c = DriverManager.getConnection(server.jdbcUrl(), "bob", "bobs password");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM jdr_visits")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(TestTables.VISITS);
            assertThat(c.getMetaData().getUserName()).isEqualTo("bob");
        }
    }

    @Test
    @Timeout(120)
    void shutdownCancelsWhatStillRunsAfterTheGraceAndRefusesNewWork() throws Exception {
        QueryServer second = QueryServer.start(engine, settings(usersFile, Duration.ofMillis(500)));
        // not closed by the test: the server is gone, so closing would fail to reach it
        Connection c = DriverManager.getConnection(second.jdbcUrl(), USER, PASSWORD);
        try {
            Statement s = c.createStatement();
            CompletableFuture<Object> slow = CompletableFuture.supplyAsync(() -> {
                try (ResultSet rs = s.executeQuery(String.format(SLOW, prefix(), prefix()))) {
                    return rs.next();
                } catch (SQLException e) {
                    return e;
                }
            });
            Thread.sleep(1500);
            second.close();
            Object outcome = slow.get(60, TimeUnit.SECONDS);
            assertThat(outcome).isInstanceOfSatisfying(SQLException.class,
                    e -> assertThat(e.getSQLState()).as("%s caused by %s", e, e.getCause()).isIn("HY008", "08003"));
            assertThatThrownBy(() -> DriverManager.getConnection(second.jdbcUrl(), USER, PASSWORD))
                    .isInstanceOf(SQLException.class);
        } finally {
            second.close();
        }
        assertThat(second.connections()).isZero();
    }
}
