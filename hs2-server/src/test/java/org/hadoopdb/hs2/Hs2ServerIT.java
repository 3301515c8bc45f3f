package org.hadoopdb.hs2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.hive.service.rpc.thrift.TGetDelegationTokenReq;
import org.apache.hive.service.rpc.thrift.TGetTablesReq;
import org.apache.hive.service.rpc.thrift.TOpenSessionReq;
import org.apache.hive.service.rpc.thrift.TOpenSessionResp;
import org.apache.hive.service.rpc.thrift.TSessionHandle;
import org.apache.hive.service.rpc.thrift.TStatus;
import org.apache.hive.service.rpc.thrift.TStatusCode;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;
import org.hadoopdb.jdbc.meta.QueryGate;
import org.hadoopdb.jdbc.queries.QueryInfo;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.hadoopdb.jdbc.queries.QueryState;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;
import org.hadoopdb.runtime.ResultStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The HiveServer2 endpoint on a free loopback port, driven by Hive's own JDBC driver. */
@Timeout(120)
class Hs2ServerIT {
    static final String USER = "alice";
    static final String PASSWORD = "correct horse battery staple";
    /** A query that runs MapReduce for a while: 9 million join rows counted. */
    static final String SLOW = "SELECT COUNT(*) FROM hs2_big a JOIN hs2_big b ON a.k = b.k";

    /** Where the endpoint records its statements, as the query server's web console reads them. */
    private static final QueryRegistry QUERIES = new QueryRegistry(1000);

    private static HadoopDbEngine engine;
    private static Hs2Server server;
    private static Path dir;

    @BeforeAll
    static void start() throws Exception {
        engine = HadoopDbEngine.start(TestClusters.shared(2).config(), msg -> { });
        dir = Files.createTempDirectory("hadoopdb-hs2-");
        Path users = dir.resolve("users");
        new UsersFile(users).put(USER, PASSWORD.toCharArray());
        ServerSettings settings = new ServerSettings(0, "127.0.0.1", true, users, null, "", "PKCS12", 2, 16,
                Duration.ofMinutes(2), Duration.ofMinutes(10), Duration.ofSeconds(5), 64);
        server = Hs2Server.start(engine, new Hs2Settings(0, 0, "127.0.0.1", settings), QUERIES);
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            big.append("1|").append(i).append('\n');
        }
        Path bigFile = Files.writeString(dir.resolve("big.txt"), big);
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS hs2_big");
            s.execute("CREATE TABLE hs2_big (k INT, v INT) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
            s.execute("LOAD DATA LOCAL INPATH '" + bigFile + "' INTO TABLE hs2_big");
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

    static Connection connect() throws Exception {
        return HiveJdbc.connect(server.jdbcUrl(), USER, PASSWORD);
    }

    @Test
    void aWrongPasswordIsRefusedWithoutASession() throws Exception {
        int before = server.sessions();
        assertThatThrownBy(() -> HiveJdbc.connect(server.jdbcUrl(), USER, "wrong")).isInstanceOf(SQLException.class)
                .hasMessageContaining("Wrong user name or password");
        assertThatThrownBy(() -> HiveJdbc.connect(server.jdbcUrl(), "mallory", PASSWORD)).isInstanceOf(SQLException.class);
        assertThat(server.sessions()).isEqualTo(before);
        try (Connection c = connect()) {
            assertThat(server.sessions()).isEqualTo(before + 1);
        }
    }

    @Test
    void ddlInsertAndAJoinWithAnAggregateAnswerAsTheEngineDoes() throws Exception {
        String query = "SELECT c.name, COUNT(*) AS n, SUM(o.amount) AS total, AVG(o.amount) AS mean, MIN(o.label) AS first FROM hs2_orders o "
                + "JOIN hs2_customers c ON o.cust = c.id GROUP BY c.name ORDER BY c.name";
        List<List<Object>> viaHs2 = new ArrayList<>();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS hs2_customers");
            s.execute("DROP TABLE IF EXISTS hs2_orders");
            s.execute("CREATE TABLE hs2_customers (id INT, name STRING)");
            s.execute("CREATE TABLE hs2_orders (id INT, cust INT, amount INT, label STRING)");
            s.execute("INSERT INTO hs2_customers VALUES (1, 'ann'), (2, 'bob'), (3, 'cid')");
            s.execute("INSERT INTO hs2_orders VALUES (10, 1, 150, 'x'), (11, 1, 225, 'w'), (12, 2, 1000, 'z'), "
                    + "(13, 3, 5, 'c'), (14, 3, 5, 'b'), (15, 3, 11, 'a')");
            try (ResultSet rs = s.executeQuery(query)) {
                ResultSetMetaData md = rs.getMetaData();
                assertThat(md.getColumnType(2)).isEqualTo(Types.BIGINT);
                assertThat(md.getColumnType(3)).isEqualTo(Types.BIGINT);
                assertThat(md.getColumnType(4)).isEqualTo(Types.DOUBLE);
                while (rs.next()) {
                    viaHs2.add(List.of(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getDouble(4), rs.getString(5)));
                }
            }
        }
        List<List<Object>> embedded = new ArrayList<>();
        try (Session session = engine.openSession(Map.of())) {
            StatementResult r = session.execute(query, StatementListener.NONE);
            try (ResultStream rows = ((StatementResult.Rows) r).rows()) {
                while (rows.next()) {
                    embedded.add(List.of(rows.row().getString(0), rows.row().getLong(1), rows.row().getLong(2),
                            rows.row().getDouble(3), rows.row().getString(4)));
                }
            }
        }
        assertThat(viaHs2).hasSize(3).isEqualTo(embedded);
        assertThat(viaHs2.get(0)).containsExactly("ann", 2L, 375L, 187.5, "w");
        assertThat(viaHs2.get(2)).containsExactly("cid", 3L, 21L, 7.0, "a");
    }

    @Test
    void everyTypeAndNullsRoundTrip() throws Exception {
        Path data = Files.writeString(dir.resolve("types.txt"),
                "-7|300|70000|9000000000|1.5|2.25|12.34|text|vc|ch|true|2024-02-29|2024-02-29 12:34:56.789|AAEC/w==\n"
                        + "\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N|\\N\n");
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS hs2_types");
            s.execute("CREATE TABLE hs2_types (ti TINYINT, si SMALLINT, i INT, bi BIGINT, f FLOAT, d DOUBLE, "
                    + "dec DECIMAL(10,2), s STRING, vc VARCHAR(10), ch CHAR(5), b BOOLEAN, dt DATE, ts TIMESTAMP, bin BINARY) "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
            s.execute("LOAD DATA LOCAL INPATH '" + data + "' INTO TABLE hs2_types");
            try (ResultSet rs = s.executeQuery("SELECT * FROM hs2_types ORDER BY i")) {
                ResultSetMetaData md = rs.getMetaData();
                assertThat(md.getColumnCount()).isEqualTo(14);
                int[] types = {Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.FLOAT, Types.DOUBLE,
                        Types.DECIMAL, Types.VARCHAR, Types.VARCHAR, Types.CHAR, Types.BOOLEAN, Types.DATE,
                        Types.TIMESTAMP, Types.BINARY};
                for (int i = 0; i < types.length; i++) {
                    assertThat(md.getColumnType(i + 1)).as("type of column %d", i + 1).isEqualTo(types[i]);
                }
                assertThat(md.getPrecision(7)).isEqualTo(10);
                assertThat(md.getScale(7)).isEqualTo(2);
                assertThat(md.getColumnTypeName(7)).isEqualToIgnoringCase("decimal");
                // NULLs first in ascending order, as Hive sorts them
                assertThat(rs.next()).isTrue();
                for (int i = 1; i <= 14; i++) {
                    assertThat(rs.getObject(i)).as("column %d", i).isNull();
                }
                assertThat(rs.next()).isTrue();
                assertThat(rs.getByte(1)).isEqualTo((byte) -7);
                assertThat(rs.getShort(2)).isEqualTo((short) 300);
                assertThat(rs.getInt(3)).isEqualTo(70000);
                assertThat(rs.getLong(4)).isEqualTo(9_000_000_000L);
                assertThat(rs.getFloat(5)).isEqualTo(1.5f);
                assertThat(rs.getDouble(6)).isEqualTo(2.25);
                assertThat(rs.getBigDecimal(7)).isEqualByComparingTo("12.34");
                assertThat(rs.getString(8)).isEqualTo("text");
                assertThat(rs.getString(9)).isEqualTo("vc");
                assertThat(rs.getString(10)).isEqualTo("ch   ");
                assertThat(rs.getBoolean(11)).isTrue();
                assertThat(rs.getObject(12)).isEqualTo(Date.valueOf("2024-02-29"));
                assertThat(rs.getObject(13)).isEqualTo(Timestamp.valueOf("2024-02-29 12:34:56.789"));
                // Hive's driver has no getBytes: BINARY values come as byte[] from getObject
                assertThat(rs.getObject(14)).isEqualTo(new byte[] {0, 1, 2, (byte) 0xff});
                assertThat(rs.next()).isFalse();
            }
        }
    }

    /** Complex columns go as HiveServer2 sends them: ARRAY/MAP/STRUCT types, their values as Hive's text in string columns. */
    @Test
    void arraysMapsAndStructsArriveAsHivesText() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS hs2_complex");
            s.execute("CREATE TABLE hs2_complex (id INT, tags ARRAY<STRING>, props MAP<STRING,INT>, who STRUCT<name:STRING,age:INT>)");
            s.execute("INSERT INTO hs2_complex SELECT 1, array('a', 'b'), map('k', 2), named_struct('name', 'ann', 'age', 30)");
            try (ResultSet rs = s.executeQuery("SELECT tags, props, who, tags[1], who.age FROM hs2_complex")) {
                ResultSetMetaData md = rs.getMetaData();
                assertThat(md.getColumnType(1)).isEqualTo(Types.ARRAY);
                assertThat(md.getColumnType(3)).isEqualTo(Types.STRUCT);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("[\"a\",\"b\"]");
                assertThat(rs.getString(2)).isEqualTo("{\"k\":2}");
                assertThat(rs.getString(3)).isEqualTo("{\"name\":\"ann\",\"age\":30}");
                assertThat(rs.getString(4)).isEqualTo("b");
                assertThat(rs.getInt(5)).isEqualTo(30);
            }
        }
    }

    @Test
    void metadataCallsDescribeTheCatalog() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS hs2_meta");
            s.execute("CREATE TABLE hs2_meta (id INT, price DECIMAL(8,3), label VARCHAR(20))");
            DatabaseMetaData md = c.getMetaData();
            assertThat(md.getDatabaseProductName()).isEqualTo("HadoopDB");
            assertThat(schemas(md)).contains("default");
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = md.getTables(null, "default", "hs2_%", null)) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME") + ":" + rs.getString("TABLE_TYPE"));
                }
            }
            assertThat(tables).contains("hs2_meta:TABLE", "hs2_big:TABLE");
            List<String> columns = new ArrayList<>();
            try (ResultSet rs = md.getColumns(null, "default", "hs2_meta", "%")) {
                while (rs.next()) {
                    columns.add(rs.getString("COLUMN_NAME") + ":" + rs.getInt("DATA_TYPE") + ":" + rs.getString("TYPE_NAME")
                            + ":" + rs.getInt("COLUMN_SIZE") + ":" + rs.getInt("ORDINAL_POSITION"));
                }
            }
            assertThat(columns).containsExactly("id:" + Types.INTEGER + ":INT:10:1", "price:" + Types.DECIMAL + ":DECIMAL:8:2",
                    "label:" + Types.VARCHAR + ":VARCHAR:20:3");
            List<String> typeNames = new ArrayList<>();
            try (ResultSet rs = md.getTypeInfo()) {
                while (rs.next()) {
                    typeNames.add(rs.getString("TYPE_NAME"));
                }
            }
            assertThat(typeNames).contains("INT", "DECIMAL", "TIMESTAMP", "BINARY", "STRING");
            try (ResultSet rs = md.getPrimaryKeys(null, "default", "hs2_meta")) {
                assertThat(rs.next()).isFalse();
            }
            try (ResultSet rs = md.getTableTypes()) {
                List<String> kinds = new ArrayList<>();
                while (rs.next()) {
                    kinds.add(rs.getString(1));
                }
                assertThat(kinds).containsExactly("TABLE", "VIEW");
            }
        }
    }

    @Test
    void theUrlsDatabaseIsTheSessionsAndDatabasesAreSchemas() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS hs2_db CASCADE");
            s.execute("CREATE DATABASE hs2_db");
            try {
                s.execute("CREATE TABLE hs2_db.items (id INT, name STRING)");
                s.execute("INSERT INTO hs2_db.items VALUES (1, 'one'), (2, 'two')");
                assertThat(schemas(c.getMetaData())).contains("default", "hs2_db");
                try (ResultSet rs = c.getMetaData().getTables(null, "hs2_db", "%", null)) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString("TABLE_SCHEM")).isEqualTo("hs2_db");
                    assertThat(rs.getString("TABLE_NAME")).isEqualTo("items");
                    assertThat(rs.next()).isFalse();
                }
                String url = server.jdbcUrl().replace("/default", "/hs2_db");
                try (Connection in = HiveJdbc.connect(url, USER, PASSWORD); Statement t = in.createStatement();
                     ResultSet rs = t.executeQuery("SELECT name FROM items WHERE id = 2")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("two");
                }
                assertThatThrownBy(() -> HiveJdbc.connect(server.jdbcUrl().replace("/default", "/no_such_db"), USER, PASSWORD))
                        .isInstanceOf(SQLException.class).hasMessageContaining("'no_such_db' does not exist");
            } finally {
                s.execute("DROP DATABASE hs2_db CASCADE");
            }
        }
    }

    private static List<String> schemas(DatabaseMetaData md) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = md.getSchemas()) {
            while (rs.next()) {
                out.add(rs.getString("TABLE_SCHEM"));
            }
        }
        return out;
    }

    @Test
    void errorsCarryTheMessageAndSqlState() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT nosuchcolumn FROM hs2_big"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("42000");
                        assertThat(e.getMessage()).containsIgnoringCase("nosuchcolumn");
                    });
            // the session is usable afterwards
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM hs2_big")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(3000);
            }
        }
    }

    @Test
    void statementsAreRecordedForTheWebConsoleAsTheJdbcEndpointRecordsThem() throws Exception {
        String query = "SELECT COUNT(*) AS recorded FROM hs2_big WHERE v < 100";
        String wrong = "SELECT recorded_no_such_column FROM hs2_big";
        String unparsed = "SELEKT recorded";
        long jobsBefore = QUERIES.metrics().jobs();
        long rowsBefore = QUERIES.metrics().rowsReadByNode().values().stream().mapToLong(Long::longValue).sum();
        // a MapReduce stage, so that its progress is recorded
        try (Connection c = HiveJdbc.connect(server.jdbcUrl() + "?hadoopdb.exec.client-stage.max-rows=0;hadoopdb.fetch.direct=false",
                USER, PASSWORD); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery(query)) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(100);
            }
            assertThatThrownBy(() -> s.executeQuery(wrong)).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> s.executeQuery(unparsed)).isInstanceOf(SQLException.class);
        }
        QueryInfo ok = recorded(query);
        assertThat(ok.state()).isEqualTo(QueryState.FINISHED);
        assertThat(ok.user()).isEqualTo(USER);
        assertThat(ok.client()).isEqualTo(QueryRegistry.HIVESERVER2);
        assertThat(ok.remoteAddress()).isEqualTo("127.0.0.1");
        assertThat(ok.kind()).isEqualTo("query");
        assertThat(ok.rows()).isEqualTo(1);
        assertThat(ok.ended()).isNotNull();
        assertThat(ok.error()).isNull();
        assertThat(ok.stages()).isNotEmpty().allSatisfy(stage -> {
            assertThat(stage.jobId()).isNotBlank();
            assertThat(stage.started()).isNotNull();
            assertThat(stage.ended()).isNotNull();
        });
        assertThat(ok.plan()).contains("SQL: ");
        assertThat(ok.pushed()).isNotEmpty().allSatisfy(p -> assertThat(p.table()).isEqualTo("hs2_big"));
        // its job and what its map tasks read reach the metrics too: one partial count from each chunk
        assertThat(QUERIES.metrics().jobs() - jobsBefore).isEqualTo(1);
        assertThat(QUERIES.metrics().rowsReadByNode().values().stream().mapToLong(Long::longValue).sum() - rowsBefore)
                .isEqualTo(engine.catalog().table("hs2_big").chunks().size());

        QueryInfo failed = recorded(wrong);
        assertThat(failed.state()).isEqualTo(QueryState.FAILED);
        assertThat(failed.user()).isEqualTo(USER);
        assertThat(failed.sqlState()).isEqualTo("42000");
        assertThat(failed.error()).containsIgnoringCase("recorded_no_such_column");

        QueryInfo notParsed = recorded(unparsed);
        assertThat(notParsed.state()).isEqualTo(QueryState.FAILED);
        assertThat(notParsed.kind()).isEqualTo("unparsed");
        assertThat(notParsed.sqlState()).isEqualTo("42000");
    }

    @Test
    void theRegistrysCancelStopsAStatementRunThroughHiveServer2() throws Exception {
        String slow = SLOW + " WHERE a.v >= 0";
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            CompletableFuture<Object> run = CompletableFuture.supplyAsync(() -> {
                try (ResultSet rs = s.executeQuery(slow)) {
                    rs.next();
                    return rs.getLong(1);
                } catch (SQLException e) {
                    return e;
                }
            }, thread);
            QueryRecord running = awaitRunning(slow);
            assertThat(running.user()).isEqualTo(USER);
            assertThat(running.cancel()).as("the console's cancel reaches the statement").isTrue();
            Object outcome = run.get(60, TimeUnit.SECONDS);
            assertThat(outcome).isInstanceOfSatisfying(SQLException.class,
                    e -> assertThat(e.getMessage()).containsIgnoringCase("cancel"));
        } finally {
            thread.shutdownNow();
        }
        QueryInfo cancelled = recorded(slow);
        assertThat(cancelled.state()).isEqualTo(QueryState.CANCELLED);
        assertThat(cancelled.sqlState()).isEqualTo("HY008");
        assertThat(QUERIES.find(cancelled.id())).as("no longer running").isEmpty();
    }

    /** The newest finished statement of that text. */
    private static QueryInfo recorded(String text) {
        return QUERIES.recent().stream().filter(q -> q.text().equals(text)).findFirst()
                .orElseThrow(() -> new AssertionError("No finished statement '" + text + "' in the registry; it holds "
                        + QUERIES.running() + " running and " + QUERIES.recent() + " finished"));
    }

    /** Waits until a statement of that text is running, as the console would see it. */
    private static QueryRecord awaitRunning(String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            for (QueryInfo q : QUERIES.running()) {
                if (q.text().equals(text) && q.state() == QueryState.RUNNING) {
                    return QUERIES.find(q.id()).orElseThrow();
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("Statement '" + text + "' never ran; running: " + QUERIES.running());
    }

    @Test
    void theHttpTransportServesTheSameCallsBehindBasicAuthentication() throws Exception {
        assertThat(server.httpUrl()).endsWith(";transportMode=http;httpPath=cliservice");
        try (Connection c = HiveJdbc.connect(server.httpUrl(), USER, PASSWORD); Statement s = c.createStatement()) {
            s.setFetchSize(500);
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(v) FROM hs2_big")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(3000);
                assertThat(rs.getLong(2)).isEqualTo(2999L * 3000 / 2);
            }
            try (ResultSet rs = c.getMetaData().getTables(null, "default", "hs2_big", null)) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString("TABLE_NAME")).isEqualTo("hs2_big");
            }
        }
        assertThatThrownBy(() -> HiveJdbc.connect(server.httpUrl(), USER, "wrong")).isInstanceOf(SQLException.class);
    }

    @Test
    void withoutAuthenticationOnLoopbackClientsConnectWithoutSasl() throws Exception {
        ServerSettings open = new ServerSettings(0, "127.0.0.1", false, dir.resolve("no-users"), null, "", "PKCS12", 2, 16,
                Duration.ofMinutes(2), Duration.ofMinutes(10), Duration.ofSeconds(5), 8);
        try (Hs2Server plain = Hs2Server.start(engine, new Hs2Settings(0, "127.0.0.1", open))) {
            assertThat(plain.jdbcUrl()).endsWith(";auth=noSasl");
            try (Connection c = HiveJdbc.connect(plain.jdbcUrl(), "bob", null); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM hs2_big")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(3000);
                assertThat(plain.sessions()).isEqualTo(1);
            }
            // closing the endpoint closes the sessions still open and stops listening
            Connection left = HiveJdbc.connect(plain.jdbcUrl(), "carol", null);
            assertThat(plain.sessions()).isEqualTo(1);
            String url = plain.jdbcUrl();
            plain.close();
            assertThat(plain.sessions()).isZero();
            assertThatThrownBy(() -> HiveJdbc.connect(url, "carol", null)).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> left.createStatement().executeQuery("SELECT COUNT(*) FROM hs2_big"))
                    .isInstanceOf(SQLException.class);
        }
    }

    @Test
    void resultsArriveInBatchesOfTheFetchSize() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.setFetchSize(100);
            long rows = 0;
            long sum = 0;
            try (ResultSet rs = s.executeQuery("SELECT v FROM hs2_big")) {
                while (rs.next()) {
                    rows++;
                    sum += rs.getInt(1);
                }
            }
            assertThat(rows).isEqualTo(3000);
            assertThat(sum).isEqualTo(2999L * 3000 / 2);
        }
    }

    @Test
    void hiveconfSettingsOfTheUrlBecomeSessionSettings() throws Exception {
        try (Connection c = HiveJdbc.connect(server.jdbcUrl() + "?mapreduce.job.queuename=etl", USER, PASSWORD);
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SET mapreduce.job.queuename")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("mapreduce.job.queuename=etl");
        }
        assertThatThrownBy(() -> HiveJdbc.connect(server.jdbcUrl() + "?hadoopdb.no.such.key=1", USER, PASSWORD))
                .isInstanceOf(SQLException.class).hasMessageContaining("hadoopdb.no.such.key");
        // Hive's own settings are left out, but for those HadoopDB acts on: "k" is the column k here
        try (Connection c = HiveJdbc.connect(server.jdbcUrl() + "?hive.support.quoted.identifiers=standard", USER, PASSWORD);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM hs2_big WHERE \"k\" = \"k\" AND \"k\" >= 0")) {
            assertThat(rs.next()).isTrue();
            try (Statement t = c.createStatement(); ResultSet all = t.executeQuery("SELECT COUNT(*) FROM hs2_big")) {
                assertThat(all.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(all.getLong(1)).isPositive();
            }
        }
    }

    @Test
    void sessionsUnusedForTheIdleTimeoutAreClosed() throws Exception {
        Hs2Service service = new Hs2Service(engine, QueryGate.unbounded(), false);
        TOpenSessionResp opened = service.OpenSession(new TOpenSessionReq(Hs2Service.PROTOCOL));
        assertThat(opened.getStatus().getStatusCode()).isEqualTo(TStatusCode.SUCCESS_STATUS);
        service.expireIdle(Duration.ofMinutes(1));
        assertThat(service.sessionCount()).isEqualTo(1);
        Thread.sleep(20);
        service.expireIdle(Duration.ofMillis(10));
        assertThat(service.sessionCount()).isZero();
        TStatus later = service.GetTables(new TGetTablesReq(opened.getSessionHandle())).getStatus();
        assertThat(later.getErrorMessage()).contains("closed or expired");
    }

    @Test
    void requestsThatAreNotServedGetAnErrorStatus() {
        Hs2Service service = new Hs2Service(engine, QueryGate.unbounded(), true);
        TStatus status = service.GetDelegationToken(new TGetDelegationTokenReq(new TSessionHandle(Handles.newIdentifier()),
                "alice", "hive")).getStatus();
        assertThat(status.getStatusCode()).isEqualTo(TStatusCode.ERROR_STATUS);
        assertThat(status.getSqlState()).isEqualTo("0A000");
        assertThat(status.getErrorMessage()).contains("GetDelegationToken");
        TStatus unknown = service.GetTables(new TGetTablesReq(new TSessionHandle(Handles.newIdentifier()))).getStatus();
        assertThat(unknown.getStatusCode()).isEqualTo(TStatusCode.ERROR_STATUS);
        assertThat(unknown.getErrorMessage()).contains("Invalid session handle");
    }

    @Test
    void aQueryTimeoutStopsTheStatement() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.setQueryTimeout(1);
            long started = System.nanoTime();
            assertThatThrownBy(() -> s.executeQuery(SLOW)).isInstanceOf(SQLTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
        }
    }

    @Test
    void cancelStopsARunningStatement() throws Exception {
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            CompletableFuture<Object> run = CompletableFuture.supplyAsync(() -> {
                try (ResultSet rs = s.executeQuery(SLOW)) {
                    rs.next();
                    return rs.getLong(1);
                } catch (SQLException e) {
                    return e;
                }
            }, thread);
            Thread.sleep(1500);
            long cancelledAt = System.nanoTime();
            s.cancel();
            Object outcome = run.get(60, TimeUnit.SECONDS);
            assertThat(outcome).isInstanceOfSatisfying(SQLException.class,
                    e -> assertThat(e.getMessage()).containsIgnoringCase("cancel"));
            assertThat(Duration.ofNanos(System.nanoTime() - cancelledAt)).isLessThan(Duration.ofSeconds(30));
            try (ResultSet rs = s.executeQuery("SELECT v FROM hs2_big WHERE v = 4")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(4);
            }
        } finally {
            thread.shutdownNow();
        }
    }
}
