package org.hadoopdb.catalog.partition;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.KeyFamily;
import org.hadoopdb.catalog.model.PartitioningScheme;

/**
 * Finds or defines partitioning schemes. Tables whose keys hash the same way over the same nodes
 * with the same chunk layout get the same scheme, and so are co-located.
 */
public final class Schemes {
    /** Seeds recorded in every scheme HadoopDB defines; global and local must differ. */
    public static final int DEFAULT_GLOBAL_SEED = 0x48444231;
    public static final int DEFAULT_LOCAL_SEED = 0x4c4f4331;

    private Schemes() {
    }

    /**
     * The scheme for a table hashed on keys of {@code families} over all the catalog's nodes with the
     * given layout: an existing one if there is one, otherwise a new one (not yet added to the catalog).
     * An empty {@code families} list means a keyless (RANDOM) layout.
     */
    public static PartitioningScheme forLayout(Catalog catalog, List<KeyFamily> families, int chunksPerNode, int replication) {
        PartitioningScheme wanted = new PartitioningScheme(idFor(families, catalog.nodes().size(), chunksPerNode, replication),
                families, PartitioningScheme.MURMUR3_32, DEFAULT_GLOBAL_SEED,
                families.isEmpty() ? DEFAULT_GLOBAL_SEED : DEFAULT_LOCAL_SEED, catalog.nodeIds(), chunksPerNode, replication);
        for (PartitioningScheme s : catalog.schemes()) {
            if (sameLayout(s, wanted)) {
                return s;
            }
        }
        String id = wanted.id();
        for (int i = 2; catalog.findScheme(id).isPresent(); i++) {
            id = wanted.id() + "_" + i;
        }
        return new PartitioningScheme(id, wanted.keyFamilies(), wanted.hashFunction(), wanted.globalSeed(),
                wanted.localSeed(), wanted.nodes(), wanted.chunksPerNode(), wanted.replication());
    }

    private static boolean sameLayout(PartitioningScheme a, PartitioningScheme b) {
        return a.keyFamilies().equals(b.keyFamilies()) && a.hashFunction().equals(b.hashFunction())
                && a.globalSeed() == b.globalSeed() && a.localSeed() == b.localSeed() && a.nodes().equals(b.nodes())
                && a.chunksPerNode() == b.chunksPerNode() && a.replication() == b.replication();
    }

    private static String idFor(List<KeyFamily> families, int nodes, int chunksPerNode, int replication) {
        String keys = families.isEmpty() ? "random"
                : "hash_" + families.stream().map(f -> f.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining("_"));
        return keys + "_" + nodes + "n" + chunksPerNode + "c_r" + replication;
    }
}
