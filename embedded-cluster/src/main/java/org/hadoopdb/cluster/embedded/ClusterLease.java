package org.hadoopdb.cluster.embedded;

import java.nio.file.Path;
import org.hadoopdb.catalog.model.Catalog;

/**
 * A process's claim on the running embedded nodes of a home. While any lease is held the nodes keep
 * running; closing the last lease stops them, unless {@code hadoopdb cluster start} pinned them.
 * Leases of processes that died are ignored, so a killed command never keeps nodes alive forever.
 *
 * <pre>{@code
 * try (ClusterLease lease = new EmbeddedCluster(config).acquire(System.err::println)) {
 *     Catalog catalog = lease.catalog();   // nodes are running now
 *     ...
 * }                                        // nodes stop here if this was the last user
 * }</pre>
 */
public final class ClusterLease implements AutoCloseable {
    private final EmbeddedCluster cluster;
    private final Path file;
    private final Catalog catalog;
    private boolean closed;

    ClusterLease(EmbeddedCluster cluster, Path file, Catalog catalog) {
        this.cluster = cluster;
        this.file = file;
        this.catalog = catalog;
    }

    /** The catalog as it was when the nodes were started. Re-read the store for later changes. */
    public Catalog catalog() {
        return catalog;
    }

    Path file() {
        return file;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            cluster.release(this);
        }
    }
}
