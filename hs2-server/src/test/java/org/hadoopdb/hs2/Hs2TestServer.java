package org.hadoopdb.hs2;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;

/** The engine on the shared test cluster with the HiveServer2 endpoint on a free loopback port, user {@link #USER} in its users file. */
final class Hs2TestServer implements AutoCloseable {
    static final String USER = "alice";
    static final String PASSWORD = "correct-horse-battery-staple";

    final HadoopDbEngine engine;
    final Hs2Server server;
    /** A scratch directory for data files. */
    final Path dir;

    private Hs2TestServer(HadoopDbEngine engine, Hs2Server server, Path dir) {
        this.engine = engine;
        this.server = server;
        this.dir = dir;
    }

    /** With at most {@code maxRunning} statements running and {@code maxQueued} waiting. */
    static Hs2TestServer start(int maxRunning, int maxQueued) throws Exception {
        Path dir = Files.createTempDirectory("hadoopdb-hs2-");
        Path users = dir.resolve("users");
        new UsersFile(users).put(USER, PASSWORD.toCharArray());
        HadoopDbEngine engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        ServerSettings settings = new ServerSettings(0, "127.0.0.1", true, users, null, "", "PKCS12", maxRunning, maxQueued,
                Duration.ofMinutes(2), Duration.ofMinutes(10), Duration.ofSeconds(5), 64);
        return new Hs2TestServer(engine, Hs2Server.start(engine, new Hs2Settings(0, "127.0.0.1", settings)), dir);
    }

    /** A connection of Hive's driver as {@link #USER}. */
    Connection connect() throws Exception {
        return HiveJdbc.connect(server.jdbcUrl(), USER, PASSWORD);
    }

    /** Runs statements through Hive's driver. */
    void execute(String... statements) throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }

    @Override
    public void close() {
        server.close();
        engine.close();
    }
}
