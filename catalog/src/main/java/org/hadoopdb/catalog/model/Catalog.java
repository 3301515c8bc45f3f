package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;

/**
 * One immutable, consistent version of the cluster metadata: nodes, partitioning schemes and tables
 * with their chunks. A query plans and runs against one snapshot; a change produces a new snapshot
 * that {@code CatalogStore} publishes as the next version.
 *
 * @param formatVersion version of the XML format (see {@link #FORMAT_VERSION})
 * @param version       catalog version this snapshot was published as (0 = nothing published yet)
 * @param cluster       cluster name
 * @param publishedAt   ISO-8601 instant of publication
 * @param publishedBy   who published it ({@code user@host pid}), for diagnosing conflicts
 * @param views         the views ({@code CREATE VIEW}); tables and views share one name space
 */
@JacksonXmlRootElement(localName = "catalog")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Catalog(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("formatVersion") int formatVersion,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("version") long version,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("cluster") String cluster,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("publishedAt") String publishedAt,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("publishedBy") String publishedBy,
        @JsonProperty("node") List<NodeInfo> nodes,
        @JsonProperty("scheme") List<PartitioningScheme> schemes,
        @JsonProperty("table") List<TableInfo> tables,
        @JsonProperty("view") List<ViewInfo> views) {

    /** The XML format this code writes and reads. */
    public static final int FORMAT_VERSION = 1;

    public Catalog {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        schemes = schemes == null ? List.of() : List.copyOf(schemes);
        tables = tables == null ? List.of() : List.copyOf(tables);
        views = views == null ? List.of() : List.copyOf(views);
        if (cluster == null || cluster.isBlank()) {
            cluster = "hadoopdb";
        }
    }

    /** An empty catalog (version 0): what a store holds before anything is published. */
    public static Catalog empty(String cluster) {
        return new Catalog(FORMAT_VERSION, 0, cluster, null, null, List.of(), List.of(), List.of(), List.of());
    }

    // ---- lookups -------------------------------------------------------------------------------

    public Optional<TableInfo> findTable(String name) {
        String wanted = Names.normalize(name);
        return tables.stream().filter(t -> t.name().equals(wanted)).findFirst();
    }

    /** The table named {@code name} (case-insensitive), or an error suggesting the closest name. */
    public TableInfo table(String name) {
        return findTable(name).orElseThrow(() -> new CatalogException("Table '" + name + "' does not exist"
                + Names.didYouMean(name, tableNames())));
    }

    @JsonIgnore
    public List<String> tableNames() {
        return tables.stream().map(TableInfo::name).toList();
    }

    public Optional<ViewInfo> findView(String name) {
        String wanted = Names.normalize(name);
        return views.stream().filter(v -> v.name().equals(wanted)).findFirst();
    }

    /** The view named {@code name} (case-insensitive), or an error suggesting the closest name. */
    public ViewInfo view(String name) {
        return findView(name).orElseThrow(() -> new CatalogException("View '" + name + "' does not exist"
                + Names.didYouMean(name, viewNames())));
    }

    @JsonIgnore
    public List<String> viewNames() {
        return views.stream().map(ViewInfo::name).toList();
    }

    /** Whether a table or a view has this name (case-insensitive). */
    public boolean hasRelation(String name) {
        return findTable(name).isPresent() || findView(name).isPresent();
    }

    public Optional<NodeInfo> findNode(String id) {
        return nodes.stream().filter(n -> n.id().equals(id)).findFirst();
    }

    public NodeInfo node(String id) {
        return findNode(id).orElseThrow(() -> new CatalogException("Node '" + id + "' is not in the catalog"
                + Names.didYouMean(id, nodeIds())));
    }

    @JsonIgnore
    public List<String> nodeIds() {
        return nodes.stream().map(NodeInfo::id).toList();
    }

    public Optional<PartitioningScheme> findScheme(String id) {
        return schemes.stream().filter(s -> s.id().equals(id)).findFirst();
    }

    public PartitioningScheme scheme(String id) {
        return findScheme(id).orElseThrow(() -> new CatalogException("Partitioning scheme '" + id + "' is not in the catalog"));
    }

    /** The scheme of a HASH or RANDOM table; empty for a replicated table. */
    public Optional<PartitioningScheme> schemeOf(TableInfo table) {
        return table.scheme() == null ? Optional.empty() : Optional.of(scheme(table.scheme()));
    }

    // ---- changes (each returns a new snapshot; publish it with CatalogStore) --------------------

    /** Adds the table, or replaces the table of the same name. */
    public Catalog withTable(TableInfo table) {
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy, nodes, schemes,
                replaceOrAdd(tables, table, t -> t.name().equals(table.name())), views);
    }

    public Catalog withoutTable(String name) {
        String wanted = Names.normalize(name);
        table(name);
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy, nodes, schemes,
                tables.stream().filter(t -> !t.name().equals(wanted)).toList(), views);
    }

    /** Adds the view, or replaces the view of the same name. */
    public Catalog withView(ViewInfo view) {
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy, nodes, schemes, tables,
                replaceOrAdd(views, view, v -> v.name().equals(view.name())));
    }

    public Catalog withoutView(String name) {
        String wanted = Names.normalize(name);
        view(name);
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy, nodes, schemes, tables,
                views.stream().filter(v -> !v.name().equals(wanted)).toList());
    }

    /** Adds the node, or replaces the node with the same id. */
    public Catalog withNode(NodeInfo node) {
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy,
                replaceOrAdd(nodes, node, n -> n.id().equals(node.id())), schemes, tables, views);
    }

    public Catalog withoutNode(String id) {
        node(id);
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy,
                nodes.stream().filter(n -> !n.id().equals(id)).toList(), schemes, tables, views);
    }

    /** Adds the scheme, or replaces the scheme with the same id. */
    public Catalog withScheme(PartitioningScheme scheme) {
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy, nodes,
                replaceOrAdd(schemes, scheme, s -> s.id().equals(scheme.id())), tables, views);
    }

    /** This snapshot stamped as published version {@code newVersion}. */
    public Catalog asPublished(long newVersion, String at, String by) {
        return new Catalog(FORMAT_VERSION, newVersion, cluster, at, by, nodes, schemes, tables, views);
    }

    private static <T> List<T> replaceOrAdd(List<T> list, T item, Predicate<T> same) {
        List<T> out = new ArrayList<>(list.size() + 1);
        boolean replaced = false;
        for (T existing : list) {
            if (same.test(existing)) {
                out.add(item);
                replaced = true;
            } else {
                out.add(existing);
            }
        }
        if (!replaced) {
            out.add(item);
        }
        return out;
    }
}
