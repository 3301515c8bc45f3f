package org.hadoopdb.loader;

import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.partition.Schemes;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.table.TableProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Decides the {@link LoadPlan} of one load of a table: the layout it writes and the generation it becomes. */
final class LoadPlanner {
    private static final Logger LOG = LoggerFactory.getLogger(LoadPlanner.class);

    private final CatalogStore store;
    private final Catalog catalog;
    private final TableInfo table;

    /**
     * @param catalog the catalog as it is under the table's load lock
     * @param table   the table as that catalog has it
     */
    LoadPlanner(CatalogStore store, Catalog catalog, TableInfo table) {
        this.store = store;
        this.catalog = catalog;
        this.table = table;
    }

    /**
     * @param inputBytes the size of the input, which sizes the chunks of a first load with {@code hadoopdb.max-chunk-size}
     * @param workDir    the load's work directory
     */
    LoadPlan plan(String loadId, long inputBytes, boolean overwrite, PartitionWrite partitions, Path workDir) {
        PartitioningScheme scheme = chooseScheme(inputBytes);
        return new LoadPlan(loadId, table, scheme, catalog.nodes(), nextGeneration(), overwrite, workDir.toString(), partitions);
    }

    /** The table's scheme; at a first load with {@code hadoopdb.max-chunk-size} (and no explicit chunk count), one sized from the input. */
    private PartitioningScheme chooseScheme(long inputBytes) {
        if (table.isReplicated()) {
            return null;
        }
        PartitioningScheme scheme = catalog.scheme(table.scheme());
        Map<String, String> props = TableProperties.of(table);
        Long max = TableProperties.size(table.name(), props, TableProperties.MAX_CHUNK_SIZE);
        if (table.generation() == 0 && max != null && !props.containsKey(TableProperties.CHUNKS_PER_NODE)
                && !props.containsKey(TableProperties.BUCKETS)) {
            int nodes = scheme.nodeCount();
            int per = (int) Math.max(1, (inputBytes + (long) nodes * max - 1) / ((long) nodes * max));
            if (per != scheme.chunksPerNode()) {
                scheme = Schemes.forLayout(catalog, scheme.keyFamilies(), per, scheme.replication());
                LOG.info("Table {}: {} input bytes and a maximum chunk size of {} bytes give {} chunks per node",
                        table.name(), inputBytes, max, per);
            }
        }
        return scheme;
    }

    /** One more than any generation of this table a retained catalog version knows, so no live schema name is reused. */
    private long nextGeneration() {
        return org.hadoopdb.loader.physical.Generations.next(store, table.name(), table.generation());
    }
}
