package org.hadoopdb.loader;

/** The phases of a load, in order; the paper's load-time breakdown has one figure per phase. */
public enum LoadPhase {
    /** Checking the input, taking the table's lock, choosing the layout. */
    PREPARE("preparing"),
    /** Global Hasher: parse, validate and repartition the input by node (MapReduce). */
    GLOBAL_REPARTITION("global repartition"),
    /** Local Hasher: split each node's part into chunks and COPY them in. */
    LOCAL_COPY("local partitioning + COPY"),
    /** Indexes, and CLUSTER for a sort order. */
    INDEX("index build"),
    /** ANALYZE and statistics. */
    ANALYZE("analyze"),
    /** Copying chunks to their replica nodes. */
    REPLICATION("replication"),
    /** Renaming staging schemas and publishing the catalog version. */
    PUBLISH("publish"),
    /** Finished. */
    DONE("done");

    private final String label;

    LoadPhase(String label) {
        this.label = label;
    }

    /** How the phase is called in progress lines and reports. */
    public String label() {
        return label;
    }
}
