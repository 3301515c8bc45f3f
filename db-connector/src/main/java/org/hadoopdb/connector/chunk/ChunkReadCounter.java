package org.hadoopdb.connector.chunk;

/** The counters a job reading chunks reports (group {@code org.hadoopdb.connector.chunk.ChunkReadCounter}). */
public enum ChunkReadCounter {
    /**
     * Reads that moved to another copy of their chunk when its node failed after the statement had
     * started (a copy whose node cannot be reached when the read opens is passed over without counting).
     */
    REPLICA_FAILOVERS,
    /** Rows a copy returned again after a failover, already handed on from the failed node, and skipped. */
    ROWS_SKIPPED_ON_RESUME
}
