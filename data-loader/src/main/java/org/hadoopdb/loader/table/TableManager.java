package org.hadoopdb.loader.table;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.KeyFamily;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.Property;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.partition.Schemes;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.LoaderException;
import org.hadoopdb.loader.physical.GarbageCollector;
import org.hadoopdb.loader.physical.GarbageCollector.GcReport;
import org.hadoopdb.loader.physical.LoadLock;
import org.hadoopdb.loader.physical.PhysicalNames;
import org.hadoopdb.loader.text.TextFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates and drops tables ({@code CREATE TABLE}, {@code DROP TABLE}) and collects the garbage their
 * loads leave. Creating a table only writes the catalog: its chunks appear with the first load.
 * A hashed or random table gets the partitioning scheme of its key types and layout, shared with every
 * table of the same key types and layout ({@code Schemes.forLayout}), so such tables are co-located.
 *
 * <pre>{@code
 * TableManager tables = new TableManager(config);
 * tables.create(TableDefinition.builder("rankings").column("pagerank", "int").column("pageurl", "varchar(100)")
 *         .hashedBy("pageurl").build(), false);
 * tables.drop("rankings", true);
 * }</pre>
 */
public final class TableManager {
    private static final Logger LOG = LoggerFactory.getLogger(TableManager.class);

    private final HadoopDbConfig config;
    private final CatalogStore store;

    public TableManager(HadoopDbConfig config) {
        this.config = config;
        this.store = config.home().catalogStore();
    }

    /**
     * Adds the table to the catalog.
     *
     * @param ifNotExists when true, an existing table of that name is left as it is (and returned)
     * @return the table as published
     * @throws LoaderException when the definition is inconsistent or the table exists
     */
    public TableInfo create(TableDefinition def, boolean ifNotExists) {
        Resolved r = resolve(def);
        try {
            Catalog published = store.update("create table " + def.name(), c -> {
                if (c.findTable(def.name()).isPresent()) {
                    if (ifNotExists) {
                        return c;
                    }
                    throw new LoaderException("Table '" + def.name() + "' already exists (use IF NOT EXISTS, or drop it first)");
                }
                if (c.nodes().isEmpty()) {
                    throw new LoaderException("The cluster has no nodes: initialise it ('hadoopdb cluster init') before creating tables");
                }
                PartitioningScheme scheme = null;
                if (r.distribution != Distribution.REPLICATED && r.distribution != Distribution.EXTERNAL) {
                    scheme = Schemes.forLayout(c, r.families, chunksPerNode(r, c.nodes().size()),
                            replication(def.name(), r.replication, c.nodes()));
                }
                TableInfo t = TableInfo.created(def.name(), def.columns(), r.distribution, scheme == null ? null : scheme.id(),
                        def.partitionKeys(), def.sortColumns().stream().map(TableDefinition.SortColumn::name).toList(),
                        r.indexColumns, r.properties).withPartitionColumns(def.partitionColumns());
                Catalog next = c;
                if (scheme != null && c.findScheme(scheme.id()).isEmpty()) {
                    next = next.withScheme(scheme);
                }
                return next.withTable(t);
            });
            return published.table(def.name());
        } catch (CatalogException e) {
            throw new LoaderException("Cannot create table '" + def.name() + "': " + e.getMessage(), e);
        }
    }

    /**
     * Removes the table from the catalog, then drops its chunk schemas that no retained catalog
     * version references any more (queries that started on an earlier version keep their data until
     * that version is pruned; {@code hadoopdb cluster gc} drops them then).
     *
     * @return false when the table did not exist and {@code ifExists} is true
     */
    public boolean drop(String name, boolean ifExists) {
        String table = org.hadoopdb.catalog.Names.normalize(name);
        if (store.load().findTable(table).isEmpty()) {
            if (ifExists) {
                return false;
            }
            throw new LoaderException("Table '" + name + "' does not exist" + org.hadoopdb.catalog.Names.didYouMean(name,
                    store.load().tableNames()));
        }
        Duration timeout = config.get(ConfigKeys.LOAD_LOCK_TIMEOUT);
        try (LoadLock lock = LoadLock.acquire(store.directory(), config.hadoopConf(), table, PhysicalNames.newLoadId(), "drop", timeout)) {
            store.update("drop table " + table, c -> c.findTable(table).isEmpty() ? c : c.withoutTable(table));
            GcReport gc = collectGarbage(table);
            gc.problems().forEach(p -> LOG.warn("After dropping table '{}': {}", table, p));
        }
        return true;
    }

    /** Drops unused chunk schemas of every table (or of {@code table} when not null). */
    public GcReport collectGarbage(String table) {
        try (NodePools pools = new NodePools(config)) {
            return new GarbageCollector(config).collect(table, pools);
        }
    }

    // ---- resolution of the definition ----------------------------------------------------------

    private record Resolved(Distribution distribution, List<KeyFamily> families, Integer chunksPerNode, Integer buckets,
                            Integer replication, Long maxChunkSize, List<Property> properties, List<String> indexColumns) {
    }

    private Resolved resolve(TableDefinition def) {
        String t = def.name();
        if (def.columns().isEmpty()) {
            throw new LoaderException("Table '" + t + "' needs at least one column");
        }
        Set<String> names = new HashSet<>();
        for (ColumnInfo c : def.columns()) {
            if (!names.add(c.name())) {
                throw new LoaderException("Table '" + t + "' has two columns named '" + c.name() + "'");
            }
        }
        Map<String, String> props = new LinkedHashMap<>();
        def.properties().forEach((k, v) -> props.put(k.toLowerCase(Locale.ROOT), v));

        Distribution distribution = def.distribution();
        if (distribution == null && props.containsKey(TableProperties.DISTRIBUTION)) {
            distribution = TableProperties.distribution(t, props.get(TableProperties.DISTRIBUTION));
        }
        if (distribution == null) {
            distribution = def.partitionKeys().isEmpty() ? Distribution.RANDOM : Distribution.HASH;
        }
        if (distribution == Distribution.HASH && def.partitionKeys().isEmpty()) {
            throw new LoaderException("Table '" + t + "' is hash-distributed but has no partitioning key (CLUSTERED BY (column))");
        }
        if (distribution != Distribution.HASH && !def.partitionKeys().isEmpty()) {
            throw new LoaderException("Table '" + t + "' is " + distribution.name().toLowerCase(Locale.ROOT)
                    + " but names partitioning key(s) " + def.partitionKeys() + "; drop CLUSTERED BY or the "
                    + TableProperties.DISTRIBUTION + " property");
        }
        checkColumns(def, "partitioning key", def.partitionKeys(), names);
        checkColumns(def, "sort column", def.sortColumns().stream().map(TableDefinition.SortColumn::name).toList(), names);
        checkColumns(def, "index column", def.indexColumns(), names);
        List<String> indexColumns = partitionIndexes(def);

        List<KeyFamily> families = new ArrayList<>();
        for (String k : def.partitionKeys()) {
            families.add(KeyFamily.of(def.columns().stream().filter(c -> c.name().equals(k)).findFirst().orElseThrow().type()));
        }
        Integer cpn = def.chunksPerNode() != null ? def.chunksPerNode() : TableProperties.positiveInt(t, props, TableProperties.CHUNKS_PER_NODE);
        Integer buckets = def.buckets() != null ? def.buckets() : TableProperties.positiveInt(t, props, TableProperties.BUCKETS);
        Integer repl = def.replication() != null ? def.replication() : TableProperties.positiveInt(t, props, TableProperties.REPLICATION);
        Long maxChunk = def.maxChunkSize() != null ? def.maxChunkSize() : TableProperties.size(t, props, TableProperties.MAX_CHUNK_SIZE);
        if (cpn != null && cpn < 1 || buckets != null && buckets < 1 || repl != null && repl < 1) {
            throw new LoaderException("Table '" + t + "': chunks per node, buckets and replication must be at least 1");
        }
        if (distribution == Distribution.EXTERNAL && (cpn != null || buckets != null || repl != null || maxChunk != null
                || !def.sortColumns().isEmpty() || !def.indexColumns().isEmpty() || !def.partitionColumns().isEmpty()
                || props.getOrDefault(TableInfo.LOCATION, "").isBlank())) {
            throw new LoaderException("Table '" + t + "' is external (delimited text files read where they are, at its "
                    + TableInfo.LOCATION + "): it needs a location and takes no chunks, buckets, replication, sort, index or"
                    + " partition columns");
        }
        if (distribution == Distribution.REPLICATED && (cpn != null || buckets != null || repl != null)) {
            throw new LoaderException("Table '" + t + "' is replicated (a full copy on every node): it takes no chunks per node, "
                    + "buckets or replication");
        }

        // the stored properties: the user's, the text format, then the resolved layout
        Map<String, String> stored = new LinkedHashMap<>(props);
        for (String k : List.of(TableProperties.DISTRIBUTION, TableProperties.CHUNKS_PER_NODE, TableProperties.BUCKETS,
                TableProperties.REPLICATION, TableProperties.MAX_CHUNK_SIZE, TableProperties.SORT_DESCENDING)) {
            stored.remove(k);
        }
        if (def.format() != null) {
            stored.putAll(def.format().toProperties());
        }
        TextFormat.fromProperties(stored); // rejects a malformed format now, not at the first load
        if (distribution != Distribution.EXTERNAL) {
            stored.put(TableProperties.DISTRIBUTION, distribution.name().toLowerCase(Locale.ROOT));
        }
        if (cpn != null) {
            stored.put(TableProperties.CHUNKS_PER_NODE, cpn.toString());
        }
        if (buckets != null) {
            stored.put(TableProperties.BUCKETS, buckets.toString());
        }
        if (repl != null) {
            stored.put(TableProperties.REPLICATION, repl.toString());
        }
        if (maxChunk != null) {
            stored.put(TableProperties.MAX_CHUNK_SIZE, Long.toString(maxChunk));
        }
        StringJoiner desc = new StringJoiner(",");
        def.sortColumns().stream().filter(s -> !s.ascending()).forEach(s -> desc.add(s.name()));
        if (desc.length() > 0) {
            stored.put(TableProperties.SORT_DESCENDING, desc.toString());
        }
        if (def.comment() != null) {
            stored.put(TableProperties.COMMENT, def.comment());
        }
        List<Property> properties = new ArrayList<>();
        stored.forEach((k, v) -> properties.add(new Property(k, v)));
        return new Resolved(distribution, families, cpn, buckets, repl, maxChunk, properties, indexColumns);
    }

    /**
     * The index columns, with every partition column added: a query of one partition (the usual
     * {@code WHERE dt = …}) then reads its rows through an index in each chunk instead of the whole chunk.
     * A partition column is of a type with one text form and is not the partitioning key (all the rows
     * of a partition would hash to one node), as in Hive, where it cannot be a bucketing column.
     */
    private static List<String> partitionIndexes(TableDefinition def) {
        String t = def.name();
        List<String> partitionColumns = def.partitionColumns();
        List<String> names = def.columns().stream().map(ColumnInfo::name).toList();
        if (!partitionColumns.isEmpty() && (partitionColumns.size() >= names.size()
                || !names.subList(names.size() - partitionColumns.size(), names.size()).equals(partitionColumns))) {
            throw new LoaderException("Table '" + t + "': the partition columns " + partitionColumns
                    + " must be its last columns, after at least one other column");
        }
        List<String> out = new ArrayList<>(def.indexColumns());
        for (String p : partitionColumns) {
            ColumnInfo c = def.columns().get(names.indexOf(p));
            if (!org.hadoopdb.catalog.model.PartitionValues.allowed(c.type())) {
                throw new LoaderException("Table '" + t + "': partition column '" + p + "' is " + c.type()
                        + "; a partition column is " + org.hadoopdb.catalog.model.PartitionValues.allowedTypes());
            }
            if (def.partitionKeys().contains(p)) {
                throw new LoaderException("Table '" + t + "': partition column '" + p + "' cannot be a CLUSTERED BY column"
                        + " (every row of a partition would be on one node); cluster by a column of the rows instead");
            }
            boolean sorted = def.sortColumns().size() == 1 && def.sortColumns().get(0).name().equals(p);
            if (!out.contains(p) && !sorted) {
                out.add(p);
            }
        }
        return out;
    }

    private static void checkColumns(TableDefinition def, String role, List<String> cols, Set<String> names) {
        for (String c : cols) {
            if (!names.contains(c)) {
                throw new LoaderException("Table '" + def.name() + "': " + role + " '" + c + "' is not one of its columns"
                        + org.hadoopdb.catalog.Names.didYouMean(c, names));
            }
        }
    }

    private int chunksPerNode(Resolved r, int nodes) {
        if (r.chunksPerNode != null) {
            return r.chunksPerNode;
        }
        if (r.buckets != null) {
            return (r.buckets + nodes - 1) / nodes;
        }
        return config.get(ConfigKeys.LOAD_CHUNKS_PER_NODE);
    }

    /**
     * Replication: the table's, else {@code hadoopdb.load.replication}, else 1 when every node is
     * embedded (one machine: a copy protects nothing) and 2 otherwise; a default never exceeds the
     * node count, an explicit value must not.
     */
    int replication(String table, Integer explicit, List<NodeInfo> nodes) {
        Integer wanted = explicit != null ? explicit : config.getIfSet(ConfigKeys.LOAD_REPLICATION).orElse(null);
        if (wanted != null) {
            if (wanted > nodes.size()) {
                throw new LoaderException("Table '" + table + "': replication " + wanted + " needs at least " + wanted
                        + " nodes, the cluster has " + nodes.size());
            }
            return wanted;
        }
        boolean allEmbedded = nodes.stream().allMatch(NodeInfo::embedded);
        return Math.min(allEmbedded ? 1 : 2, nodes.size());
    }
}
