package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
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
    void theMetadataCrawlOfABiToolSucceeds() throws Exception {
        try (Connection c = connect()) {
            MetadataCrawl.crawl(c, prefix() + "visits");
        }
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

    private static String setting(Connection c, String key) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SET " + key)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }
}
