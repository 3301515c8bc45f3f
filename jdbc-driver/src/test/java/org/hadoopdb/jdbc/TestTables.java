package org.hadoopdb.jdbc;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;

/**
 * Creates and loads the tables the driver tests query, through JDBC itself: {@code <prefix>visits}
 * (hashed on desturl, 4 buckets) with {@link #VISITS} rows whose values follow from the row number,
 * and {@code <prefix>big} ({@link #BIG} rows of one key, for a slow self-join to cancel).
 */
final class TestTables {
    static final int VISITS = 300;
    static final int BIG = 3000;

    private TestTables() {
    }

    /** Row {@code i}'s values: sourceip, desturl, adrevenue, visitdate, countrycode, duration, score, flag. */
    static String visitLine(int i) {
        String revenue = i % 50 == 7 ? "\\N" : new BigDecimal(i * 37 % 10_000).movePointLeft(2).toPlainString();
        return "10.0.0." + (i % 7) + "|url" + (i % 20) + "|" + revenue + "|" + LocalDate.of(2000, 1, 1).plusDays(i)
                + "|" + (i % 2 == 0 ? "de" : "fr") + "|" + i + "|" + (i / 4.0) + "|" + (i % 3 == 0) + "\n";
    }

    static void create(Connection c, String prefix, Path dir) throws SQLException, IOException {
        StringBuilder visits = new StringBuilder();
        for (int i = 0; i < VISITS; i++) {
            visits.append(visitLine(i));
        }
        Path visitFile = Files.writeString(dir.resolve(prefix + "visits.txt"), visits);
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < BIG; i++) {
            big.append("1|").append(i).append('\n');
        }
        Path bigFile = Files.writeString(dir.resolve(prefix + "big.txt"), big);
        try (Statement s = c.createStatement()) {
            s.executeUpdate("DROP TABLE IF EXISTS " + prefix + "visits");
            s.executeUpdate("DROP TABLE IF EXISTS " + prefix + "big");
            s.executeUpdate("CREATE TABLE " + prefix + "visits (sourceip STRING, desturl VARCHAR(100), "
                    + "adrevenue DECIMAL(10,2) COMMENT 'revenue in dollars', visitdate DATE, countrycode CHAR(2), "
                    + "duration INT, score DOUBLE, flag BOOLEAN) CLUSTERED BY (desturl) INTO 4 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
            s.executeUpdate("CREATE TABLE " + prefix + "big (k INT, v INT) ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
            s.executeUpdate("LOAD DATA LOCAL INPATH '" + visitFile + "' INTO TABLE " + prefix + "visits");
            s.executeUpdate("LOAD DATA LOCAL INPATH '" + bigFile + "' INTO TABLE " + prefix + "big");
        }
    }
}
