package org.hadoopdb.loader;

import java.util.List;

/**
 * One chunk after a load.
 *
 * @param chunk        chunk index (for a replicated table: the node's position)
 * @param schema       the chunk's schema (the table inside is named after the logical table)
 * @param primary      node of the primary copy
 * @param replicas     nodes of the other copies
 * @param rowsLoaded   rows this load put into the chunk
 * @param rowsRejected rejected input records whose key hashes to this chunk
 * @param rows         rows in the chunk now (previous rows included when appending)
 * @param bytes        size on disk of one copy, indexes included
 */
public record ChunkLoad(int chunk, String schema, String primary, List<String> replicas, long rowsLoaded, long rowsRejected,
                        long rows, long bytes) {
    public ChunkLoad {
        replicas = List.copyOf(replicas);
    }
}
