package org.hadoopdb.console;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster as the console shows it: the catalog's latest version, each node with whether it
 * answers now, and each table with its chunks, replicas, size and row count.
 */
final class ClusterView {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterView.class);
    /** Seconds a node has to answer before it is shown as down. */
    private static final int PROBE_SECONDS = 2;

    /** One node and whether it answered. */
    record Node(String id, String host, boolean embedded, boolean up, String problem) {
    }

    /**
     * One table.
     *
     * @param replicas the copies of its first chunk beyond the primary (every chunk has as many)
     */
    record Table(String name, String distribution, int chunks, int replicas, long rows, long bytes) {
    }

    record Snapshot(String cluster, long catalogVersion, String publishedAt, List<Node> nodes, List<Table> tables) {
        Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("cluster", cluster);
            m.put("catalogVersion", catalogVersion);
            m.put("publishedAt", publishedAt);
            m.put("nodes", nodes);
            m.put("tables", tables);
            return m;
        }
    }

    private final HadoopDbEngine engine;

    ClusterView(HadoopDbEngine engine) {
        this.engine = engine;
    }

    Snapshot snapshot() {
        Catalog catalog = engine.catalog();
        List<Node> nodes = new ArrayList<>();
        for (NodeInfo n : catalog.nodes()) {
            String problem = probe(n);
            nodes.add(new Node(n.id(), n.host(), n.embedded(), problem == null, problem));
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
            tables.add(new Table(t.name(), t.distribution().name(), t.chunks().size(), replicas, rows, bytes));
        }
        return new Snapshot(catalog.cluster(), catalog.version(), catalog.publishedAt(), nodes, tables);
    }

    /** Null when the node answers, else why not. */
    private String probe(NodeInfo node) {
        try (Connection c = engine.pools().connect(node)) {
            return c.isValid(PROBE_SECONDS) ? null : "no answer within " + PROBE_SECONDS + " s";
        } catch (SQLException | RuntimeException e) {
            LOG.debug("Node {} does not answer: {}", node.id(), e.getMessage());
            return e.getMessage();
        }
    }
}
