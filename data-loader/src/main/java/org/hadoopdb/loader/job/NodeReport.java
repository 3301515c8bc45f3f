package org.hadoopdb.loader.job;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * What one node task did (Local Hasher or replication), written as a JSON side file when it
 * succeeds: the chunk copies it wrote with their rows, sizes and {@code ANALYZE} statistics, and the
 * time each of its phases took.
 *
 * @param node      the node id
 * @param attempt   the attempt that succeeded (1 = first)
 * @param chunks    the chunk copies written
 * @param copyMs    local partitioning and COPY
 * @param indexMs   index build (and CLUSTER)
 * @param analyzeMs ANALYZE and statistics
 * @param replicateMs copying replicas from their primaries
 */
public record NodeReport(String node, int attempt, List<ChunkResult> chunks, long copyMs, long indexMs, long analyzeMs,
                         long replicateMs) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public NodeReport {
        chunks = chunks == null ? List.of() : List.copyOf(chunks);
    }

    /**
     * One copy of a chunk.
     *
     * @param chunk   chunk index
     * @param node    the node holding this copy
     * @param rows    rows in the copy (previous rows included when appending)
     * @param newRows rows this load added
     * @param bytes   size on disk with indexes
     * @param columns per-column statistics from {@code pg_stats}
     */
    public record ChunkResult(int chunk, String node, long rows, long newRows, long bytes, List<ColumnResult> columns) {
        public ChunkResult {
            columns = columns == null ? List.of() : List.copyOf(columns);
        }
    }

    /**
     * A column's {@code pg_stats} row in one chunk.
     *
     * @param nDistinct PostgreSQL's estimate: positive = a count, negative = minus a fraction of the rows
     */
    public record ColumnResult(String column, double nullFraction, int avgWidth, double nDistinct) {
    }

    public void write(OutputStream out) throws IOException {
        JSON.writeValue(out, this);
    }

    public static NodeReport read(InputStream in) throws IOException {
        return JSON.readValue(in, NodeReport.class);
    }
}
