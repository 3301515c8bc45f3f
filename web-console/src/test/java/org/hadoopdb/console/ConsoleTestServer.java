package org.hadoopdb.console;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.hadoopdb.jdbc.server.LoginLimits;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;

/**
 * A fresh embedded cluster with the query server and its web console on free loopback ports, behind a
 * users file: what the console's ITs run their statements through and look at.
 */
final class ConsoleTestServer implements AutoCloseable {
    final TestClusters.TestCluster cluster;
    final HadoopDbEngine engine;
    final QueryServer server;
    final WebConsole console;
    final Path dir;

    private ConsoleTestServer(TestClusters.TestCluster cluster, HadoopDbEngine engine, QueryServer server, WebConsole console,
                              Path dir) {
        this.cluster = cluster;
        this.engine = engine;
        this.server = server;
        this.console = console;
        this.dir = dir;
    }

    /**
     * @param users  user name → password
     * @param limits the server's login limits, or null for its defaults
     */
    static ConsoleTestServer start(int nodes, Map<String, String> users, LoginLimits limits) throws Exception {
        TestClusters.TestCluster cluster = TestClusters.fresh(nodes);
        HadoopDbEngine engine = HadoopDbEngine.start(cluster.config(), msg -> { });
        Path dir = Files.createTempDirectory("hadoopdb-console-");
        Path usersFile = dir.resolve("users");
        for (Map.Entry<String, String> u : users.entrySet()) {
            new UsersFile(usersFile).put(u.getKey(), u.getValue().toCharArray());
        }
        ServerSettings settings = new ServerSettings(0, "127.0.0.1", true, usersFile, null, "", "PKCS12", 2, 16,
                Duration.ofMinutes(2), Duration.ofMinutes(10), Duration.ofSeconds(5), 64);
        if (limits != null) {
            settings = settings.withLoginLimits(limits);
        }
        QueryServer server = QueryServer.start(engine, settings, new QueryRegistry(1000));
        WebConsole console = WebConsole.start(engine, server, settings, new ConsoleSettings(0, "127.0.0.1", 1000));
        return new ConsoleTestServer(cluster, engine, server, console, dir);
    }

    /**
     * Creates {@code table (k INT, v INT)} hashed on k into {@code buckets} with rows {@code i|i % 97}, through
     * the embedded driver, so the server's registry holds only the statements under test.
     */
    void createRows(String table, int rows, int buckets) throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            text.append(i).append('|').append(i % 97).append('\n');
        }
        Path data = Files.writeString(dir.resolve(table + ".txt"), text);
        execute("CREATE TABLE " + table + " (k INT, v INT) CLUSTERED BY (k) INTO " + buckets + " BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'", "LOAD DATA LOCAL INPATH '" + data + "' INTO TABLE " + table);
    }

    /** Runs statements through an embedded connection to the server's home. */
    void execute(String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:hadoopdb:home=" + cluster.config().home().root());
             Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    /** A connection to the query server whose queries run as MapReduce jobs (so they have stages to show). */
    Connection connect(String user, String password) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password);
        p.setProperty("hadoopdb.exec.client-stage.max-rows", "0");
        p.setProperty("hadoopdb.fetch.direct", "false");
        return DriverManager.getConnection(server.jdbcUrl(), p);
    }

    @Override
    public void close() {
        console.close();
        server.close();
        engine.close();
        cluster.close();
    }
}
