package org.hadoopdb.peers.protocol;

import java.time.LocalDate;

/**
 * The HadoopDB paper's query tasks as the SQL every system receives unchanged (HiveQL that Hive, Spark SQL, DuckDB and
 * PostgreSQL all read alike): the one text the benchmark sends and the peers' own tests run.
 */
public final class PaperTaskSql {
    /** The Grep task's pattern. */
    public static final String GREP_PATTERN = "XYZ";
    /** The Join task's date window (8 days). */
    public static final LocalDate JOIN_FROM = LocalDate.parse("2000-01-15");
    public static final LocalDate JOIN_TO = LocalDate.parse("2000-01-22");

    private PaperTaskSql() {
    }

    public static String grep() {
        return "SELECT record FROM grep WHERE record LIKE '%" + GREP_PATTERN + "%'";
    }

    public static String selection(long threshold) {
        return "SELECT pageurl, pagerank FROM rankings WHERE pagerank > " + threshold;
    }

    public static String aggregationSmall() {
        return "SELECT SUBSTR(sourceip, 1, 7), SUM(adrevenue) FROM uservisits GROUP BY SUBSTR(sourceip, 1, 7)";
    }

    public static String aggregationLarge() {
        return "SELECT sourceip, SUM(adrevenue) FROM uservisits GROUP BY sourceip";
    }

    public static String join() {
        return "SELECT uv.sourceip, AVG(r.pagerank) AS avgpagerank, SUM(uv.adrevenue) AS totalrevenue "
                + "FROM rankings r JOIN uservisits uv ON r.pageurl = uv.desturl "
                + "WHERE uv.visitdate BETWEEN DATE '" + JOIN_FROM + "' AND DATE '" + JOIN_TO + "' "
                + "GROUP BY uv.sourceip ORDER BY totalrevenue DESC LIMIT 1";
    }
}
