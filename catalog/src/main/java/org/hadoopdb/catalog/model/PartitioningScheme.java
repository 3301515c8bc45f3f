package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import java.util.List;
import org.hadoopdb.catalog.CatalogException;

/**
 * A chunk layout shared by co-located tables: how keys hash to nodes and chunks, and where each chunk
 * and its replicas live. Two tables on the same scheme hold the rows with equal keys in the same
 * chunk on the same nodes, so a join on their keys runs inside each chunk database.
 *
 * <p>Chunk {@code c} (0-based) is local chunk {@code c % chunksPerNode} of node
 * {@code nodes[c / chunksPerNode]}. A scheme without key families places rows without a key
 * ({@link Distribution#RANDOM}).
 *
 * @param id            scheme name, referenced by tables
 * @param keyFamilies   the hash family of each key column, in key order (empty for RANDOM)
 * @param hashFunction  name of the hash function ({@code murmur3_32})
 * @param globalSeed    seed of the global (key to node) hash
 * @param localSeed     seed of the local (key to chunk within the node) hash; differs from the global one
 * @param nodes         node ids in placement order
 * @param chunksPerNode chunks on each node
 * @param replication   copies of each chunk (1 = no replica); at most the number of nodes
 */
public record PartitioningScheme(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("id") String id,
        @JsonProperty("keyFamily") List<KeyFamily> keyFamilies,
        @JsonProperty("hashFunction") String hashFunction,
        @JsonProperty("globalSeed") int globalSeed,
        @JsonProperty("localSeed") int localSeed,
        @JsonProperty("node") List<String> nodes,
        @JsonProperty("chunksPerNode") int chunksPerNode,
        @JsonProperty("replication") int replication) {

    public static final String MURMUR3_32 = "murmur3_32";

    public PartitioningScheme {
        if (id == null || id.isBlank()) {
            throw new CatalogException("A partitioning scheme has no id");
        }
        keyFamilies = keyFamilies == null ? List.of() : List.copyOf(keyFamilies);
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        if (hashFunction == null) {
            hashFunction = MURMUR3_32;
        }
        if (!MURMUR3_32.equals(hashFunction)) {
            throw new CatalogException("Partitioning scheme '" + id + "' uses unknown hash function '" + hashFunction + "'");
        }
        if (nodes.isEmpty()) {
            throw new CatalogException("Partitioning scheme '" + id + "' has no nodes");
        }
        if (chunksPerNode < 1) {
            throw new CatalogException("Partitioning scheme '" + id + "' needs at least one chunk per node, got " + chunksPerNode);
        }
        if (replication < 1 || replication > nodes.size()) {
            throw new CatalogException("Partitioning scheme '" + id + "' has replication " + replication
                    + " but only " + nodes.size() + " nodes (replication must be between 1 and the node count)");
        }
        if (!keyFamilies.isEmpty() && globalSeed == localSeed) {
            throw new CatalogException("Partitioning scheme '" + id + "' must use different global and local hash seeds");
        }
    }

    @JsonIgnore
    public boolean isHashed() {
        return !keyFamilies.isEmpty();
    }

    public int nodeCount() {
        return nodes.size();
    }

    public int chunkCount() {
        return nodes.size() * chunksPerNode;
    }

    /** True when tables on this scheme and on {@code other} hold equal keys in the same chunks on the same nodes. */
    public boolean colocatedWith(PartitioningScheme other) {
        return isHashed() && keyFamilies.equals(other.keyFamilies) && hashFunction.equals(other.hashFunction)
                && globalSeed == other.globalSeed && localSeed == other.localSeed && nodes.equals(other.nodes)
                && chunksPerNode == other.chunksPerNode && replication == other.replication;
    }
}
