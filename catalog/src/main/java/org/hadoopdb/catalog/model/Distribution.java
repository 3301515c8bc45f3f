package org.hadoopdb.catalog.model;

/** How a table's rows are spread over the nodes. */
public enum Distribution {
    /** Hash-partitioned on its partitioning key: global hash to a node, local hash to a chunk. */
    HASH,
    /** Chunked without a key (rows placed as they come, e.g. one input split per node): no co-location, no pruning. */
    RANDOM,
    /** A full copy on every node (small dimension tables); joins with it run inside every chunk. */
    REPLICATED,
    /**
     * Not in the node databases: delimited text files at the table's location ({@code CREATE EXTERNAL
     * TABLE … LOCATION}), read by MapReduce where they are; no chunks, never loaded, never deleted.
     */
    EXTERNAL
}
