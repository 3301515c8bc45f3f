package org.hadoopdb.connector.pool;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The node sessions this process holds, per node and per kind of pool, in use and idle: the sessions
 * of chunk reads ({@link IdleSessions}, pool {@value #CHUNK_READS}) and the connection pools of
 * {@link NodePools} (pool {@value #NODE_POOL}). For the query server's metrics.
 */
public final class PoolConnections {
    /** The label of the sessions chunk reads run on. */
    public static final String CHUNK_READS = "chunk-reads";
    /** The label of {@link NodePools}' HikariCP pools (DDL, loads' publication, the console's probes). */
    public static final String NODE_POOL = "node-pool";

    private PoolConnections() {
    }

    /** Sessions in use ({@code active}) and kept open unused ({@code idle}). */
    public record Count(int active, int idle) {
        Count plus(Count other) {
            return new Count(active + other.active, idle + other.idle);
        }
    }

    /** One node's sessions of one pool. */
    public record Node(String node, String pool, int active, int idle) {
    }

    /** Every node's sessions now: the chunk reads' and, when {@code pools} is not null, those of its pools. */
    public static List<Node> now(NodePools pools) {
        List<Node> out = new ArrayList<>();
        add(out, CHUNK_READS, IdleSessions.counts());
        if (pools != null) {
            add(out, NODE_POOL, pools.connections());
        }
        return out;
    }

    private static void add(List<Node> out, String pool, Map<String, Count> counts) {
        counts.forEach((node, c) -> out.add(new Node(node, pool, c.active(), c.idle())));
    }
}
