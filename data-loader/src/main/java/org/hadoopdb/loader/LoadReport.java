package org.hadoopdb.loader;

import java.util.List;
import java.util.Locale;
import org.hadoopdb.catalog.config.ByteSizeText;

/**
 * What a successful load did.
 *
 * @param table               the table
 * @param loadId              the load's id (in logs and schema tags)
 * @param generation          the table generation the load published
 * @param catalogVersion      the catalog version that published it
 * @param overwrite           whether the load replaced the table's rows
 * @param recordsRead         input records read (header lines excluded)
 * @param rowsLoaded          records loaded
 * @param rowsRejected        records rejected
 * @param rejectedWithoutChunk rejected records whose chunk is unknown (wrong field count, unreadable key, or a table without key)
 * @param rowsInTable         rows in the table now
 * @param bytesInTable        size of one copy of the table
 * @param chunks              every chunk, by index
 * @param rejectFile          the reject file (any Hadoop file system), or null when nothing was rejected
 * @param timings             where the time went
 */
public record LoadReport(String table, String loadId, long generation, long catalogVersion, boolean overwrite, long recordsRead,
                         long rowsLoaded, long rowsRejected, long rejectedWithoutChunk, long rowsInTable, long bytesInTable,
                         List<ChunkLoad> chunks, String rejectFile, LoadTimings timings) {
    public LoadReport {
        chunks = List.copyOf(chunks);
    }

    /** A few lines for people: totals, rejects, chunks, and the load-time breakdown. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Loaded %,d rows into %s (%s, generation %d): %,d rows, %s in the table now%n",
                rowsLoaded, table, overwrite ? "overwrite" : "append", generation, rowsInTable, ByteSizeText.format(bytesInTable)));
        if (rowsRejected > 0) {
            sb.append(String.format(Locale.ROOT, "Rejected %,d of %,d records; see %s%n", rowsRejected, recordsRead, rejectFile));
        }
        sb.append(String.format(Locale.ROOT, "%-6s %-12s %-16s %12s %10s %12s %10s%n", "CHUNK", "PRIMARY", "REPLICAS", "LOADED",
                "REJECTED", "ROWS", "SIZE"));
        for (ChunkLoad c : chunks) {
            sb.append(String.format(Locale.ROOT, "%-6d %-12s %-16s %,12d %,10d %,12d %10s%n", c.chunk(), c.primary(),
                    c.replicas().isEmpty() ? "-" : String.join(",", c.replicas()), c.rowsLoaded(), c.rowsRejected(), c.rows(),
                    ByteSizeText.format(c.bytes())));
        }
        if (rejectedWithoutChunk > 0) {
            sb.append(String.format(Locale.ROOT, "%,d rejected records have no chunk (wrong field count or unreadable key)%n",
                    rejectedWithoutChunk));
        }
        sb.append("Time: ").append(timings).append(System.lineSeparator());
        return sb.toString();
    }
}
