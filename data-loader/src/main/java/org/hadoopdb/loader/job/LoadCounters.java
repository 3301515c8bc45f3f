package org.hadoopdb.loader.job;

/** Counters the load's tasks keep, read by the driver for progress (rows/s, percent). */
public enum LoadCounters {
    /** Input records read by the Global Hasher (header lines included). */
    RECORDS_READ,
    /** Records accepted and routed to a node. */
    ROWS_ACCEPTED,
    /** Records rejected. */
    ROWS_REJECTED,
    /** Bytes of per-node data sent to COPY by the Local Hasher. */
    BYTES_COPIED,
    /** Rows sent to COPY by the Local Hasher. */
    ROWS_COPIED,
    /** Chunks whose indexes are built. */
    CHUNKS_INDEXED,
    /** Chunks analyzed. */
    CHUNKS_ANALYZED,
    /** Replica chunks copied. */
    CHUNKS_REPLICATED,
    /** Rows copied to replicas. */
    ROWS_REPLICATED
}
