package org.hadoopdb.benchmarks.report;

import java.util.List;

/** The names of the systems the paper benchmark compares, in the order reports show them. */
public final class Systems {
    /** HiveQL through the SMS planner. */
    public static final String SMS = "HadoopDB SMS";
    /** Hand-written MapReduce jobs over the chunks (ChunkInputFormat). */
    public static final String HAND = "HadoopDB hand-coded";
    /** Hand-written MapReduce jobs over the same data as delimited text files: the paper's Hadoop. */
    public static final String HADOOP = "Hadoop text";
    /** One PostgreSQL holding all the data, with the same indexes. */
    public static final String SINGLE_PG = "One PostgreSQL";
    /** SMS's chunk SQL run on every chunk at once by a plain JDBC client that merges in memory. */
    public static final String IDEAL = "Ideal pushdown";

    /** HadoopDB's own systems and baselines; the peer systems ({@link #peer}) follow them in reports. */
    public static final List<String> ALL = List.of(SMS, HAND, HADOOP, SINGLE_PG, IDEAL);

    /** A peer system (Hive, Spark SQL, DuckDB in a JVM of its own) on one of its variants, e.g. "duckdb native". */
    public static String peer(String peer, String variant) {
        return peer + " " + variant;
    }

    private Systems() {
    }
}
