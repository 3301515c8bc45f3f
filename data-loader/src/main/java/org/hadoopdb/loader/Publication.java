package org.hadoopdb.loader;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.LoadRecord;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.TableStats;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.global.GlobalResults;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.LoadTaskObserver;
import org.hadoopdb.loader.job.NodeReport;
import org.hadoopdb.loader.physical.ChunkSql;
import org.hadoopdb.loader.physical.GarbageCollector;
import org.hadoopdb.loader.stats.TableStatsBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Phase 4 of a load: renames the staging schemas to the new generation's names and publishes the
 * catalog version that lists them, then collects the generations no catalog version needs any more.
 * Until the catalog version is published, queries see the previous generation, whole.
 */
final class Publication {
    private static final Logger LOG = LoggerFactory.getLogger(Publication.class);

    /**
     * What a publication published.
     *
     * @param catalog the catalog version that lists the new generation
     * @param stats   the table's statistics in it
     * @param chunks  each chunk's part in the load, by index (for the report)
     */
    record Published(Catalog catalog, TableStats stats, List<ChunkLoad> chunks) {
    }

    private final HadoopDbConfig config;
    private final CatalogStore store;
    private final Catalog catalog;
    private final LoadPlan plan;
    private final TableInfo table;
    private final Configuration jobBase;

    /** @param catalog the catalog the load started from (under the table's lock) */
    Publication(HadoopDbConfig config, CatalogStore store, Catalog catalog, LoadPlan plan, Configuration jobBase) {
        this.config = config;
        this.store = store;
        this.catalog = catalog;
        this.plan = plan;
        this.table = plan.table();
        this.jobBase = jobBase;
    }

    /**
     * Publishes the loaded chunks.
     *
     * @param local each node's report of its staging chunks, by node position
     * @throws LoaderException when a node misses a chunk, a rename fails, or the table changed meanwhile;
     *                         nothing is published then
     */
    Published publish(GlobalResults global, Map<Integer, NodeReport> local) {
        List<ChunkInfo> chunks = new ArrayList<>();
        List<ChunkLoad> loads = new ArrayList<>();
        List<NodeReport.ChunkResult> oneCopyEach = new ArrayList<>();
        Map<String, List<Integer>> schemasPerNode = new LinkedHashMap<>();
        for (int c = 0; c < plan.chunkCount(); c++) {
            int chunk = c;
            NodeReport primary = local.get(plan.primaryOf(c));
            NodeReport.ChunkResult result = primary.chunks().stream().filter(r -> r.chunk() == chunk).findFirst()
                    .orElseThrow(() -> new LoaderException("Node " + primary.node() + " did not report chunk " + chunk));
            List<String> holders = plan.nodesOf(c);
            chunks.add(new ChunkInfo(c, plan.finalSchema(c), table.name(), holders.get(0), holders.subList(1, holders.size()),
                    result.rows(), result.bytes()));
            long rejected = plan.isReplicated() ? 0 : global.rejectsPerChunk().getOrDefault(c, 0L);
            loads.add(new ChunkLoad(c, plan.finalSchema(c), holders.get(0), holders.subList(1, holders.size()), result.newRows(),
                    rejected, result.rows(), result.bytes()));
            if (!plan.isReplicated() || c == 0) {
                oneCopyEach.add(result);
            }
            for (String node : holders) {
                schemasPerNode.computeIfAbsent(node, k -> new ArrayList<>()).add(c);
            }
        }
        renameStagingSchemas(schemasPerNode);
        LoadTaskObserver.of(jobBase).publishing(table.name());
        boolean appended = !plan.overwrite() && table.generation() > 0;
        TableStats stats = TableStatsBuilder.build(table, appended, global.stats(), oneCopyEach);
        // one copy's new rows (a replicated table has the same rows in every chunk)
        long rowsLoaded = plan.isReplicated() ? (loads.isEmpty() ? 0 : loads.get(0).rowsLoaded())
                : loads.stream().mapToLong(ChunkLoad::rowsLoaded).sum();
        LoadRecord record = new LoadRecord(table.name(), plan.generation(), java.time.Instant.now().toString(), plan.overwrite(),
                global.records(), rowsLoaded, global.rejected());
        return new Published(publishCatalog(chunks, stats, record), stats, loads);
    }

    /** Drops the table's generations no catalog version needs any more; a failure only leaves them to 'hadoopdb cluster gc'. */
    void collectGarbage() {
        try (NodePools pools = new NodePools(config)) {
            GarbageCollector.GcReport gc = new GarbageCollector(config).collect(table.name(), pools);
            gc.problems().forEach(p -> LOG.warn("Garbage collection after loading {}: {}", table.name(), p));
        } catch (RuntimeException e) {
            LOG.warn("Garbage collection after loading {} failed ({}); 'hadoopdb cluster gc' will retry", table.name(), e.getMessage());
        }
    }

    /** Renames every staging schema to its final name, one transaction per node. */
    private void renameStagingSchemas(Map<String, List<Integer>> schemasPerNode) {
        try (NodePools pools = new NodePools(config)) {
            for (Map.Entry<String, List<Integer>> e : schemasPerNode.entrySet()) {
                NodeInfo node = catalog.node(e.getKey());
                try (Connection c = pools.connect(node)) {
                    c.setAutoCommit(false);
                    for (int chunk : e.getValue()) {
                        // A schema of this name can only be left over by a load that died: no retained
                        // catalog version knows this generation (see LoadPlanner), and we hold the table's lock.
                        ChunkSql.dropSchema(c, plan.finalSchema(chunk));
                        ChunkSql.renameSchema(c, plan.stagingSchema(chunk), plan.finalSchema(chunk));
                    }
                    c.commit();
                } catch (SQLException ex) {
                    throw new LoaderException("Cannot rename the staging schemas of table '" + table.name() + "' on node " + node.id()
                            + ": " + ex.getMessage(), ex);
                }
            }
        }
    }

    /** The partitions after the load: those the table has now (ADD PARTITION may have added some meanwhile) and those written. */
    private List<org.hadoopdb.catalog.model.PartitionInfo> withWritten(List<org.hadoopdb.catalog.model.PartitionInfo> current) {
        List<org.hadoopdb.catalog.model.PartitionInfo> out = new ArrayList<>(current);
        if (plan.partitions() != null) {
            out.addAll(plan.partitions().written());
        }
        return out;
    }

    private Catalog publishCatalog(List<ChunkInfo> chunks, TableStats stats, LoadRecord record) {
        PartitioningScheme scheme = plan.scheme();
        try {
            return store.update("load " + table.name() + " generation " + plan.generation(), c -> {
                TableInfo cur = c.findTable(table.name()).orElseThrow(() -> new LoaderException("Table '" + table.name()
                        + "' was dropped while it was being loaded; nothing was published"));
                if (cur.generation() != table.generation() || !cur.columns().equals(table.columns())
                        || !Objects.equals(cur.scheme(), table.scheme()) || cur.distribution() != table.distribution()) {
                    throw new LoaderException("Table '" + table.name() + "' was changed while it was being loaded (it is now "
                            + "generation " + cur.generation() + "); nothing was published: load it again");
                }
                Catalog next = c;
                if (scheme != null && c.findScheme(scheme.id()).isEmpty()) {
                    next = next.withScheme(scheme);
                }
                TableInfo updated = new TableInfo(cur.name(), cur.columns(), cur.distribution(), scheme == null ? null : scheme.id(),
                        cur.partitionKeys(), cur.sortColumns(), cur.indexColumns(), cur.properties(), plan.generation(), stats, chunks,
                        cur.partitionColumns(), withWritten(cur.partitions()));
                return next.withTable(updated).withLoad(record);
            });
        } catch (CatalogException e) {
            // The new version may have been written before the error (it is then the truth).
            TableInfo now = store.load().findTable(table.name()).orElse(null);
            if (now != null && now.generation() == plan.generation() && now.chunks().equals(chunks)) {
                LOG.warn("Publishing {} reported '{}' but the new version is in the catalog", table.name(), e.getMessage());
                return store.load();
            }
            throw new LoaderException("Cannot publish the load of table '" + table.name() + "': " + e.getMessage(), e);
        }
    }
}
