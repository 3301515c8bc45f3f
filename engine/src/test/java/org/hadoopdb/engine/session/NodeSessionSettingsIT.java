package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.cluster.embedded.testing.TestClusters.TestCluster;
import org.hadoopdb.connector.chunk.ChunkQuery;
import org.hadoopdb.connector.chunk.ChunkReadSettings;
import org.hadoopdb.connector.chunk.ChunkReader;
import org.hadoopdb.connector.chunk.ChunkSplit;
import org.hadoopdb.connector.chunk.ChunkSplits;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.runtime.ResultStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nodes whose databases are configured against what HadoopDB's SQL assumes (as a real cluster's
 * server may be): {@code standard_conforming_strings = off}, another DateStyle, time zone,
 * IntervalStyle, bytea output, float precision and search path. Literals must keep their meaning
 * (no SQL injection through a backslash) and values must come back exactly.
 */
class NodeSessionSettingsIT {
    /** id | day | ts | amount | name; the name last, so that its backslash ends the line. */
    private static final List<Person> PEOPLE = List.of(
            new Person(1, LocalDate.of(2024, 2, 29), LocalDateTime.of(2024, 2, 29, 23, 59, 59, 123_456_000), 0.1, "x\\"),
            new Person(2, LocalDate.of(1999, 12, 31), LocalDateTime.of(1970, 1, 1, 0, 0), 1.0000000000000002, " OR 1=1 --"),
            new Person(3, LocalDate.of(2000, 1, 2), LocalDateTime.of(2038, 1, 19, 3, 14, 7, 999_999_000), Math.PI, "it's"),
            new Person(4, LocalDate.of(1, 1, 1), LocalDateTime.of(1900, 3, 1, 12, 0, 0, 1000), 1.2345678901234567E300, "Zoë"),
            new Person(5, LocalDate.of(2012, 11, 10), LocalDateTime.of(2012, 11, 10, 9, 8, 7), -2.5e-300, "alice"));

    private static TestCluster cluster;
    private static HadoopDbEngine engine;
    private static Session session;

    @TempDir
    static Path files;

    record Person(int id, LocalDate day, LocalDateTime ts, double amount, String name) {
        String line() {
            return id + "|" + day + "|" + java.sql.Timestamp.valueOf(ts) + "|" + amount + "|" + name + "\n";
        }
    }

    @BeforeAll
    static void start() throws Exception {
        cluster = TestClusters.fresh(2);
        try (NodePools pools = new NodePools(cluster.config())) {
            for (NodeInfo node : cluster.catalog().nodes()) {
                misconfigure(pools, node);
            }
        }
        engine = HadoopDbEngine.start(cluster.config(), msg -> { });
        session = engine.openSession(Map.of());
        StringBuilder rows = new StringBuilder();
        PEOPLE.forEach(p -> rows.append(p.line()));
        Path file = files.resolve("people.txt");
        Files.writeString(file, rows.toString(), StandardCharsets.UTF_8);
        run("CREATE TABLE ns_people (id INT, day DATE, ts TIMESTAMP, amount DOUBLE, name STRING) CLUSTERED BY (id) INTO 4 BUCKETS "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
        run("LOAD DATA LOCAL INPATH '" + file + "' INTO TABLE ns_people");
    }

    /** Every new session on the node's database starts with settings that change what SQL text means. */
    private static void misconfigure(NodePools pools, NodeInfo node) throws SQLException {
        try (Connection c = pools.connect(node); Statement st = c.createStatement()) {
            String database;
            try (ResultSet rs = st.executeQuery("SELECT current_database()")) {
                rs.next();
                database = "\"" + rs.getString(1).replace("\"", "\"\"") + "\"";
            }
            for (String setting : List.of("standard_conforming_strings = off", "DateStyle = 'SQL, DMY'", "TimeZone = 'Pacific/Chatham'",
                    "IntervalStyle = sql_standard", "extra_float_digits = -15", "bytea_output = escape", "search_path = public",
                    "transform_null_equals = on")) {
                st.execute("ALTER DATABASE " + database + " SET " + setting);
            }
            // the server's own configuration, which the driver's start-up parameters do not fully replace
            st.execute("ALTER SYSTEM SET DateStyle = 'SQL, DMY'");
            st.execute("ALTER SYSTEM SET TimeZone = 'Asia/Kathmandu'");
            st.execute("SELECT pg_reload_conf()");
        }
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.close();
        }
        if (engine != null) {
            engine.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    private static StatementResult run(String sql) {
        return session.execute(sql, StatementListener.NONE);
    }

    private static List<List<Object>> query(String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (ResultStream rows = ((StatementResult.Rows) run(sql)).rows()) {
            while (rows.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 0; i < rows.schema().size(); i++) {
                    row.add(rows.row().get(i));
                }
                out.add(row);
            }
        }
        out.sort(Comparator.comparing(r -> String.valueOf(r.get(0))));
        return out;
    }

    @Test
    void aBackslashInALiteralCannotEndItEarly() {
        // HiveQL 'x\\' is the two characters x\; PostgreSQL with standard_conforming_strings off would read
        // 'x\' OR name = ' as one literal and run OR 1=1
        assertThat(query("SELECT id FROM ns_people WHERE name = 'x\\\\' OR name = ' OR 1=1 --'")).containsExactly(List.of(1), List.of(2));
        assertThat(query("SELECT id FROM ns_people WHERE name = 'y\\\\' OR name = ' OR 2=2 --'")).isEmpty();
        assertThat(query("SELECT id FROM ns_people WHERE name = 'y\\\\' OR name = ' OR pg_read_file($$PG_VERSION$$) IS NOT NULL --'"))
                .isEmpty();
        assertThat(query("SELECT count(*) FROM ns_people WHERE name = 'x\\\\'")).containsExactly(List.of(1L));
    }

    @Test
    void aSessionCannotSwitchTheSettingsBackForItsChunkReads() {
        try (Session other = engine.openSession(Map.of())) {
            other.execute("SET hadoopdb.connector.session-settings=standard_conforming_strings=off", StatementListener.NONE);
            assertThatThrownBy(() -> other.execute("SELECT id FROM ns_people WHERE name = 'y\\\\' OR name = ' OR 2=2 --'",
                    StatementListener.NONE))
                    .hasMessageContaining("'standard_conforming_strings' in hadoopdb.connector.session-settings cannot be changed");
        }
    }

    @Test
    void literalsWithQuotesAndNonAsciiCharactersFilterExactly() {
        assertThat(query("SELECT id FROM ns_people WHERE name = 'it\\'s'")).containsExactly(List.of(3));
        assertThat(query("SELECT id FROM ns_people WHERE name = 'Zoë' OR name = 'alice'")).containsExactly(List.of(4), List.of(5));
        // Hive's LIKE: a backslash not before % or _ is itself; sqlgen writes it doubled, with ESCAPE '\'
        assertThat(query("SELECT id FROM ns_people WHERE name LIKE '%\\\\'")).containsExactly(List.of(1));
    }

    @Test
    void datesTimestampsAndDoublesComeBackExactly() {
        List<List<Object>> expected = new ArrayList<>();
        for (Person p : PEOPLE) {
            expected.add(List.of(p.id(), p.day(), p.ts(), p.amount(), p.amount() * 3, p.ts().toEpochSecond(ZoneOffset.UTC), p.name()));
        }
        assertThat(query("SELECT id, day, ts, amount, amount * 3, unix_timestamp(ts), name FROM ns_people WHERE id > 0"))
                .containsExactlyElementsOf(expected);
        assertThat(query("SELECT id FROM ns_people WHERE day = '2024-02-29' AND ts > '2024-02-29 23:59:59'")).containsExactly(List.of(1));
    }

    @Test
    void everyChunkSessionRunsWithHadoopDbsSettings() {
        var config = engine.config();
        ChunkReadSettings settings = ChunkReadSettings.from(config);
        CredentialResolver credentials = new CredentialResolver(config.hadoopConf());
        ChunkQuery query = ChunkQuery.of("SELECT concat_ws(' ', current_setting('standard_conforming_strings'), current_setting('DateStyle'), "
                + "current_setting('TimeZone'), current_setting('IntervalStyle'), current_setting('extra_float_digits'), "
                + "current_setting('bytea_output'), current_setting('transform_null_equals')) FROM ns_people LIMIT 1", "ns_people");
        List<ChunkSplit> splits = ChunkSplits.plan(engine.catalog(), query, settings, credentials);
        assertThat(splits).isNotEmpty();
        for (ChunkSplit split : splits) {
            try (ChunkReader reader = ChunkReader.open(split, 0, settings, credentials)) {
                Row row = new Row();
                List<String> seen = new ArrayList<>();
                while (reader.next(row)) {
                    seen.add(row.getString(0));
                }
                assertThat(seen).as(split.toString()).allMatch("on ISO, MDY UTC postgres 3 hex off"::equals);
            }
        }
    }

    @Test
    void pooledSessionsSearchOnlyTheSystemCatalog() throws SQLException {
        for (NodeInfo node : engine.catalog().nodes()) {
            try (Connection c = engine.pools().connect(node); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT current_setting('search_path'), current_setting('standard_conforming_strings'), "
                         + "current_setting('TimeZone')")) {
                rs.next();
                assertThat(List.of(rs.getString(1), rs.getString(2), rs.getString(3))).containsExactly("pg_catalog", "on", "UTC");
            }
        }
    }
}
