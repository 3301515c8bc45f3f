package org.hadoopdb.peers.spark;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/** Starts the Spark session the peer runs on: local mode on this machine's cores, its files under the work directory. */
final class LocalSpark {
    /**
     * Shuffle partitions per core. Spark's default of 200 is sized for clusters: on a few cores each of them would be
     * a tiny task with its own scheduling and file overhead. Two per core keeps every core busy when partitions are
     * uneven (adaptive execution coalesces small ones further).
     */
    static final int SHUFFLE_PARTITIONS_PER_CORE = 2;

    private LocalSpark() {
    }

    /** A new local session whose warehouse and scratch files live in {@code workDir}. */
    static SparkSession start(Path workDir) {
        int cores = Runtime.getRuntime().availableProcessors();
        return SparkSession.builder()
                .appName("hadoopdb-peer-spark")
                .master("local[*]")
                .config("spark.ui.enabled", "false")
                .config("spark.ui.showConsoleProgress", "false")
                // the driver talks to itself only: no lookup of the host's name, no port on a public interface
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.local.dir", workDir.resolve("spark-local").toString())
                .config("spark.sql.warehouse.dir", workDir.resolve("warehouse").toString())
                .config("spark.sql.catalogImplementation", "in-memory")
                .config("spark.sql.shuffle.partitions", Integer.toString(SHUFFLE_PARTITIONS_PER_CORE * cores))
                // dates come back as java.time.LocalDate, whose text is always yyyy-MM-dd (proleptic Gregorian)
                .config("spark.sql.datetime.java8API.enabled", "true")
                .config("spark.sql.session.timeZone", "UTC")
                // "parquet.t" must name the table of database parquet, never files at path "t"
                .config("spark.sql.runSQLOnFiles", "false")
                .getOrCreate();
    }
}
