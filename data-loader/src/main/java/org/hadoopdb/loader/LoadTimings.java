package org.hadoopdb.loader;

import java.time.Duration;

/**
 * Where a load's time went, as the paper breaks it down. The global repartition, replication and
 * publication are wall-clock times of their phases; the node phases (local partitioning and COPY,
 * index build, analyze) run on all nodes at once, and each figure is that of the slowest node.
 *
 * @param prepare               checking input, lock, layout
 * @param globalRepartition     the Global Hasher job
 * @param localPartitionAndCopy local hashing into chunks and COPY (slowest node)
 * @param indexBuild            indexes and CLUSTER (slowest node)
 * @param analyze               ANALYZE and statistics (slowest node)
 * @param localJob              wall-clock time of the whole node-task phase (the three above plus task start-up)
 * @param replication           copying chunks to replicas
 * @param publish               renaming staging schemas, publishing the catalog, garbage collection
 * @param total                 the whole load
 */
public record LoadTimings(Duration prepare, Duration globalRepartition, Duration localPartitionAndCopy, Duration indexBuild,
                          Duration analyze, Duration localJob, Duration replication, Duration publish, Duration total) {

    static String seconds(Duration d) {
        return String.format(java.util.Locale.ROOT, "%.2f s", d.toNanos() / 1e9);
    }

    @Override
    public String toString() {
        return "global repartition " + seconds(globalRepartition) + ", local partitioning + COPY " + seconds(localPartitionAndCopy)
                + ", index build " + seconds(indexBuild) + ", analyze " + seconds(analyze) + ", replication " + seconds(replication)
                + ", publish " + seconds(publish) + "; total " + seconds(total);
    }
}
