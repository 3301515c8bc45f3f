package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What every HadoopDB connection does, embedded or remote: statements, prepared statements, result
 * sets and their metadata, streaming, limits, errors, per-connection settings, cancel and timeouts,
 * and the metadata crawl of a BI tool. Subclasses say how to connect and which table prefix is theirs.
 */
abstract class DriverContract {
    /** A query that runs MapReduce for a while: 9 million join rows counted. */
    static final String SLOW = "SELECT COUNT(*) FROM %sbig a JOIN %sbig b ON a.k = b.k";

    abstract Connection connect(Properties extra) throws SQLException;

    abstract String prefix();

    Connection connect() throws SQLException {
        return connect(new Properties());
    }

    static void createTables(Connection c, String prefix) throws Exception {
        Path dir = Files.createTempDirectory("hadoopdb-jdbc-test-");
        TestTables.create(c, prefix, dir);
    }

    @Test
    void ddlAndLoadReportUpdateCounts() throws Exception {
        Path file = Files.writeString(Files.createTempFile("hadoopdb-jdbc-", ".txt"), "1|a\n2|b\n3|c\n");
        String t = prefix() + "small";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.executeUpdate("DROP TABLE IF EXISTS " + t);
            assertThat(s.executeUpdate("CREATE TABLE " + t + " (id INT, name STRING) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'"))
                    .isZero();
            assertThat(s.execute("LOAD DATA LOCAL INPATH '" + file + "' INTO TABLE " + t)).isFalse();
            assertThat(s.getUpdateCount()).isEqualTo(3);
            assertThat(s.getResultSet()).isNull();
            try (ResultSet rs = s.executeQuery("SELECT name FROM " + t + " WHERE id = 2")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("b");
            }
            assertThat(s.executeUpdate("DROP TABLE " + t)).isZero();
        }
    }

    @Test
    void queriesReturnTypedValuesAndColumnMetadata() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT sourceip, desturl, adrevenue, visitdate, countrycode, duration, score, flag "
                     + "FROM " + prefix() + "visits WHERE duration IN (7, 8) ORDER BY duration")) {
            ResultSetMetaData md = rs.getMetaData();
            assertThat(md.getColumnCount()).isEqualTo(8);
            assertThat(md.getColumnLabel(1)).isEqualTo("sourceip");
            assertThat(md.getColumnType(1)).isEqualTo(Types.VARCHAR);
            assertThat(md.getColumnType(3)).isEqualTo(Types.DECIMAL);
            assertThat(md.getPrecision(3)).isEqualTo(10);
            assertThat(md.getScale(3)).isEqualTo(2);
            assertThat(md.getColumnType(4)).isEqualTo(Types.DATE);
            assertThat(md.getColumnType(5)).isEqualTo(Types.CHAR);
            assertThat(md.getColumnType(6)).isEqualTo(Types.INTEGER);
            assertThat(md.getColumnType(7)).isEqualTo(Types.DOUBLE);
            assertThat(md.getColumnType(8)).isEqualTo(Types.BOOLEAN);
            assertThat(md.isNullable(3)).isEqualTo(ResultSetMetaData.columnNullable);

            assertThat(rs.next()).isTrue();
            assertThat(rs.getBigDecimal("adrevenue")).isNull();
            assertThat(rs.wasNull()).isTrue();
            assertThat(rs.getInt("duration")).isEqualTo(7);

            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("10.0.0.1");
            assertThat(rs.getString(2)).isEqualTo("url8");
            assertThat(rs.getBigDecimal(3)).isEqualByComparingTo("2.96");
            assertThat(rs.getDate(4).toLocalDate()).isEqualTo(LocalDate.of(2000, 1, 9));
            assertThat(rs.getObject(4, LocalDate.class)).isEqualTo(LocalDate.of(2000, 1, 9));
            assertThat(rs.getString(5)).isEqualTo("de");
            assertThat(rs.getInt(6)).isEqualTo(8);
            assertThat(rs.getLong(6)).isEqualTo(8L);
            assertThat(rs.getDouble(7)).isEqualTo(2.0);
            assertThat(rs.getBoolean(8)).isFalse();
            assertThat(rs.next()).isFalse();
        }
    }

    /** Found by fuzzing: date_add past the year 9999 printed as 0233-09-21 (the year cut to four digits). */
    @Test
    void datesPastTheYear9999KeepTheirYear() throws Exception {
        try (Connection c = connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT date_add('2020-01-01', 3000000), DATE '2020-01-09', DATE '0233-09-21'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("+10233-09-21");
            assertThat(rs.getObject(1, LocalDate.class)).isEqualTo(LocalDate.of(10233, 9, 21));
            assertThat(rs.getString(2)).isEqualTo("2020-01-09");
            assertThat(rs.getString(3)).isEqualTo("0233-09-21");
        }
    }

    /** ARRAY, MAP and STRUCT values: Hive's text from getString and getObject, the elements from getArray. */
    @Test
    void complexValuesAreHivesTextAndArraysHaveTheirElements() throws Exception {
        try (Connection c = connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT array(1, 2, NULL), map('k', 1), named_struct('a', 'x'), array(array('p'))")) {
            assertThat(rs.getMetaData().getColumnTypeName(1)).isEqualTo("array<int>");
            assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(java.sql.Types.VARCHAR);
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("[1,2,null]");
            assertThat((Object[]) rs.getArray(1).getArray()).containsExactly(1, 2, null);
            assertThat(rs.getArray(1).getBaseTypeName()).isEqualTo("int");
            assertThat(rs.getObject(2)).isEqualTo("{\"k\":1}");
            assertThat(rs.getString(3)).isEqualTo("{\"a\":\"x\"}");
            assertThat((Object[]) rs.getArray(4).getArray()).containsExactly("[\"p\"]");
        }
    }

    @Test
    void preparedStatementsBindTypedParametersSafely() throws Exception {
        try (Connection c = connect();
             PreparedStatement p = c.prepareStatement("SELECT duration FROM " + prefix() + "visits "
                     + "WHERE countrycode = ? AND duration < ? ORDER BY duration")) {
            assertThat(p.getParameterMetaData().getParameterCount()).isEqualTo(2);
            assertThat(p.getMetaData().getColumnLabel(1)).isEqualTo("duration");
            p.setString(1, "de");
            p.setInt(2, 10);
            assertThat(ints(p.executeQuery())).containsExactly(0, 2, 4, 6, 8);
            p.setString(1, "fr");
            assertThat(ints(p.executeQuery())).containsExactly(1, 3, 5, 7, 9);
            // a value is a value: quotes in it do not change the statement
            p.setString(1, "de' OR '1'='1");
            assertThat(ints(p.executeQuery())).isEmpty();
            p.setString(1, "x\\' OR 1=1 --");
            assertThat(ints(p.executeQuery())).isEmpty();
        }
        try (Connection c = connect();
             PreparedStatement p = c.prepareStatement("SELECT duration FROM " + prefix() + "visits "
                     + "WHERE visitdate = ? OR adrevenue = ? OR (sourceip = ? AND duration = ?) ORDER BY duration")) {
            p.setDate(1, java.sql.Date.valueOf("2000-01-09"));
            p.setBigDecimal(2, new BigDecimal("3.33"));
            p.setObject(3, "10.0.0.4");
            p.setLong(4, 11L);
            assertThat(ints(p.executeQuery())).containsExactly(8, 9, 11);
        }
    }

    @Test
    void aWrongParameterCountIsAnError() throws Exception {
        try (Connection c = connect();
             PreparedStatement p = c.prepareStatement("SELECT duration FROM " + prefix() + "visits WHERE duration = ?")) {
            assertThatThrownBy(p::executeQuery).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void doubleQuotedNamesAreColumnsUnderStandardQuotedIdentifiers() throws Exception {
        String visits = prefix() + "visits";
        String sparkFilter = "SELECT COUNT(*) FROM " + visits + " WHERE \"duration\" >= 10";
        Properties standard = new Properties();
        standard.setProperty("hive.support.quoted.identifiers", "standard");
        try (Connection c = connect(standard); Statement s = c.createStatement()) {
            assertThat(ints(s.executeQuery(sparkFilter))).containsExactly(TestTables.VISITS - 10);
            try (PreparedStatement p = c.prepareStatement("SELECT \"duration\" FROM \"" + visits + "\" WHERE \"duration\" = ?")) {
                p.setInt(1, 7);
                assertThat(ints(p.executeQuery())).containsExactly(7);
            }
        }
        try (Connection c = connect(); Statement s = c.createStatement()) {
            // Hive's default: a double-quoted text is a string
            assertThat(ints(s.executeQuery("SELECT COUNT(*) FROM " + visits + " WHERE \"duration\" = 'duration'")))
                    .containsExactly(TestTables.VISITS);
            s.execute("SET hive.support.quoted.identifiers=standard");
            assertThat(ints(s.executeQuery(sparkFilter))).containsExactly(TestTables.VISITS - 10);
            assertThatThrownBy(() -> s.execute("SET hive.support.quoted.identifiers=sometimes"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42000"))
                    .hasMessageContaining("'standard'");
        }
    }

    @Test
    void maxRowsIsPlannedAsALimitThatKeepsTheOrderAndASmallerLimit() throws Exception {
        int v = TestTables.VISITS;
        String visits = prefix() + "visits";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.setMaxRows(3);
            assertThat(ints(s.executeQuery("SELECT duration FROM " + visits + " ORDER BY duration DESC"))).containsExactly(v - 1, v - 2, v - 3);
            assertThat(ints(s.executeQuery("SELECT duration FROM " + visits + " ORDER BY duration LIMIT 2"))).containsExactly(0, 1);
            assertThat(ints(s.executeQuery("SELECT duration FROM " + visits + " ORDER BY duration LIMIT 2, 100"))).containsExactly(2, 3, 4);
            assertThat(ints(s.executeQuery("WITH d AS (SELECT duration FROM " + visits + ") SELECT duration FROM d ORDER BY duration")))
                    .containsExactly(0, 1, 2);
            assertThat(ints(s.executeQuery("SELECT count(*) FROM " + visits))).containsExactly(v);
        }
        try (Connection c = connect();
             PreparedStatement p = c.prepareStatement("SELECT duration FROM " + visits + " WHERE duration >= ? ORDER BY duration")) {
            p.setMaxRows(2);
            p.setInt(1, 10);
            assertThat(ints(p.executeQuery())).containsExactly(10, 11);
        }
    }

    @Test
    void maxRowsLimitsAndSmallFetchSizesStreamEveryRow() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.setMaxRows(5);
            assertThat(ints(s.executeQuery("SELECT duration FROM " + prefix() + "visits"))).hasSize(5);
            s.setMaxRows(0);
            s.setFetchSize(7);
            List<Integer> all = ints(s.executeQuery("SELECT duration FROM " + prefix() + "visits"));
            assertThat(all).hasSize(TestTables.VISITS);
            assertThat(all.stream().mapToLong(Integer::longValue).sum()).isEqualTo((long) TestTables.VISITS * (TestTables.VISITS - 1) / 2);
        }
    }

    @Test
    void errorsCarryTheServerMessageAndASqlState() throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELEKT 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42000"))
                    .hasMessageContaining("line 1");
            assertThatThrownBy(() -> s.executeQuery("SELECT * FROM " + prefix() + "no_such_table"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isNotBlank())
                    .hasMessageContaining(prefix() + "no_such_table");
            // the connection works on after an error
            assertThat(ints(s.executeQuery("SELECT duration FROM " + prefix() + "visits WHERE duration = 3"))).containsExactly(3);
        }
    }

    @Test
    void settingsBelongToTheirConnection() throws Exception {
        Properties withSetting = new Properties();
        withSetting.setProperty("hadoopdb.reducers", "2");
        try (Connection a = connect(); Connection b = connect(); Connection fromUrl = connect(withSetting)) {
            try (Statement s = a.createStatement()) {
                s.execute("SET hadoopdb.reducers=3");
            }
            assertThat(setting(a, "hadoopdb.reducers")).isEqualTo("hadoopdb.reducers=3");
            assertThat(setting(b, "hadoopdb.reducers")).isEqualTo("hadoopdb.reducers=0");
            assertThat(setting(fromUrl, "hadoopdb.reducers")).isEqualTo("hadoopdb.reducers=2");
        }
    }

    @Test
    @Timeout(120)
    void cancelKillsTheRunningStatement() throws Exception {
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            CompletableFuture<Object> run = CompletableFuture.supplyAsync(() -> {
                try {
                    return ints(s.executeQuery(String.format(SLOW, prefix(), prefix())));
                } catch (SQLException e) {
                    return e;
                }
            }, thread);
            Thread.sleep(1500);
            long cancelledAt = System.nanoTime();
            s.cancel();
            Object outcome = run.get(60, TimeUnit.SECONDS);
            assertThat(outcome).isInstanceOfSatisfying(SQLException.class,
                    e -> assertThat(e.getSQLState()).isEqualTo("HY008"));
            assertThat(Duration.ofNanos(System.nanoTime() - cancelledAt)).isLessThan(Duration.ofSeconds(30));
            // the statement and connection are usable after a cancel
            assertThat(ints(s.executeQuery("SELECT duration FROM " + prefix() + "visits WHERE duration = 4"))).containsExactly(4);
        } finally {
            thread.shutdownNow();
        }
    }

    @Test
    @Timeout(120)
    void queryTimeoutCancelsAndReportsATimeout() throws Exception {
        try (Connection c = connect(); PreparedStatement p = c.prepareStatement(String.format(SLOW, prefix(), prefix()))) {
            p.setQueryTimeout(1);
            assertThatThrownBy(p::executeQuery).isInstanceOf(SQLTimeoutException.class)
                    .hasMessageContaining("query timeout");
        }
    }

    @Test
    void alterTableAndTruncateRunThroughJdbc() throws Exception {
        String t = prefix() + "altered";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.executeUpdate("DROP TABLE IF EXISTS " + t);
            s.executeUpdate("CREATE TABLE " + t + " (id INT) CLUSTERED BY (id) INTO 2 BUCKETS");
            assertThat(s.executeUpdate("INSERT INTO " + t + " VALUES (1), (2)")).isEqualTo(2);
            assertThat(s.executeUpdate("ALTER TABLE " + t + " ADD COLUMNS (note STRING COMMENT 'added')")).isZero();
            assertThat(s.executeUpdate("ALTER TABLE " + t + " SET TBLPROPERTIES ('owner'='jdbc')")).isZero();
            try (ResultSet rs = s.executeQuery("SELECT id, note FROM " + t + " ORDER BY id")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(1);
                assertThat(rs.getString(2)).isNull();
            }
            try (ResultSet rs = s.executeQuery("SHOW TBLPROPERTIES " + t + " ('owner')")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("jdbc");
            }
            assertThat(metadataRows(c.getMetaData().getColumns(null, "default", t, "note"))).singleElement()
                    .satisfies(r -> assertThat(r.get(11)).isEqualTo("added"));
            assertThat(s.executeUpdate("TRUNCATE TABLE " + t)).isZero();
            assertThat(ints(s.executeQuery("SELECT COUNT(*) FROM " + t))).containsExactly(0);
            s.executeUpdate("DROP TABLE " + t);
        }
    }

    @Test
    void databasesAreSchemasAndAConnectionChoosesItsFirstOne() throws Exception {
        String db = prefix() + "jdbc_db";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.executeUpdate("DROP DATABASE IF EXISTS " + db + " CASCADE");
            assertThat(s.executeUpdate("CREATE DATABASE " + db + " COMMENT 'for JDBC'")).isZero();
            try {
                s.executeUpdate("CREATE TABLE " + db + ".items (id INT, name STRING)");
                s.executeUpdate("INSERT INTO " + db + ".items VALUES (1, 'one'), (2, 'two')");
                assertThat(metadataRows(c.getMetaData().getSchemas())).contains(Arrays.asList(db, null),
                        Arrays.asList("default", null));
                assertThat(metadataRows(c.getMetaData().getSchemas(null, db))).containsExactly(Arrays.asList(db, null));
                assertThat(metadataRows(c.getMetaData().getTables(null, db, "%", null))).singleElement().satisfies(r -> {
                    assertThat(r.get(1)).isEqualTo(db);
                    assertThat(r.get(2)).isEqualTo("items");
                });
                assertThat(metadataRows(c.getMetaData().getTables(null, "default", "items", null))).isEmpty();
                assertThat(metadataRows(c.getMetaData().getColumns(null, db, "items", "%"))).extracting(r -> r.get(3))
                        .containsExactly("id", "name");

                Properties first = new Properties();
                first.setProperty("database", db);
                try (Connection in = connect(first); Statement t = in.createStatement()) {
                    assertThat(strings(t.executeQuery("SELECT name FROM items WHERE id = 2"))).containsExactly("two");
                }
                c.setSchema(db);
                assertThat(ints(s.executeQuery("SELECT COUNT(*) FROM items"))).containsExactly(2);
                assertThatThrownBy(() -> c.setSchema("no_such_db")).isInstanceOf(SQLException.class)
                        .hasMessageContaining("'no_such_db' does not exist");
                s.execute("USE default");
                Properties missing = new Properties();
                missing.setProperty("database", "no_such_db");
                assertThatThrownBy(() -> connect(missing).close()).isInstanceOf(SQLException.class)
                        .hasMessageContaining("'no_such_db' does not exist");
            } finally {
                s.execute("USE default");
                s.executeUpdate("DROP DATABASE " + db + " CASCADE");
            }
        }
    }

    @Test
    void viewsAndTheirColumnsAppearInTheMetadata() throws Exception {
        String view = prefix() + "long_visits";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.executeUpdate("DROP VIEW IF EXISTS " + view);
            assertThat(s.executeUpdate("CREATE VIEW " + view + " (ip COMMENT 'the client', minutes) COMMENT 'long ones' AS "
                    + "SELECT sourceip, duration FROM " + prefix() + "visits WHERE duration > 5")).isZero();
            try {
                assertThat(metadataRows(c.getMetaData().getTables(null, "default", view, new String[] {"VIEW"})))
                        .singleElement().satisfies(r -> {
                            assertThat(r.get(2)).isEqualTo(view);
                            assertThat(r.get(3)).isEqualTo("VIEW");
                            assertThat(r.get(4)).isEqualTo("long ones");
                        });
                assertThat(metadataRows(c.getMetaData().getTables(null, "default", view, new String[] {"TABLE"}))).isEmpty();
                List<List<Object>> columns = metadataRows(c.getMetaData().getColumns(null, "default", view, "%"));
                assertThat(columns).extracting(r -> r.get(3)).containsExactly("ip", "minutes");
                assertThat(columns.get(0).get(4)).isEqualTo(Types.VARCHAR);
                assertThat(columns.get(0).get(11)).isEqualTo("the client");
                assertThat(columns.get(1).get(16)).isEqualTo(2);
                // the view answers what its definition answers
                assertThat(ints(s.executeQuery("SELECT minutes FROM " + view + " ORDER BY minutes"))).isEqualTo(ints(
                        s.executeQuery("SELECT duration FROM " + prefix() + "visits WHERE duration > 5 ORDER BY duration")));
                try (ResultSet rs = s.executeQuery("SHOW CREATE TABLE " + view)) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("CREATE VIEW `" + view + "` (");
                }
            } finally {
                s.executeUpdate("DROP VIEW " + view);
            }
        }
    }

    @Test
    void preparedBatchesInsertEveryRowWithOneCountPerEntry() throws Exception {
        String t = prefix() + "batch";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.executeUpdate("DROP TABLE IF EXISTS " + t);
            s.executeUpdate("CREATE TABLE " + t + " (id INT, name STRING, day DATE, amount DECIMAL(10,2))");
            int rows = 1200;
            try (PreparedStatement p = c.prepareStatement("INSERT INTO " + t + " VALUES (?, ?, ?, ?)")) {
                for (int i = 0; i < rows; i++) {
                    p.setInt(1, i - 3);
                    if (i % 10 == 0) {
                        p.setNull(2, Types.VARCHAR);
                    } else {
                        p.setString(2, "n'" + i);
                    }
                    p.setDate(3, java.sql.Date.valueOf(LocalDate.of(2020, 1, 1).plusDays(i)));
                    p.setBigDecimal(4, new BigDecimal(i).movePointLeft(2));
                    p.addBatch();
                }
                int[] counts = p.executeBatch();
                assertThat(counts).hasSize(rows).containsOnly(1);
                // the batch is cleared: an empty batch does nothing
                assertThat(p.executeBatch()).isEmpty();
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(id), COUNT(name), MAX(day), SUM(amount) FROM " + t)) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(rows);
                assertThat(rs.getLong(2)).isEqualTo((long) rows * (rows - 1) / 2 - 3L * rows);
                assertThat(rs.getLong(3)).isEqualTo(rows - rows / 10);
                assertThat(rs.getObject(4, LocalDate.class)).isEqualTo(LocalDate.of(2020, 1, 1).plusDays(rows - 1));
                assertThat(rs.getBigDecimal(5)).isEqualByComparingTo(new BigDecimal((long) rows * (rows - 1) / 2).movePointLeft(2));
            }
            try (ResultSet rs = s.executeQuery("SELECT name FROM " + t + " WHERE id = 4")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("n'7");
            }
            s.executeUpdate("DROP TABLE " + t);
        }
    }

    @Test
    void statementBatchesRunEveryStatementInOrder() throws Exception {
        String t = prefix() + "sbatch";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.addBatch("DROP TABLE IF EXISTS " + t);
            s.addBatch("CREATE TABLE " + t + " (id INT, name STRING)");
            s.addBatch("INSERT INTO " + t + " VALUES (1, 'a')");
            s.addBatch("INSERT INTO TABLE " + t + " (id, name) VALUES (2, 'b'), (3, 'c')");
            s.addBatch("INSERT INTO " + t + " (name, id) VALUES ('d', 4)");
            s.addBatch("INSERT INTO " + t + " SELECT id + 10, name FROM " + t);
            assertThat(s.executeBatch()).containsExactly(0, 0, 1, 2, 1, 4);
            assertThat(ints(s.executeQuery("SELECT id FROM " + t + " ORDER BY id"))).containsExactly(1, 2, 3, 4, 11, 12, 13, 14);
            // a statement with a result has no place in a batch
            s.addBatch("SELECT id FROM " + t);
            assertThatThrownBy(s::executeBatch).isInstanceOfSatisfying(BatchUpdateException.class,
                    e -> assertThat(e.getSQLState()).isEqualTo("0A000")).hasMessageContaining("batch");
            s.executeUpdate("DROP TABLE " + t);
        }
    }

    @Test
    void javaTimeValuesAreBoundAndReadAsWallClockValues() throws Exception {
        ZoneId kolkata = ZoneId.of("Asia/Kolkata");
        Properties zone = new Properties();
        zone.setProperty("timeZone", kolkata.getId());
        LocalDateTime wall = LocalDateTime.of(2021, 6, 1, 12, 34, 56, 789_000_000);
        try (Connection c = connect(zone); PreparedStatement p = c.prepareStatement("SELECT ?, ?, ?, ?, ?, ?")) {
            p.setObject(1, LocalDate.of(2000, 1, 9));
            p.setObject(2, wall);
            p.setObject(3, wall.atZone(kolkata).toOffsetDateTime().withOffsetSameInstant(ZoneOffset.UTC));
            p.setObject(4, wall.atZone(kolkata).toInstant());
            p.setObject(5, LocalTime.of(10, 15, 30));
            p.setObject(6, LocalDate.of(2000, 1, 9), Types.TIMESTAMP);
            try (ResultSet rs = p.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject(1, LocalDate.class)).isEqualTo(LocalDate.of(2000, 1, 9));
                assertThat(rs.getObject(2, LocalDateTime.class)).isEqualTo(wall);
                assertThat(rs.getObject(3, LocalDateTime.class)).isEqualTo(wall);
                assertThat(rs.getObject(4, LocalDateTime.class)).isEqualTo(wall);
                assertThat(rs.getObject(2, OffsetDateTime.class)).isEqualTo(wall.atZone(kolkata).toOffsetDateTime());
                assertThat(rs.getObject(2, Instant.class)).isEqualTo(wall.atZone(kolkata).toInstant());
                assertThat(rs.getString(5)).isEqualTo("10:15:30");
                assertThat(rs.getObject(6, LocalDateTime.class)).isEqualTo(LocalDate.of(2000, 1, 9).atStartOfDay());
            }
        }
        try (Connection c = connect(); PreparedStatement p = c.prepareStatement("SELECT duration FROM " + prefix()
                + "visits WHERE visitdate = ? OR CAST(visitdate AS TIMESTAMP) = ?")) {
            p.setObject(1, LocalDate.of(2000, 1, 9));
            p.setObject(2, LocalDate.of(2000, 1, 12).atStartOfDay());
            assertThat(ints(p.executeQuery())).containsExactlyInAnyOrder(8, 11);
        }
    }

    @Test
    void jdbcEscapesAreRewrittenToHiveQlUnlessTurnedOff() throws Exception {
        String visits = prefix() + "visits";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT {fn UCASE(countrycode)}, {fn LEFT(desturl, 3)}, visitdate FROM "
                    + visits + " WHERE visitdate = {d '2000-01-09'} AND CAST(visitdate AS TIMESTAMP) < "
                    + "{ts '2000-01-09 00:00:01'} AND countrycode LIKE 'd%' {escape '\\'} {limit 5}")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("DE");
                assertThat(rs.getString(2)).isEqualTo("url");
                assertThat(rs.getObject(3, LocalDate.class)).isEqualTo(LocalDate.of(2000, 1, 9));
                assertThat(rs.next()).isFalse();
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*), {fn CURDATE()}, {fn NOW()} FROM {oj " + visits
                    + " a LEFT OUTER JOIN " + visits + " b ON a.duration = b.duration + 1000}")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(TestTables.VISITS);
                assertThat(rs.getObject(2, LocalDate.class)).isNotNull();
                assertThat(rs.getObject(3, LocalDateTime.class)).isNotNull();
            }
            assertThat(c.nativeSQL("SELECT {fn LCASE('A')} FROM t {limit 1}")).isEqualTo("SELECT lower('A') FROM t LIMIT 1");
            try (PreparedStatement p = c.prepareStatement("SELECT {fn LCASE(?)}, duration FROM " + visits
                    + " WHERE duration = {fn ABS(?)}")) {
                p.setString(1, "AbC");
                p.setInt(2, -4);
                try (ResultSet rs = p.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("abc");
                    assertThat(rs.getInt(2)).isEqualTo(4);
                }
            }
            s.setEscapeProcessing(false);
            assertThatThrownBy(() -> s.executeQuery("SELECT {fn UCASE('a')}"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42000"));
        }
    }

    @Test
    void errorsOfPreparingCarryTheServerMessageAndState() throws Exception {
        try (Connection c = connect()) {
            assertThatThrownBy(() -> c.prepareStatement("SELECT nosuchcolumn FROM " + prefix() + "visits"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42000"))
                    .hasMessageContaining("Column 'nosuchcolumn' not found");
            assertThatThrownBy(() -> c.prepareStatement("SELECT * FROM " + prefix() + "no_such_table"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42000"))
                    .hasMessageContaining(prefix() + "no_such_table").hasMessageContaining("not found");
            assertThatThrownBy(() -> c.prepareStatement("SELEKT 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42000"))
                    .hasMessageContaining("line 1");
            // the connection works on
            try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM " + prefix() + "visits")) {
                assertThat(ints(p.executeQuery())).containsExactly(TestTables.VISITS);
            }
        }
    }

    @Test
    void typeMapClientInfoAndScrollableStatementsBehaveAsJdbcAllows() throws Exception {
        try (Connection c = connect()) {
            assertThat(c.getTypeMap()).isEmpty();
            c.setTypeMap(new java.util.HashMap<>());
            assertThatThrownBy(() -> c.setTypeMap(java.util.Map.of("point", Object.class)))
                    .isInstanceOf(java.sql.SQLFeatureNotSupportedException.class);

            c.setClientInfo("ApplicationName", "report-tool");
            assertThat(c.getClientInfo("ApplicationName")).isEqualTo("report-tool");
            Properties info = new Properties();
            info.setProperty("ClientUser", "bob");
            c.setClientInfo(info);
            assertThat(c.getClientInfo("ApplicationName")).isNull();
            assertThat(c.getClientInfo()).containsOnlyKeys("ClientUser");

            assertThat((Object) c.getWarnings()).isNull();
            try (Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
                 ResultSet rs = s.executeQuery("SELECT duration FROM " + prefix() + "visits WHERE duration < 3")) {
                assertThat(s.getResultSetType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
                assertThat(rs.getType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
                assertThat((Object) c.getWarnings()).isNotNull();
                assertThat(c.getWarnings().getMessage()).contains("forward-only");
                assertThat(rs.next()).isTrue();
                assertThatThrownBy(rs::previous).isInstanceOf(SQLException.class);
            }
            c.clearWarnings();
            try (PreparedStatement p = c.prepareStatement("SELECT 1", ResultSet.TYPE_SCROLL_SENSITIVE,
                    ResultSet.CONCUR_UPDATABLE)) {
                assertThat(p.getResultSetType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
                assertThat(p.getResultSetConcurrency()).isEqualTo(ResultSet.CONCUR_READ_ONLY);
                assertThat((Object) c.getWarnings().getNextWarning()).isNotNull();
            }
        }
    }

    @Test
    void parameterMetadataHasTheTypesTheStatementTellsAndLimitTakesAParameter() throws Exception {
        try (Connection c = connect(); PreparedStatement p = c.prepareStatement("SELECT duration FROM " + prefix()
                + "visits WHERE countrycode = ? AND duration BETWEEN ? AND ? AND sourceip IN (?, ?) AND upper(?) = 'X' "
                + "ORDER BY duration LIMIT ?")) {
            ParameterMetaData md = p.getParameterMetaData();
            assertThat(md.getParameterCount()).isEqualTo(7);
            assertThat(md.getParameterType(1)).isEqualTo(Types.CHAR);
            assertThat(md.getParameterType(2)).isEqualTo(Types.INTEGER);
            assertThat(md.getParameterType(3)).isEqualTo(Types.INTEGER);
            assertThat(md.getParameterType(4)).isEqualTo(Types.VARCHAR);
            assertThat(md.getParameterType(5)).isEqualTo(Types.VARCHAR);
            assertThat(md.getParameterType(6)).isEqualTo(Types.OTHER);
            assertThat(md.getParameterType(7)).isEqualTo(Types.INTEGER);
            p.setString(1, "de");
            p.setInt(2, 0);
            p.setInt(3, 100);
            p.setString(4, "10.0.0.0");
            p.setString(5, "10.0.0.2");
            p.setString(6, "x");
            p.setInt(7, 3);
            assertThat(ints(p.executeQuery())).containsExactly(0, 2, 14);
            p.setLong(7, 0L);
            assertThat(ints(p.executeQuery())).isEmpty();
            p.setInt(7, -1);
            assertThatThrownBy(p::executeQuery).isInstanceOf(SQLException.class).hasMessageContaining("LIMIT");
        }
        // the values of INSERT ... VALUES have their columns' types
        try (Connection c = connect(); PreparedStatement p = c.prepareStatement("INSERT INTO " + prefix()
                + "visits (duration, adrevenue, visitdate, sourceip) VALUES (?, ?, ?, ?)")) {
            ParameterMetaData md = p.getParameterMetaData();
            assertThat(md.getParameterType(1)).isEqualTo(Types.INTEGER);
            assertThat(md.getParameterType(2)).isEqualTo(Types.DECIMAL);
            assertThat(md.getPrecision(2)).isEqualTo(10);
            assertThat(md.getScale(2)).isEqualTo(2);
            assertThat(md.getParameterType(3)).isEqualTo(Types.DATE);
            assertThat(md.getParameterType(4)).isEqualTo(Types.VARCHAR);
        }
    }

    @Test
    void theMetadataCrawlOfABiToolSucceeds() throws Exception {
        try (Connection c = connect()) {
            MetadataCrawl.crawl(c, prefix() + "visits");
        }
    }

    /** SchemaCrawler, as a BI tool's metadata browser, crawls every schema at its maximum detail. */
    @Test
    void schemaCrawlerCrawlsTheDatabasesAtMaximumDetail() throws Exception {
        String db = prefix() + "crawl_db";
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.executeUpdate("DROP DATABASE IF EXISTS " + db + " CASCADE");
            s.executeUpdate("CREATE DATABASE " + db);
            s.executeUpdate("CREATE TABLE " + db + ".things (id INT COMMENT 'the key', label VARCHAR(20), price DECIMAL(8,2))");
            s.executeUpdate("CREATE VIEW " + db + ".cheap AS SELECT id, label FROM " + db + ".things WHERE price < 10");
            try {
                javax.sql.DataSource source = new ConnectingDataSource(this);
                schemacrawler.schemacrawler.SchemaCrawlerOptions options =
                        schemacrawler.schemacrawler.SchemaCrawlerOptionsBuilder.newSchemaCrawlerOptions()
                                .withLoadOptions(schemacrawler.schemacrawler.LoadOptionsBuilder.builder()
                                        .withSchemaInfoLevel(schemacrawler.schemacrawler.SchemaInfoLevelBuilder.maximum())
                                        .toOptions());
                schemacrawler.schema.Catalog catalog = schemacrawler.tools.utility.SchemaCrawlerUtility.getCatalog(
                        us.fatehi.utility.datasource.DatabaseConnectionSources.fromDataSource(source), options);
                List<String> schemas = catalog.getSchemas().stream().map(schemacrawler.schema.Schema::getName).toList();
                assertThat(schemas).contains("default", db);
                schemacrawler.schema.Schema crawled = catalog.getSchemas().stream().filter(x -> db.equals(x.getName()))
                        .findFirst().orElseThrow();
                List<String> tables = new ArrayList<>();
                for (schemacrawler.schema.Table t : catalog.getTables(crawled)) {
                    tables.add(t.getName() + ":" + t.getTableType());
                }
                assertThat(tables).containsExactlyInAnyOrder("things:table", "cheap:view");
                schemacrawler.schema.Table things = catalog.getTables(crawled).stream()
                        .filter(t -> t.getName().equals("things")).findFirst().orElseThrow();
                assertThat(things.getColumns()).extracting(col -> col.getName() + " " + col.getColumnDataType().getName()
                        + " " + col.getRemarks()).containsExactly("id INT the key", "label VARCHAR ", "price DECIMAL ");
                List<schemacrawler.schema.Table> inDefault = new ArrayList<>(
                        catalog.getTables(catalog.getSchemas().stream().filter(x -> "default".equals(x.getName()))
                                .findFirst().orElseThrow()));
                assertThat(inDefault).extracting(schemacrawler.schema.Table::getName).contains(prefix() + "visits");
                assertThat(inDefault.stream().filter(t -> t.getName().equals(prefix() + "visits")).findFirst().orElseThrow()
                        .getColumns()).hasSize(8);
                assertThat(catalog.getDatabaseInfo().getProductName()).isEqualTo("HadoopDB");
            } finally {
                s.executeUpdate("DROP DATABASE " + db + " CASCADE");
            }
        }
    }

    /** A DataSource that opens this test's connections (SchemaCrawler asks for one). */
    private static final class ConnectingDataSource implements javax.sql.DataSource {
        private final DriverContract test;

        ConnectingDataSource(DriverContract test) {
            this.test = test;
        }

        @Override
        public Connection getConnection() throws SQLException {
            return test.connect();
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return test.connect();
        }

        @Override
        public java.io.PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(java.io.PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public java.util.logging.Logger getParentLogger() {
            return java.util.logging.Logger.getLogger("schemacrawler");
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }

    /** The rows of a metadata result set, as lists of column values. */
    static List<List<Object>> metadataRows(ResultSet rs) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getObject(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    static List<Integer> ints(ResultSet rs) throws SQLException {
        List<Integer> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                out.add(rs.getInt(1));
            }
        }
        return out;
    }

    static List<String> strings(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static String setting(Connection c, String key) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SET " + key)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }
}
