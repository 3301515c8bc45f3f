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
 * @param databases     the databases besides {@code default} ({@code CREATE DATABASE}); a table or view
 *                      of one is named {@code database.name} ({@link Names#qualify})
 * @param functions     the permanent user functions ({@code CREATE FUNCTION}), named as tables are; they
 *                      have a name space of their own
 * @param loads         the last {@value #LOADS_KEPT} published loads, oldest first ({@link #withLoad})
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
        @JsonProperty("view") List<ViewInfo> views,
        @JsonProperty("database") List<DatabaseInfo> databases,
        @JsonProperty("function") List<FunctionInfo> functions,
        @JsonProperty("load") List<LoadRecord> loads) {

    /** The XML format this code writes and reads. */
    public static final int FORMAT_VERSION = 1;

    /** How many loads the history keeps. */
    public static final int LOADS_KEPT = 100;

    public Catalog {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        schemes = schemes == null ? List.of() : List.copyOf(schemes);
        tables = tables == null ? List.of() : List.copyOf(tables);
        views = views == null ? List.of() : List.copyOf(views);
        databases = databases == null ? List.of() : List.copyOf(databases);
        functions = functions == null ? List.of() : List.copyOf(functions);
        loads = loads == null ? List.of() : List.copyOf(loads);
        if (cluster == null || cluster.isBlank()) {
            cluster = "hadoopdb";
        }
    }

    /** A catalog without user functions (as every catalog was before {@code CREATE FUNCTION}). */
    public Catalog(int formatVersion, long version, String cluster, String publishedAt, String publishedBy,
                   List<NodeInfo> nodes, List<PartitioningScheme> schemes, List<TableInfo> tables, List<ViewInfo> views,
                   List<DatabaseInfo> databases) {
        this(formatVersion, version, cluster, publishedAt, publishedBy, nodes, schemes, tables, views, databases, List.of(), List.of());
    }

    /** A catalog without a history of loads. */
    public Catalog(int formatVersion, long version, String cluster, String publishedAt, String publishedBy,
                   List<NodeInfo> nodes, List<PartitioningScheme> schemes, List<TableInfo> tables, List<ViewInfo> views,
                   List<DatabaseInfo> databases, List<FunctionInfo> functions) {
        this(formatVersion, version, cluster, publishedAt, publishedBy, nodes, schemes, tables, views, databases, functions,
                List.of());
    }

    /** This snapshot with {@code load} added to the history, which keeps the last {@value #LOADS_KEPT}. */
    public Catalog withLoad(LoadRecord load) {
        List<LoadRecord> out = new ArrayList<>(loads);
        out.add(load);
        List<LoadRecord> kept = out.subList(Math.max(0, out.size() - LOADS_KEPT), out.size());
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy, nodes, schemes, tables, views, databases,
                functions, kept);
    }

    /** An empty catalog (version 0): what a store holds before anything is published. */
    public static Catalog empty(String cluster) {
        return new Catalog(FORMAT_VERSION, 0, cluster, null, null, List.of(), List.of(), List.of(), List.of(), List.of());
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

    /** The permanent user function named {@code name} (its catalog name, case-insensitive). */
    public Optional<FunctionInfo> findFunction(String name) {
        String wanted = Names.normalize(name);
        return functions.stream().filter(f -> f.name().equals(wanted)).findFirst();
    }

    /** The permanent user functions of database {@code database}, in catalog order. */
    public List<FunctionInfo> functionsIn(String database) {
        String db = Names.normalize(database);
        return functions.stream().filter(f -> Names.databaseOf(f.name()).equals(db)).toList();
    }

    /** Whether a table or a view has this name (case-insensitive). */
    public boolean hasRelation(String name) {
        return findTable(name).isPresent() || findView(name).isPresent();
    }

    /** The database named {@code name} (case-insensitive); {@code default} always exists. */
    public Optional<DatabaseInfo> findDatabase(String name) {
        String wanted = Names.normalize(name);
        if (wanted.equals(Names.DEFAULT_DATABASE)) {
            return Optional.of(DatabaseInfo.DEFAULT);
        }
        return databases.stream().filter(d -> d.name().equals(wanted)).findFirst();
    }

    /** The database named {@code name}, or an error suggesting the closest name. */
    public DatabaseInfo database(String name) {
        return findDatabase(name).orElseThrow(() -> new CatalogException("Database '" + name + "' does not exist"
                + Names.didYouMean(name, databaseNames())));
    }

    /** Every database's name, {@code default} first, then in the order they were created. */
    @JsonIgnore
    public List<String> databaseNames() {
        List<String> names = new ArrayList<>();
        names.add(Names.DEFAULT_DATABASE);
        databases.forEach(d -> names.add(d.name()));
        return names;
    }

    /** The tables of database {@code database}, in catalog order. */
    public List<TableInfo> tablesIn(String database) {
        String db = Names.normalize(database);
        return tables.stream().filter(t -> Names.databaseOf(t.name()).equals(db)).toList();
    }

    /** The views of database {@code database}, in catalog order. */
    public List<ViewInfo> viewsIn(String database) {
        String db = Names.normalize(database);
        return views.stream().filter(v -> Names.databaseOf(v.name()).equals(db)).toList();
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
        return with(nodes, schemes, replaceOrAdd(tables, table, t -> t.name().equals(table.name())), views, databases);
    }

    public Catalog withoutTable(String name) {
        String wanted = Names.normalize(name);
        table(name);
        return with(nodes, schemes, tables.stream().filter(t -> !t.name().equals(wanted)).toList(), views, databases);
    }

    /** Adds the view, or replaces the view of the same name. */
    public Catalog withView(ViewInfo view) {
        return with(nodes, schemes, tables, replaceOrAdd(views, view, v -> v.name().equals(view.name())), databases);
    }

    public Catalog withoutView(String name) {
        String wanted = Names.normalize(name);
        view(name);
        return with(nodes, schemes, tables, views.stream().filter(v -> !v.name().equals(wanted)).toList(), databases);
    }

    /** Adds the database, or replaces the database of the same name ({@code default} cannot be changed). */
    public Catalog withDatabase(DatabaseInfo database) {
        if (database.name().equals(Names.DEFAULT_DATABASE)) {
            throw new CatalogException("The database 'default' always exists and cannot be changed");
        }
        return with(nodes, schemes, tables, views, replaceOrAdd(databases, database, d -> d.name().equals(database.name())));
    }

    /** Removes an empty database; its tables and views must have been removed first. */
    public Catalog withoutDatabase(String name) {
        DatabaseInfo d = database(name);
        if (d.name().equals(Names.DEFAULT_DATABASE)) {
            throw new CatalogException("The database 'default' cannot be dropped");
        }
        if (!tablesIn(d.name()).isEmpty() || !viewsIn(d.name()).isEmpty()) {
            throw new CatalogException("Database '" + d.name() + "' is not empty");
        }
        // a database's functions go with it (they are names only; their jars are not touched)
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy, nodes, schemes, tables, views,
                databases.stream().filter(x -> !x.name().equals(d.name())).toList(),
                functions.stream().filter(f -> !Names.databaseOf(f.name()).equals(d.name())).toList(), loads);
    }

    /** Adds the permanent function, or replaces the function of the same name. */
    public Catalog withFunction(FunctionInfo function) {
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy, nodes, schemes, tables, views, databases,
                replaceOrAdd(functions, function, f -> f.name().equals(function.name())), loads);
    }

    /** Removes the permanent function {@code name}, which must exist. */
    public Catalog withoutFunction(String name) {
        String wanted = Names.normalize(name);
        if (findFunction(wanted).isEmpty()) {
            throw new CatalogException("Function '" + name + "' does not exist"
                    + Names.didYouMean(wanted, functions.stream().map(FunctionInfo::name).toList()));
        }
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy, nodes, schemes, tables, views, databases,
                functions.stream().filter(f -> !f.name().equals(wanted)).toList(), loads);
    }

    /** Adds the node, or replaces the node with the same id. */
    public Catalog withNode(NodeInfo node) {
        return with(replaceOrAdd(nodes, node, n -> n.id().equals(node.id())), schemes, tables, views, databases);
    }

    public Catalog withoutNode(String id) {
        node(id);
        return with(nodes.stream().filter(n -> !n.id().equals(id)).toList(), schemes, tables, views, databases);
    }

    /** Adds the scheme, or replaces the scheme with the same id. */
    public Catalog withScheme(PartitioningScheme scheme) {
        return with(nodes, replaceOrAdd(schemes, scheme, s -> s.id().equals(scheme.id())), tables, views, databases);
    }

    /** This snapshot stamped as published version {@code newVersion}. */
    public Catalog asPublished(long newVersion, String at, String by) {
        return new Catalog(FORMAT_VERSION, newVersion, cluster, at, by, nodes, schemes, tables, views, databases, functions, loads);
    }

    /** This snapshot with other contents (same version and stamps). */
    public Catalog with(List<NodeInfo> newNodes, List<PartitioningScheme> newSchemes, List<TableInfo> newTables,
                        List<ViewInfo> newViews, List<DatabaseInfo> newDatabases) {
        return new Catalog(formatVersion, version, cluster, publishedAt, publishedBy, newNodes, newSchemes, newTables,
                newViews, newDatabases, functions, loads);
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
