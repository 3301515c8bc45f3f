package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.UsersFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every error reaches the client as an SQLException with its cause in the message and a meaningful SQLState. */
class ErrorReportingIT {
    private static final String P = "jer_";
    private static String url;

    @BeforeAll
    static void setUp() throws Exception {
        url = "jdbc:hadoopdb:home=" + TestClusters.shared(2).config().home().root();
        try (Connection c = DriverManager.getConnection(url)) {
            DriverContract.createTables(c, P);
        }
    }

    private static SQLException failure(String sql, String... settings) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            for (String setting : settings) {
                s.execute("SET " + setting);
            }
            Throwable thrown = null;
            try {
                s.execute(sql);
            } catch (Throwable t) {
                thrown = t;
            }
            assertThat(thrown).as("the error of %s", sql).isInstanceOf(SQLException.class);
            return (SQLException) thrown;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\n\t", "-- only a comment", "/* a block comment */"})
    void anEmptyStatementIsASyntaxErrorSayingSo(String sql) throws Exception {
        SQLException e = failure(sql);
        assertThat(e.getSQLState()).as("%s", e).isEqualTo("42000");
        assertThat(e.getMessage()).contains("empty statement");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "SELECT * FROM jer_nosuchtable | jer_nosuchtable",
            "SELECT nosuchcolumn FROM jer_visits | nosuchcolumn",
            "SELECT v.nosuchcolumn FROM jer_visits v | nosuchcolumn",
            "SELECT duration FROM jer_visits WHERE nosuchcolumn > 1 | nosuchcolumn",
            "SELECT nosuchfunction(duration) FROM jer_visits | nosuchfunction",
            "SELECT upper(duration, duration) FROM jer_visits | upper",
            "SELECT substr() FROM jer_visits | substr",
            "SELECT sourceip, COUNT(*) FROM jer_visits | sourceip",
            "SELECT sourceip, COUNT(*) FROM jer_visits GROUP BY desturl | sourceip",
            "SELECT k FROM jer_big a JOIN jer_big b ON a.k = b.k | k",
            "SELECT date_add(flag, duration) FROM jer_visits | date_add",
            "SELECT duration FROM jer_visits ORDER BY nosuchcolumn | nosuchcolumn",
            "SELECT SUM(SUM(duration)) FROM jer_visits | SUM",
            "INSERT INTO TABLE jer_nosuchtable SELECT * FROM jer_visits | jer_nosuchtable",
            "DESCRIBE jer_nosuchtable | jer_nosuchtable",
            "DROP TABLE jer_nosuchtable | jer_nosuchtable",
            "LOAD DATA LOCAL INPATH '/nonexistent' INTO TABLE jer_nosuchtable | jer_nosuchtable",
            "CREATE TABLE jer_visits (a INT) | jer_visits",
            "SET hadoopdb.no.such.key=1 | hadoopdb.no.such.key",
            "USE nosuchdatabase | nosuchdatabase",
            "EXPLAIN SHOW TABLES | EXPLAIN",
            "INSERT INTO TABLE jer_big SELECT duration FROM jer_visits | jer_big",
            "INSERT INTO TABLE jer_big (k, nosuchcolumn) SELECT duration, duration FROM jer_visits | nosuchcolumn",
            "SELECT a.duration FROM jer_visits a JOIN jer_big b ON a.nosuchcolumn = b.k | nosuchcolumn",
    })
    void aSemanticErrorIs42000AndNamesWhatIsWrong(String sql, String named) throws Exception {
        SQLException e = failure(sql);
        assertThat(e.getSQLState()).as("%s", e).isEqualTo("42000");
        assertThat(e.getMessage()).containsIgnoringCase(named);
    }

    /** Found by StatementFuzzIT: these overflowed the stack of the parser or of Calcite (a StackOverflowError reached the client). */
    @Test
    void aStatementNestedTooDeeplyIsAnErrorOfTheStatement() throws Exception {
        for (String sql : List.of("SELECT " + "(".repeat(3000) + "1" + ")".repeat(3000),
                "SELECT " + "1 + ".repeat(3000) + "1",
                "SELECT COUNT(*) FROM " + P + "visits WHERE " + "NOT ".repeat(3000) + "flag",
                "SELECT " + "upper(".repeat(1000) + "sourceip" + ")".repeat(1000) + " FROM " + P + "visits")) {
            SQLException e = failure(sql);
            assertThat(e.getSQLState()).as("%s", e).isEqualTo("42000");
            assertThat(cause(e, sql)).contains("nested too deeply");
        }
    }

    /** The error's own text, after Avatica's "Error while executing SQL "…":" which repeats the statement. */
    private static String cause(SQLException e, String sql) {
        String message = e.getMessage();
        int at = message.indexOf(sql);
        return at < 0 ? message : message.substring(at + sql.length());
    }

    @ParameterizedTest
    @Timeout(180)
    @ValueSource(strings = {
            "SELECT repeat('x', 2000000000)",
            "SELECT MAX(length(repeat(sourceip, 2000000000 + duration))) FROM jer_visits",
    })
    void aFailedStatementReportsItsCause(String sql) throws Exception {
        assertReportsItsCause(sql, failure(sql));
    }

    /** The same failures in a MapReduce job's tasks, whose own exception must reach the message. */
    @ParameterizedTest
    @Timeout(180)
    @ValueSource(strings = {
            "SELECT repeat('x', 2000000000)",
            "SELECT MAX(length(repeat(sourceip, 2000000000 + duration))) FROM jer_visits",
            "SELECT length(repeat(sourceip, 2000000000 + duration)) FROM jer_visits",
    })
    void aFailedJobReportsItsTasksCause(String sql) throws Exception {
        assertReportsItsCause(sql, failure(sql, "hadoopdb.fetch.direct=false", "hadoopdb.exec.client-stage.max-rows=0"));
    }

    private static void assertReportsItsCause(String sql, SQLException e) {
        assertThat(e.getSQLState()).as("%s", e).isNotNull().isNotEqualTo("00000");
        assertThat(cause(e, sql)).as("%s", e).doesNotContain("failed: NA").containsAnyOf("repeat", "memory", "length",
                "too large", "size");
    }

    @Test
    @Timeout(180)
    void aUserRemovedWhileConnectedGetsAnAuthorizationError() throws Exception {
        Path users = Files.createTempDirectory("hadoopdb-users-").resolve("users");
        new UsersFile(users).put("carol", "carols password".toCharArray());
        try (HadoopDbEngine engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
             QueryServer server = QueryServer.start(engine, RemoteDriverIT.settings(users, Duration.ofSeconds(5)))) {
            Connection c = DriverManager.getConnection(server.jdbcUrl(), "carol", "carols password");
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + P + "visits")) {
                assertThat(rs.next()).isTrue();
            }
            new UsersFile(users).remove("carol");
            assertThatThrownBy(() -> {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + P + "visits")) {
                    rs.next();
                }
            }).isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28000"))
                    .hasMessageContaining("401");
            assertThatThrownBy(() -> c.prepareStatement("SELECT 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28000"));
            // the server refuses even the close; the driver says so as an SQLException, never an unchecked one
            assertThat(catchThrowable(c::close)).isInstanceOf(SQLException.class);
        }
    }
}
