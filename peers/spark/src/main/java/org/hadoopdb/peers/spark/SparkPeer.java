package org.hadoopdb.peers.spark;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.hadoopdb.peers.protocol.Peer;
import org.hadoopdb.peers.protocol.PeerException;
import org.hadoopdb.peers.protocol.PeerTable;
import org.hadoopdb.peers.protocol.ResultWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Spark SQL in local mode as a benchmark peer. Each {@link Variant} is a Spark database: {@code text} holds tables of
 * Spark's CSV reader over the text files, {@code parquet} the Parquet copies the load writes. A query runs with its
 * variant's database current, so the task SQL runs unchanged.
 */
public final class SparkPeer implements Peer {
    private static final Logger LOG = LoggerFactory.getLogger(SparkPeer.class);

    private final SparkSession spark;
    private final Map<String, PeerTable> tables = new HashMap<>();

    /** Starts a local Spark session whose warehouse and scratch files are in {@code workDir}. */
    public SparkPeer(Path workDir) {
        this.spark = LocalSpark.start(workDir);
        for (Variant v : Variant.values()) {
            spark.sql("CREATE DATABASE IF NOT EXISTS `" + v.database() + "`");
        }
        LOG.info("Spark {} local session ready: {} cores, {} shuffle partitions, work directory {}", spark.version(),
                spark.sparkContext().defaultParallelism(), spark.conf().get("spark.sql.shuffle.partitions"), workDir);
    }

    @Override
    public List<String> variants() {
        return Variant.names();
    }

    @Override
    public void define(PeerTable table) {
        TextTables.define(spark, table);
        // a copy of the files the table named before is stale now
        ParquetCopies.drop(spark, table.name());
        tables.put(table.name(), table);
    }

    @Override
    public void load(String table, String variant) {
        Variant v = Variant.named(variant);
        if (!tables.containsKey(table)) {
            throw new PeerException("Table '" + table + "' is not defined in the Spark peer (defined: " + tables.keySet() + ")");
        }
        switch (v) {
            case TEXT -> {
                // nothing to prepare: the text variant reads the files at query time
            }
            case PARQUET -> ParquetCopies.write(spark, table);
        }
    }

    @Override
    public void query(String variant, String sql, ResultWriter out) {
        Variant v = Variant.named(variant);
        spark.catalog().setCurrentDatabase(v.database());
        Dataset<Row> result = spark.sql(sql);
        RowText text = RowText.of(result.schema());
        // collected in one job, all partitions in parallel: toLocalIterator would run one job per partition, one
        // after another, and scan a map-only task's input on one core. The driver holds the whole result (the
        // largest, Aggregation large at 2 GB, is 2.4 million rows, a few hundred MB of its heap).
        for (Row row : result.collectAsList()) {
            out.row(text.values(row));
        }
    }

    @Override
    public void close() {
        spark.stop();
    }
}
