package org.hadoopdb.loader.physical;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.pool.NodePools;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drops the chunk schemas nothing needs any more (docs/physical-layout.md): generations that no
 * retained catalog version references, and staging schemas of loads that died. Only schemas the
 * loader tagged ({@link SchemaTag}) are considered, and never those of a load that is still alive
 * (its {@link LoadLock} is fresh).
 *
 * <p>Order matters against concurrent loads: the schemas are listed first, then the live loads,
 * then the catalog versions. A schema listed in the first step either belongs to a load still
 * alive in the second (kept), or to one that ended before it: published (then a catalog version
 * read in the third step references it) or failed (garbage).
 */
public final class GarbageCollector {
    private static final Logger LOG = LoggerFactory.getLogger(GarbageCollector.class);

    private final HadoopDbConfig config;
    private final CatalogStore store;

    public GarbageCollector(HadoopDbConfig config) {
        this.config = config;
        this.store = config.home().catalogStore();
    }

    /**
     * Collects garbage of one table, or of all tables when {@code table} is null.
     *
     * @param pools connections to the nodes
     */
    public GcReport collect(String table, NodePools pools) {
        Catalog latest = store.load();
        Map<String, List<ChunkSql.TaggedSchema>> tagged = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (NodeInfo node : latest.nodes()) {
            try (Connection c = pools.connect(node)) {
                List<ChunkSql.TaggedSchema> schemas = new ArrayList<>();
                for (ChunkSql.TaggedSchema s : ChunkSql.taggedSchemas(c)) {
                    if (table == null || s.tag().table().equals(table)) {
                        schemas.add(s);
                    }
                }
                tagged.put(node.id(), schemas);
            } catch (SQLException | ConnectorException e) {
                problems.add("node " + node.id() + ": cannot list its schemas: " + e.getMessage());
            }
        }
        Duration timeout = config.get(ConfigKeys.LOAD_LOCK_TIMEOUT);
        Set<String> liveLoads = LoadLock.liveLoads(store.directory(), config.hadoopConf(), timeout).keySet();
        Map<String, Set<String>> referenced = referencedSchemas();

        List<String> dropped = new ArrayList<>();
        int kept = 0;
        for (NodeInfo node : latest.nodes()) {
            List<ChunkSql.TaggedSchema> schemas = tagged.getOrDefault(node.id(), List.of());
            Set<String> refs = referenced.getOrDefault(node.id(), Set.of());
            List<String> doomed = new ArrayList<>();
            for (ChunkSql.TaggedSchema s : schemas) {
                if (refs.contains(s.name()) || liveLoads.contains(s.tag().loadId())) {
                    kept++;
                } else {
                    doomed.add(s.name());
                }
            }
            if (doomed.isEmpty()) {
                continue;
            }
            try (Connection c = pools.connect(node)) {
                c.setAutoCommit(true);
                for (String schema : doomed) {
                    ChunkSql.dropSchema(c, schema);
                    dropped.add(node.id() + ":" + schema);
                }
            } catch (SQLException | ConnectorException e) {
                problems.add("node " + node.id() + ": cannot drop unused schemas: " + e.getMessage());
            }
        }
        if (!dropped.isEmpty()) {
            LOG.info("Garbage collection{} dropped {} unused chunk schema(s): {}", table == null ? "" : " of table " + table,
                    dropped.size(), dropped);
        }
        return new GcReport(dropped, kept, problems);
    }

    /** Per node id, every schema some retained catalog version references. */
    private Map<String, Set<String>> referencedSchemas() {
        Map<String, Set<String>> refs = new HashMap<>();
        for (long v : store.versions()) {
            Catalog catalog;
            try {
                catalog = store.load(v);
            } catch (CatalogException e) {
                LOG.debug("Catalog version {} vanished while collecting garbage (pruned): {}", v, e.getMessage());
                continue;
            }
            for (TableInfo t : catalog.tables()) {
                for (ChunkInfo chunk : t.chunks()) {
                    for (String node : chunk.nodes()) {
                        refs.computeIfAbsent(node, k -> new HashSet<>()).add(chunk.schema());
                    }
                }
            }
        }
        return refs;
    }

    /**
     * What a collection did.
     *
     * @param dropped  {@code node:schema} of every dropped schema
     * @param kept     tagged schemas still in use
     * @param problems nodes that could not be reached or cleaned (their garbage stays for the next run)
     */
    public record GcReport(List<String> dropped, int kept, List<String> problems) {
        public GcReport {
            dropped = List.copyOf(dropped);
            problems = List.copyOf(problems);
        }
    }
}
