package org.hadoopdb.connector.chunk;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.RowSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a {@link ChunkQuery} into one {@link ChunkSplit} per chunk of its driving table, following
 * the storage contract of {@code docs/physical-layout.md}: for chunk {@code c} each hashed table is
 * bound to its chunk {@code c} (they must be co-located) and each replicated table to the copy on the
 * node being read.
 *
 * <p>{@link #plan(Catalog, ChunkQuery, ChunkReadSettings, CredentialResolver)} also talks to the nodes
 * once before any task runs: it puts reachable copies first (so a node that is down costs nothing),
 * fails at once when every copy of a chunk is unreachable, and checks the statement on one chunk, so
 * a statement PostgreSQL refuses fails here with its message instead of in every task.
 */
public final class ChunkSplits {
    private static final Logger LOG = LoggerFactory.getLogger(ChunkSplits.class);

    private ChunkSplits() {
    }

    /** The splits, checked against the nodes (see the class comment), with the result schema filled in. */
    public static List<ChunkSplit> plan(Catalog catalog, ChunkQuery query, ChunkReadSettings settings,
                                        CredentialResolver credentials) {
        List<ChunkSplit> splits = bind(catalog, query);
        Map<String, String> failures = new HashMap<>();
        List<ChunkSplit> ordered = new ArrayList<>(splits.size());
        for (ChunkSplit s : splits) {
            List<ChunkCopy> up = new ArrayList<>();
            List<ChunkCopy> down = new ArrayList<>();
            for (ChunkCopy c : s.copies()) {
                String failure = failures.computeIfAbsent(c.node().id(), id -> probe(c.node(), settings, credentials));
                (failure.isEmpty() ? up : down).add(c);
            }
            if (up.isEmpty()) {
                List<String> tried = new ArrayList<>();
                s.copies().forEach(c -> tried.add(c.node().id() + " (" + failures.get(c.node().id()) + ")"));
                throw new ConnectorException("Every copy of " + s + " is unreachable: tried " + String.join(", ", tried)
                        + "; start the nodes or restore the chunk");
            }
            up.addAll(down);
            ordered.add(s.withCopies(up));
        }
        ChunkSplit probe = ordered.isEmpty() ? emptyProbe(catalog, query, failures, settings, credentials) : ordered.get(0);
        RowSchema schema = ChunkReader.describe(probe, 0, settings, credentials);
        List<ChunkSplit> out = new ArrayList<>(ordered.size());
        for (ChunkSplit s : ordered) {
            out.add(new ChunkSplit(s.table(), s.chunk(), s.sql(), schema, s.copies(), s.emptyTables(), s.rows(), s.getLength()));
        }
        return out;
    }

    /** The schema of the query's result (checking the SQL on the nodes), even when there are no splits. */
    public static RowSchema schema(Catalog catalog, ChunkQuery query, ChunkReadSettings settings, CredentialResolver credentials) {
        if (query.schema() != null) {
            return query.schema();
        }
        List<ChunkSplit> splits = plan(catalog, query, settings, credentials);
        if (!splits.isEmpty()) {
            return splits.get(0).schema();
        }
        return ChunkReader.describe(emptyProbe(catalog, query, new HashMap<>(), settings, credentials), 0, settings, credentials);
    }

    /** The splits from the catalog alone, without contacting any node; their schema is the query's (maybe null). */
    public static List<ChunkSplit> bind(Catalog catalog, ChunkQuery query) {
        if (catalog.nodes().isEmpty()) {
            throw new ConnectorException("The catalog has no nodes: create a cluster first (hadoopdb cluster init)");
        }
        String driverName = query.driver();
        if (driverName == null) {
            List<ChunkCopy> anywhere = new ArrayList<>();
            for (NodeInfo n : catalog.nodes()) {
                anywhere.add(new ChunkCopy(n, List.of()));
            }
            return List.of(new ChunkSplit("", 0, query.sql(), query.schema(), anywhere, List.of(), 0, 0));
        }
        TableInfo driver = catalog.table(driverName);
        List<TableInfo> others = new ArrayList<>();
        for (String name : query.tables().subList(1, query.tables().size())) {
            others.add(catalog.table(name));
        }
        PartitioningScheme scheme = catalog.schemeOf(driver).orElse(null);
        for (TableInfo t : others) {
            if (!t.isReplicated() && (driver.isReplicated() || !colocated(scheme, catalog.schemeOf(t).orElse(null)))) {
                throw new ConnectorException("Table '" + t.name() + "' is neither replicated nor co-located with '" + driver.name()
                        + "' (partitioning schemes " + t.scheme() + " and " + driver.scheme() + "), so one chunk statement cannot "
                        + "join them; join them in MapReduce instead");
            }
        }
        if (driver.chunks().isEmpty()) {
            return List.of();
        }
        List<ChunkSplit.EmptyTable> empty = new ArrayList<>();
        for (TableInfo t : others) {
            if (t.chunks().isEmpty()) {
                empty.add(emptyTable(t));
            }
        }
        if (driver.isReplicated()) {
            // one full copy per node: read one of them, any node will do
            List<ChunkCopy> copies = new ArrayList<>();
            ChunkInfo first = driver.chunks().get(0);
            for (ChunkInfo copy : driver.chunks()) {
                NodeInfo node = catalog.node(copy.primary());
                copies.add(new ChunkCopy(node, searchPath(catalog, copy, others, node, 0)));
            }
            return List.of(new ChunkSplit(driver.name(), 0, query.sql(), query.schema(), copies, empty, first.rows(), first.bytes()));
        }
        List<ChunkSplit> splits = new ArrayList<>();
        for (ChunkInfo chunk : driver.chunks()) {
            if (query.chunks() != null && !query.chunks().contains(chunk.index())) {
                continue;
            }
            List<ChunkCopy> copies = new ArrayList<>();
            for (String nodeId : chunk.nodes()) {
                NodeInfo node = catalog.node(nodeId);
                copies.add(new ChunkCopy(node, searchPath(catalog, chunk, others, node, chunk.index())));
            }
            splits.add(new ChunkSplit(driver.name(), chunk.index(), query.sql(), query.schema(), copies, empty, chunk.rows(),
                    chunk.bytes()));
        }
        return splits;
    }

    /** The schemas that bind every table of the statement for chunk {@code index} on {@code node}. */
    private static List<String> searchPath(Catalog catalog, ChunkInfo driverChunk, List<TableInfo> others, NodeInfo node,
                                           int index) {
        LinkedHashMap<String, Boolean> path = new LinkedHashMap<>();
        path.put(driverChunk.schema(), true);
        for (TableInfo t : others) {
            if (t.chunks().isEmpty()) {
                continue;
            }
            Optional<ChunkInfo> bound = t.isReplicated()
                    ? t.chunks().stream().filter(c -> c.primary().equals(node.id())).findFirst()
                    : t.chunks().stream().filter(c -> c.index() == index).findFirst();
            ChunkInfo c = bound.orElseThrow(() -> new ConnectorException("Table '" + t.name() + "' has no "
                    + (t.isReplicated() ? "copy on node " + node.id() : "chunk " + index) + " in catalog version "
                    + catalog.version() + "; the catalog is inconsistent"));
            path.put(c.schema(), true);
        }
        return List.copyOf(path.keySet());
    }

    private static boolean colocated(PartitioningScheme a, PartitioningScheme b) {
        return a != null && b != null && (a.id().equals(b.id()) || a.colocatedWith(b));
    }

    private static ChunkSplit.EmptyTable emptyTable(TableInfo t) {
        StringBuilder cols = new StringBuilder();
        for (ColumnInfo c : t.columns()) {
            if (cols.length() > 0) {
                cols.append(", ");
            }
            cols.append(ChunkReader.quote(c.name())).append(' ').append(c.type().postgresType());
        }
        return new ChunkSplit.EmptyTable(t.name(), cols.toString());
    }

    /** A split over empty stand-ins for every table, on a reachable node: to check the statement when nothing is loaded. */
    private static ChunkSplit emptyProbe(Catalog catalog, ChunkQuery query, Map<String, String> failures,
                                         ChunkReadSettings settings, CredentialResolver credentials) {
        List<ChunkSplit.EmptyTable> empty = new ArrayList<>();
        for (String name : query.tables()) {
            empty.add(emptyTable(catalog.table(name)));
        }
        for (NodeInfo n : catalog.nodes()) {
            if (failures.computeIfAbsent(n.id(), id -> probe(n, settings, credentials)).isEmpty()) {
                return new ChunkSplit("", 0, query.sql(), query.schema(), List.of(new ChunkCopy(n, List.of())), empty, 0, 0);
            }
        }
        throw new ConnectorException("No node is reachable: " + failures);
    }

    /** Empty when the node answers, else why not. */
    private static String probe(NodeInfo node, ChunkReadSettings settings, CredentialResolver credentials) {
        try {
            Connection c = NodeConnections.open(node, settings, credentials);
            boolean valid = false;
            try {
                valid = c.isValid((int) Math.max(1, settings.connectTimeout().toSeconds()));
            } finally {
                NodeConnections.release(node, c, valid);
            }
            return valid ? "" : "the connection is not valid";
        } catch (SQLException | RuntimeException e) {
            LOG.warn("Node {} ({}) is unreachable: {}; its chunks will be read from their replicas", node.id(), node.jdbcUrl(),
                    e.getMessage());
            return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
    }
}
