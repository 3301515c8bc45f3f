package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.LoginLimits;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Failed logins throttled by the real query server over HTTP: requests are sent from chosen loopback
 * addresses (127.0.0.2, 127.0.0.3, ...), which all reach a server listening on 127.0.0.1.
 */
class LoginThrottleIT {
    private static final int PER_ADDRESS = 5;
    private static final int PER_USER = 3;
    private static final Duration WINDOW = Duration.ofMinutes(10);

    private static HadoopDbEngine engine;
    private static QueryServer server;

    @BeforeAll
    static void startServer() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        Path users = Files.createTempDirectory("hadoopdb-throttle-").resolve("users");
        new UsersFile(users).put("alice", "alice-pw".toCharArray());
        new UsersFile(users).put("carol", "carol-pw".toCharArray());
        server = QueryServer.start(engine, new ServerSettings(0, "127.0.0.1", true, users, null, "", "PKCS12", 2, 16,
                Duration.ofMinutes(2), Duration.ofMinutes(10), Duration.ofSeconds(1), 32)
                .withLoginLimits(new LoginLimits(PER_ADDRESS, PER_USER, WINDOW)));
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

    @Test
    @Timeout(180)
    void aBurstOfBadLoginsIsThrottledWhileOtherAddressesAndNamesStillGetIn() throws Exception {
        byte[] garbage = {1, 2, 3};
        // an address guessing names: refused after PER_ADDRESS failures, even with a right password
        List<Integer> burst = new ArrayList<>();
        for (int i = 1; i <= PER_ADDRESS + 2; i++) {
            burst.add(post("127.0.0.2", "guess" + i, "password" + i, garbage).status);
        }
        assertThat(burst).containsExactly(401, 401, 401, 401, 401, 429, 429);
        Response refused = post("127.0.0.2", "alice", "alice-pw", garbage);
        assertThat(refused.status).isEqualTo(429);
        assertThat(refused.text).contains("Too many failed logins from this address or for this user; retry in");

        // a name being guessed from another address: refused after PER_USER failures
        List<Integer> guesses = new ArrayList<>();
        for (int i = 1; i <= PER_USER + 1; i++) {
            guesses.add(post("127.0.0.3", "carol", "guess" + i, garbage).status);
        }
        assertThat(guesses).containsExactly(401, 401, 401, 429);

        // a legitimate user from another address is not blocked: its requests reach the protocol handler
        int before = server.connections();
        String id = UUID.randomUUID().toString();
        ProtobufTranslationImpl protobuf = new ProtobufTranslationImpl();
        Response open = post("127.0.0.4", "alice", "alice-pw",
                protobuf.serializeRequest(new Service.OpenConnectionRequest(id, Map.of("user", "alice"))));
        assertThat(open.status).as(open.text).isEqualTo(200);
        assertThat(server.connections()).isEqualTo(before + 1);
        assertThat(post("127.0.0.4", "alice", "alice-pw",
                protobuf.serializeRequest(new Service.CloseConnectionRequest(id))).status).isEqualTo(200);
        assertThat(server.connections()).isEqualTo(before);

        // and through the driver (from 127.0.0.1): alice gets in, carol's name is refused for now
        try (Connection c = DriverManager.getConnection(server.jdbcUrl(), "alice", "alice-pw")) {
            assertThat(c.getMetaData().getUserName()).isEqualTo("alice");
        }
        assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl(), "carol", "carol-pw"))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28000"))
                .hasMessageContaining("HTTP 429");
    }

    /** One HTTP/1.1 POST with BASIC credentials, sent from the local address {@code from}. */
    private static Response post(String from, String user, String password, byte[] body) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(from, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 10_000);
            socket.setSoTimeout(60_000);
            String basic = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
            String head = "POST / HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\nAuthorization: Basic " + basic
                    + "\r\nContent-Type: application/octet-stream\r\nContent-Length: " + body.length
                    + "\r\nConnection: close\r\n\r\n";
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            return new Response(Integer.parseInt(response.split(" ", 3)[1]), response);
        }
    }

    /** A response's status, and the response as text. */
    private record Response(int status, String text) {
    }
}
