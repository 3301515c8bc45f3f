package org.hadoopdb.hs2;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * A Hive JDBC client for a JVM of its own (Hs2WorkloadIT starts it with a small heap and only Hive's
 * driver beside it): runs one query and prints how many rows came, the sum of the first column and
 * the total length of the second. It keeps no row, so the heap bounds what the driver may hold.
 *
 * <p>Arguments: URL, user, password, fetch size, query.
 */
public final class StreamingClient {
    private StreamingClient() {
    }

    public static void main(String[] args) throws Exception {
        long rows = 0;
        long sum = 0;
        long chars = 0;
        try (Connection c = DriverManager.getConnection(args[0], args[1], args[2]); Statement s = c.createStatement()) {
            s.setFetchSize(Integer.parseInt(args[3]));
            try (ResultSet rs = s.executeQuery(args[4])) {
                while (rs.next()) {
                    rows++;
                    sum += rs.getLong(1);
                    chars += rs.getString(2).length();
                }
            }
        }
        System.out.println("rows=" + rows + " sum=" + sum + " chars=" + chars + " maxHeap=" + Runtime.getRuntime().maxMemory());
    }
}
