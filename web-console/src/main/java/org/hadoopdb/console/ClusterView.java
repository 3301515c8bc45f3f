package org.hadoopdb.console;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.LoadRecord;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.engine.session.HadoopDbEngine;

/**
 * The cluster as the console shows it: the catalog's latest version, each node with whether it
 * answers now (its PostgreSQL version, connections and database size: {@link NodeProbes}), each
 * table with its chunks, replicas, size and row count, and the catalog's history of loads with their rejects.
 */
final class ClusterView implements AutoCloseable {
    /** How long the nodes have to answer before they are shown as unreachable. */
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    /**
     * One node and what it answered.
     *
     * @param version       its PostgreSQL's {@code version()}, or null when unreachable
     * @param connections   sessions open on its database, -1 when unreachable
     * @param databaseBytes its database's size, -1 when unreachable
     */
    record Node(String id, String host, boolean embedded, boolean up, String problem, String version, long connections,
                long databaseBytes) {
    }

    /**
     * One table.
     *
     * @param replicas   the copies of its first chunk beyond the primary (every chunk has as many)
     * @param generation its data version: every load, insert or rewrite publishes the next (0: never loaded)
     * @param partitions the partitions of a table {@code PARTITIONED BY} its columns, or -1 for another table
     * @param location   an external table's files, or null for a table in the nodes
     */
    record Table(String name, String distribution, int chunks, int replicas, long rows, long bytes, long generation,
                 int partitions, String location) {
    }

    /**
     * One published load ({@code LOAD DATA}, {@code INSERT}, CTAS), from the catalog's history.
     *
     * @param mode {@code append} or {@code overwrite}
     */
    record Load(String table, long generation, String finishedAt, String mode, long recordsRead, long rowsLoaded,
                long rowsRejected) {
    }

    record Snapshot(String cluster, long catalogVersion, String publishedAt, List<Node> nodes, List<Table> tables,
                    List<Load> loads) {
        Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("cluster", cluster);
            m.put("catalogVersion", catalogVersion);
            m.put("publishedAt", publishedAt);
            m.put("nodes", nodes);
            m.put("tables", tables);
            m.put("loads", loads);
            return m;
        }
    }

    private final HadoopDbEngine engine;
    private final NodeProbes probes;

    ClusterView(HadoopDbEngine engine) {
        this.engine = engine;
        this.probes = new NodeProbes(engine.pools()::connect, PROBE_TIMEOUT);
    }

    Snapshot snapshot() {
        Catalog catalog = engine.catalog();
        List<Node> nodes = new ArrayList<>();
        List<NodeProbes.Status> answers = probes.probe(catalog.nodes());
        for (int i = 0; i < answers.size(); i++) {
            NodeInfo n = catalog.nodes().get(i);
            NodeProbes.Status s = answers.get(i);
            nodes.add(new Node(n.id(), n.host(), n.embedded(), s.up(), s.problem(), s.version(), s.connections(),
                    s.databaseBytes()));
        }
        List<Table> tables = new ArrayList<>();
        for (TableInfo t : catalog.tables()) {
            long rows = 0;
            long bytes = 0;
            for (ChunkInfo c : t.chunks()) {
                rows += c.rows();
                bytes += c.bytes();
            }
            if (rows == 0 && t.stats() != null) {
                rows = t.stats().rows();
                bytes = Math.max(bytes, t.stats().bytes());
            }
            int replicas = t.chunks().isEmpty() ? 0 : t.chunks().get(0).replicas().size();
            tables.add(new Table(t.name(), t.distribution().name(), t.chunks().size(), replicas, rows, bytes, t.generation(),
                    t.partitionColumns().isEmpty() ? -1 : t.partitions().size(), t.isExternal() ? t.location() : null));
        }
        List<Load> loads = new ArrayList<>();
        for (int i = catalog.loads().size() - 1; i >= 0; i--) {
            LoadRecord l = catalog.loads().get(i);
            loads.add(new Load(l.table(), l.generation(), l.finishedAt(), l.overwrite() ? "overwrite" : "append", l.recordsRead(),
                    l.rowsLoaded(), l.rowsRejected()));
        }
        return new Snapshot(catalog.cluster(), catalog.version(), catalog.publishedAt(), nodes, tables, loads);
    }

    @Override
    public void close() {
        probes.close();
    }
}
