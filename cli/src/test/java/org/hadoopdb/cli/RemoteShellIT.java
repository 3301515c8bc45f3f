package org.hadoopdb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import sqlline.SqlLine;

/**
 * The shell on a query server: {@code hadoopdb server add-user}, {@code hadoopdb shell --url ... -e},
 * and SQLLine (a JDBC client no one here wrote) browsing and querying through the remote driver.
 */
class RemoteShellIT {
    @TempDir
    static Path files;

    private static HadoopDbConfig config;
    private static HadoopDbEngine engine;
    private static QueryServer server;
    private static Path passwordFile;

    record Result(int exit, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--home", config.home().root().toString()));
        all.addAll(List.of(args));
        int exit = Main.run(all.toArray(new String[0]), new Console(new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Result(exit, out.toString(), err.toString());
    }

    @BeforeAll
    static void start() throws Exception {
        config = TestClusters.shared(2).config();
        passwordFile = Files.writeString(files.resolve("password"), "alices password\n");
        Result added = run("server", "add-user", "alice", "--password-file", passwordFile.toString());
        assertThat(added.exit()).as(added.err()).isZero();
        assertThat(added.err()).contains("User alice saved");
        assertThat(Files.readString(config.home().confDir().resolve("users"))).contains("alice:pbkdf2-sha256:")
                .doesNotContain("alices password");

        engine = HadoopDbEngine.start(config, msg -> { });
        server = QueryServer.start(engine, ServerSettings.from(config).withPort(0));
        Path data = Files.writeString(files.resolve("people.txt"), "1|ann|3.5|2001-02-03\n2|bob|\\N|2001-02-04\n3|cy|1.25|\\N\n");
        try (Connection c = DriverManager.getConnection(server.jdbcUrl(), "alice", "alices password");
             Statement s = c.createStatement()) {
            s.executeUpdate("DROP TABLE IF EXISTS rs_people");
            s.executeUpdate("CREATE TABLE rs_people (id INT, name STRING COMMENT 'first name', score DECIMAL(5,2), "
                    + "born DATE) CLUSTERED BY (id) INTO 2 BUCKETS ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
            s.executeUpdate("LOAD DATA LOCAL INPATH '" + data + "' INTO TABLE rs_people");
        }
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

    private static Result shell(String... args) {
        List<String> all = new ArrayList<>(List.of("shell", "--url", server.jdbcUrl(), "--user", "alice",
                "--password-file", passwordFile.toString()));
        all.addAll(List.of(args));
        return run(all.toArray(new String[0]));
    }

    @Test
    void rowsComeAsTheLocalShellPrintsThem() {
        Result r = shell("-e", "SELECT id, name, score, born FROM rs_people ORDER BY id");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("1\tann\t3.50\t2001-02-03\n2\tbob\tNULL\t2001-02-04\n3\tcy\t1.25\tNULL\n");
        assertThat(r.err()).contains("Fetched: 3 row(s)");

        Result local = run("-e", "SELECT id, name, score, born FROM rs_people ORDER BY id");
        assertThat(local.exit()).as(local.err()).isZero();
        assertThat(r.out()).isEqualTo(local.out());

        Result quiet = shell("--header", "-S", "-e", "SELECT COUNT(*) AS n FROM rs_people; SET hadoopdb.reducers=2; "
                + "SET hadoopdb.reducers");
        assertThat(quiet.exit()).as(quiet.err()).isZero();
        assertThat(quiet.out()).isEqualTo("n\n3\nset\nhadoopdb.reducers=2\n");
        assertThat(quiet.err()).isEmpty();
    }

    @Test
    void theFirstFailureStopsTheScriptWithTheServersMessage() {
        Result r = shell("-e", "SELECT id FROM rs_people WHERE id = 1; SELECT nme FROM rs_people; SELECT 2");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).isEqualTo("1\n");
        assertThat(r.err()).contains("FAILED:").contains("nme").doesNotContain("Remote driver error");
    }

    @Test
    void aWrongPasswordIsRefused() throws Exception {
        Path wrong = Files.writeString(files.resolve("wrong"), "not it\n");
        Result r = run("shell", "--url", server.jdbcUrl(), "--user", "alice", "--password-file", wrong.toString(),
                "-e", "SELECT 1");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("refused").doesNotContain("not it");
    }

    @Test
    void sqlLineBrowsesAndQueriesThroughTheRemoteDriver() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SqlLine sqlLine = new SqlLine();
        sqlLine.setOutputStream(out);
        sqlLine.setErrorStream(out);
        Path script = Files.writeString(files.resolve("browse.sql"),
                "!tables\n!columns rs_people\n!describe rs_people\nSELECT name, score FROM rs_people WHERE id = 2;\n"
                        + "SELECT a.name, b.score FROM rs_people a JOIN rs_people b ON a.id = b.id WHERE a.id = 2;\n");
        SqlLine.Status status = sqlLine.begin(new String[] {"-d", "org.hadoopdb.jdbc.HadoopDbDriver", "-u", server.jdbcUrl(),
                "-n", "alice", "-p", "alices password", "--maxWidth=300", "-f", script.toString()},
                new ByteArrayInputStream(new byte[0]), false);
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(status).as(text).isEqualTo(SqlLine.Status.OK);
        assertThat(text).contains("rs_people").contains("TABLE").contains("first name").contains("DECIMAL")
                .contains("born").contains("| bob  | null  |").contains("1 row selected");
        assertThat(text).doesNotContain("Error:");
        // the join gives the same row again
        assertThat(text.split("\\| bob  \\| null  \\|", -1)).hasSize(3);
    }

    @Test
    void withoutAuthenticationTheServerListensOnLoopbackOnly() {
        Result r = run("-Dhadoopdb.server.auth=none", "-Dhadoopdb.server.bind-address=0.0.0.0", "server", "--port", "0");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("hadoopdb.server.auth=none is allowed only on a loopback address");
    }
}
