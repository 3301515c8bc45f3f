package org.hadoopdb.catalog.nodes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.store.CatalogStore;

/**
 * Registers the PostgreSQL servers of a real cluster in the catalog ({@code hadoopdb cluster
 * add-node} / {@code remove-node}), each change published as a new catalog version. Nodes added
 * later hold chunks of tables created or overwritten after them; tables loaded before keep their
 * layout (their partitioning scheme lists its nodes).
 *
 * <pre>{@code
 * NodeRegistry nodes = new NodeRegistry(config.home().catalogStore());
 * nodes.add(new NodeInfo("worker1", "worker1.example.com", "jdbc:postgresql://worker1:5432/hadoopdb",
 *         "hadoopdb", CredentialRef.parse("pgpass"), false));
 * nodes.remove("worker1");   // refused while a table has chunks there
 * }</pre>
 */
public final class NodeRegistry {
    /** Node ids appear in schema tags, file names and messages: keep them plain. */
    private static final Pattern NODE_ID = Pattern.compile("[a-z][a-z0-9_-]{0,62}");

    private final CatalogStore store;

    public NodeRegistry(CatalogStore store) {
        this.store = store;
    }

    /**
     * Adds a server that HadoopDB does not run itself ({@code node.embedded()} must be false).
     *
     * @return the published catalog version
     * @throws CatalogException if the id is taken or malformed, the JDBC URL is registered already, or
     *                          the catalog holds embedded nodes (a cluster is either embedded or real)
     */
    public Catalog add(NodeInfo node) {
        if (node.embedded()) {
            throw new CatalogException("Node '" + node.id() + "' is marked embedded; embedded nodes are created with "
                    + "'hadoopdb cluster init', not registered");
        }
        checkId(node.id());
        return store.update("add node " + node.id(), c -> {
            check(c, node);
            return c.withNode(node);
        });
    }

    /**
     * Removes a node that no table uses. Partitioning schemes that place chunks on it but that no
     * table uses any more go with it.
     *
     * @return the published catalog version
     * @throws CatalogException naming the tables whose chunks or layout use the node
     */
    public Catalog remove(String id) {
        return store.update("remove node " + id, c -> {
            if (c.findNode(id).isEmpty()) {
                throw new CatalogException("There is no node '" + id + "' in the catalog" + Names.didYouMean(id, c.nodeIds())
                        + "; the nodes are " + (c.nodeIds().isEmpty() ? "none" : String.join(", ", c.nodeIds())));
            }
            if (c.node(id).embedded()) {
                throw new CatalogException("Node '" + id + "' is an embedded node: remove the embedded cluster with "
                        + "'hadoopdb cluster destroy' instead");
            }
            List<String> users = tablesOn(c, id);
            if (!users.isEmpty()) {
                throw new CatalogException("Node '" + id + "' is still used by table(s) " + String.join(", ", users)
                        + ": drop them, or load them again with OVERWRITE after the other nodes can hold them, before "
                        + "removing the node (its data would be lost)");
            }
            Catalog next = c.withoutNode(id);
            List<PartitioningScheme> kept = new ArrayList<>();
            for (PartitioningScheme s : next.schemes()) {
                if (!s.nodes().contains(id)) {
                    kept.add(s);
                }
            }
            return next.with(next.nodes(), kept, next.tables(), next.views(), next.databases());
        });
    }

    private static void checkId(String id) {
        if (id == null || !NODE_ID.matcher(id).matches()) {
            throw new CatalogException("Node name '" + id + "' is not valid: use lower-case letters, digits, '-' and '_', "
                    + "starting with a letter (at most 63 characters), e.g. worker1");
        }
    }

    private static void check(Catalog c, NodeInfo node) {
        if (c.findNode(node.id()).isPresent()) {
            NodeInfo existing = c.node(node.id());
            throw new CatalogException("Node '" + node.id() + "' is already registered (" + existing.jdbcUrl()
                    + "); remove it first with 'hadoopdb cluster remove-node " + node.id() + "' to change it");
        }
        String url = normalizedUrl(node.jdbcUrl());
        for (NodeInfo n : c.nodes()) {
            if (n.embedded()) {
                throw new CatalogException("The catalog " + "lists embedded nodes (" + String.join(", ", c.nodeIds())
                        + "), which HadoopDB runs on this machine; a cluster of PostgreSQL servers cannot be mixed with them. "
                        + "Use another home (or hadoopdb.catalog.path), or remove them with 'hadoopdb cluster destroy'");
            }
            if (normalizedUrl(n.jdbcUrl()).equals(url)) {
                throw new CatalogException("The database " + node.jdbcUrl() + " is already registered as node '" + n.id()
                        + "'; two nodes must not share one database (their chunk schemas would collide)");
            }
        }
    }

    /** Tables with a chunk copy on the node, or whose partitioning scheme places chunks on it. */
    static List<String> tablesOn(Catalog c, String nodeId) {
        List<String> out = new ArrayList<>();
        for (TableInfo t : c.tables()) {
            boolean uses = t.chunks().stream().map(ChunkInfo::nodes).anyMatch(n -> n.contains(nodeId));
            if (!uses && t.scheme() != null) {
                uses = c.findScheme(t.scheme()).map(s -> s.nodes().contains(nodeId)).orElse(false);
            }
            if (uses) {
                out.add(t.name());
            }
        }
        return out;
    }

    /** The URL without its parameters, host name in lower case (database names are case-sensitive). */
    private static String normalizedUrl(String jdbcUrl) {
        String u = jdbcUrl.trim();
        int q = u.indexOf('?');
        u = q < 0 ? u : u.substring(0, q);
        int hostStart = u.indexOf("//");
        if (hostStart < 0) {
            return u;
        }
        int hostEnd = u.indexOf('/', hostStart + 2);
        hostEnd = hostEnd < 0 ? u.length() : hostEnd;
        return u.substring(0, hostStart) + u.substring(hostStart, hostEnd).toLowerCase(Locale.ROOT) + u.substring(hostEnd);
    }
}
