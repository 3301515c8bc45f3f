package org.hadoopdb.catalog.partition;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.model.PartitioningScheme;

/**
 * Where the copies of a chunk live. The primary of chunk {@code c} is node
 * {@code c / chunksPerNode} (the global hash decided it); replica {@code r} (1-based) of local chunk
 * {@code l} of node {@code p} goes to node {@code (p + 1 + (l + r - 1) mod (n - 1)) mod n}. So no node
 * holds two copies of a chunk, and the replicas of one node's chunks are spread over all the other
 * nodes: when a node fails, its work is shared by everyone instead of landing on one neighbour.
 * Co-located tables share a scheme and therefore share this placement chunk by chunk.
 */
public final class ChunkPlacement {
    private ChunkPlacement() {
    }

    /** The node ids holding {@code chunk}, primary first. */
    public static List<String> nodesOf(PartitioningScheme scheme, int chunk) {
        int n = scheme.nodeCount();
        int primary = chunk / scheme.chunksPerNode();
        int localChunk = chunk % scheme.chunksPerNode();
        List<String> nodes = new ArrayList<>(scheme.replication());
        nodes.add(scheme.nodes().get(primary));
        for (int r = 1; r < scheme.replication(); r++) {
            int offset = 1 + Math.floorMod(localChunk + r - 1, n - 1);
            nodes.add(scheme.nodes().get((primary + offset) % n));
        }
        return nodes;
    }
}
