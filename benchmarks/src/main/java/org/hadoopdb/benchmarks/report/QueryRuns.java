package org.hadoopdb.benchmarks.report;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.hadoopdb.engine.session.StatementResult;
import org.hadoopdb.runtime.ResultStream;

/**
 * One timed run of a query on HadoopDB or on the reference PostgreSQL, as the query benchmarks ({@code bench tpch},
 * {@code bench tpcds}) run them: every row is fetched and counted, nothing kept.
 */
public final class QueryRuns {
    private QueryRuns() {
    }

    /** The rows of a query's result on HadoopDB, read to the end. */
    public static long rows(StatementResult result) {
        long rows = 0;
        try (ResultStream r = ((StatementResult.Rows) result).rows()) {
            while (r.next()) {
                rows++;
            }
        }
        return rows;
    }

    /**
     * The rows of {@code sql} on the reference database, in a transaction rolled back at the end, with {@code schema}
     * first on the search path and each of {@code settings} ({@code SET name = value}) for this transaction only.
     */
    public static long postgresRows(Connection c, String schema, List<String> settings, String sql) throws SQLException {
        long rows = 0;
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            st.execute("SET LOCAL search_path TO " + schema + ", pg_catalog");
            for (String s : settings) {
                st.execute(s.replaceFirst("(?i)^SET ", "SET LOCAL "));
            }
            st.setFetchSize(10_000);
            try (ResultSet rs = st.executeQuery(sql)) {
                while (rs.next()) {
                    rows++;
                }
            }
        } finally {
            c.rollback();
            c.setAutoCommit(auto);
        }
        return rows;
    }

    /** Seconds since {@code start} ({@link System#nanoTime()}). */
    public static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
