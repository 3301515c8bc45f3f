package org.hadoopdb.loader.table;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.TableStats;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.LoaderException;
import org.hadoopdb.loader.physical.ChunkSql;
import org.hadoopdb.loader.physical.Generations;
import org.hadoopdb.loader.physical.LoadLock;
import org.hadoopdb.loader.physical.PhysicalNames;
import org.hadoopdb.loader.physical.SchemaTag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Changes to a table's name or columns ({@code ALTER TABLE … RENAME TO / ADD COLUMNS / CHANGE}) and
 * {@code TRUNCATE}, published atomically like a load: readers see the table as it was or as it is
 * afterwards, never a mixture.
 *
 * <p>A chunk table is named after its logical table and its columns after the logical columns
 * (docs/physical-layout.md), which the chunk SQL, the loader's appends and garbage collection all
 * rely on. A change of names or columns therefore writes a new generation: on every node, each copy
 * of each chunk is copied into the new generation's schema with the new names (and NULL in added
 * columns), in the node's own database; then the catalog version naming the new generation is
 * published, and the old generation is dropped once no retained catalog version needs it. Queries
 * running meanwhile keep reading the old generation, untouched. A table without chunks (never loaded,
 * or truncated), or a change of comments or properties only, changes in the catalog only.
 */
public final class TableRewrite {
    private static final Logger LOG = LoggerFactory.getLogger(TableRewrite.class);

    private final HadoopDbConfig config;
    private final CatalogStore store;

    public TableRewrite(HadoopDbConfig config) {
        this.config = config;
        this.store = config.home().catalogStore();
    }

    /**
     * Replaces table {@code name} by {@code target} (which may have another name, renamed or added
     * columns, other properties; its chunks, generation and statistics are ignored).
     *
     * @param sources for each of {@code target}'s columns, the current column whose values it takes,
     *                or null for a new column (NULL in every existing row)
     * @return the table as published
     * @throws LoaderException when the table is missing, the new name is taken, a node fails, or the
     *                         table changed meanwhile; nothing is published then
     */
    public TableInfo rewrite(String name, TableInfo target, List<String> sources) {
        if (sources.size() != target.columns().size()) {
            throw new IllegalArgumentException("one source per target column expected");
        }
        String loadId = PhysicalNames.newLoadId();
        Duration timeout = config.get(ConfigKeys.LOAD_LOCK_TIMEOUT);
        try (LoadLock lock = LoadLock.acquire(store.directory(), config.hadoopConf(), name, loadId, "alter", timeout);
             LoadLock newName = target.name().equals(name) ? null
                     : LoadLock.acquire(store.directory(), config.hadoopConf(), target.name(), loadId, "alter", timeout)) {
            Catalog base = store.load();
            TableInfo current = existing(base, name);
            checkNameFree(base, name, target.name());
            TableStats stats = renamedStats(current.stats(), target, sources);
            if (current.chunks().isEmpty() || samePhysicalShape(current, target, sources)) {
                TableInfo next = withData(target, current.chunks(), stats, current.generation());
                return publish(name, current, next);
            }
            long generation = Generations.next(store, target.name(), target.name().equals(name) ? current.generation() : 0);
            TableInfo next = withData(target, chunksOf(current, target.name(), generation), stats, generation);
            SchemaTag tag = new SchemaTag(loadId, target.name(), generation);
            try {
                copyChunks(base, current, next, sources, List.of(), tag);
                TableInfo published = publish(name, current, next);
                collectGarbage(name);
                return published;
            } catch (RuntimeException e) {
                dropQuietly(base, next, e);
                throw e;
            }
        }
    }

    /**
     * Empties the table: publishes a generation without chunks (reading it gives no rows, as before
     * the first load); queries that started earlier keep reading the old rows, which are dropped once
     * no retained catalog version needs them.
     */
    public TableInfo truncate(String name) {
        Duration timeout = config.get(ConfigKeys.LOAD_LOCK_TIMEOUT);
        try (LoadLock lock = LoadLock.acquire(store.directory(), config.hadoopConf(), name, PhysicalNames.newLoadId(),
                "truncate", timeout)) {
            TableInfo current = existing(store.load(), name);
            long generation = Generations.next(store, current.name(), current.generation());
            TableInfo published = publish(name, current, current.withData(List.of(), TableStats.EMPTY, generation));
            collectGarbage(name);
            return published;
        }
    }

    /**
     * Removes the rows of some partitions ({@code ALTER TABLE … DROP PARTITION}, {@code TRUNCATE TABLE … PARTITION}):
     * every chunk is copied into a new generation without them, and the table is published with
     * {@code partitions} as its partition list. Queries that started earlier keep reading the old rows.
     *
     * @param rowsOf     the partitions whose rows go
     * @param partitions how to change the partition list, given the current one (which ADD PARTITION may have changed)
     */
    public TableInfo removePartitionRows(String name, List<org.hadoopdb.catalog.model.PartitionInfo> rowsOf,
                                         java.util.function.UnaryOperator<List<org.hadoopdb.catalog.model.PartitionInfo>> partitions) {
        String loadId = PhysicalNames.newLoadId();
        try (LoadLock lock = LoadLock.acquire(store.directory(), config.hadoopConf(), name, loadId, "alter",
                config.get(ConfigKeys.LOAD_LOCK_TIMEOUT))) {
            Catalog base = store.load();
            TableInfo current = existing(base, name);
            if (current.chunks().isEmpty() || rowsOf.isEmpty()) {
                return publishPartitions(name, current, current, partitions);
            }
            long generation = Generations.next(store, name, current.generation());
            TableInfo next = current.withData(chunksOf(current, name, generation), current.stats(), generation);
            try {
                Map<Integer, Long> rows = copyChunks(base, current, next, current.columnNames(), rowsOf,
                        new SchemaTag(loadId, name, generation));
                TableInfo counted = withRowCounts(next, rows);
                TableInfo published = publishPartitions(name, current, counted, partitions);
                collectGarbage(name);
                return published;
            } catch (RuntimeException e) {
                dropQuietly(base, next, e);
                throw e;
            }
        }
    }

    /** {@code current}'s chunks, on the same nodes, as table {@code name}'s generation {@code generation} names them. */
    private static List<ChunkInfo> chunksOf(TableInfo current, String name, long generation) {
        List<ChunkInfo> chunks = new ArrayList<>();
        for (ChunkInfo c : current.chunks()) {
            String schema = current.isReplicated() ? PhysicalNames.replicatedSchema(name, generation)
                    : PhysicalNames.chunkSchema(name, generation, c.index());
            chunks.add(new ChunkInfo(c.index(), schema, name, c.primary(), c.replicas(), c.rows(), c.bytes()));
        }
        return chunks;
    }

    /** The chunks with the rows each now holds, and the table's row count and size scaled to match. */
    private static TableInfo withRowCounts(TableInfo table, Map<Integer, Long> rows) {
        List<ChunkInfo> chunks = new ArrayList<>();
        long before = 0;
        long after = 0;
        long bytes = 0;
        for (ChunkInfo c : table.chunks()) {
            long n = rows.getOrDefault(c.index(), c.rows());
            long size = c.rows() == 0 ? 0 : Math.round((double) c.bytes() * n / c.rows());
            chunks.add(new ChunkInfo(c.index(), c.schema(), c.table(), c.primary(), c.replicas(), n, size));
            before += c.rows();
            after += n;
            bytes += size;
        }
        TableStats s = table.stats();
        long statBytes = before == 0 ? bytes : Math.round((double) s.bytes() * after / before);
        return table.withData(chunks, new TableStats(after, statBytes, s.columns()), table.generation());
    }

    private TableInfo publishPartitions(String name, TableInfo current, TableInfo next,
                                        java.util.function.UnaryOperator<List<org.hadoopdb.catalog.model.PartitionInfo>> partitions) {
        try {
            Catalog published = store.update("change partitions of " + name, c -> {
                TableInfo now = unchanged(c, name, current);
                return c.withoutTable(name).withTable(next.withPartitions(partitions.apply(now.partitions())));
            });
            return published.table(name);
        } catch (CatalogException e) {
            throw new LoaderException("Cannot change the partitions of table '" + name + "': " + e.getMessage(), e);
        }
    }

    /** The table as {@code catalog} has it, when it is still as {@code current} was read; the statement's error otherwise. */
    private static TableInfo unchanged(Catalog catalog, String name, TableInfo current) {
        TableInfo now = existing(catalog, name);
        if (now.generation() != current.generation() || !now.columns().equals(current.columns())
                || !Objects.equals(now.chunks(), current.chunks())) {
            throw new LoaderException("Table '" + name + "' was changed meanwhile; nothing was changed: try again");
        }
        return now;
    }

    private static TableInfo existing(Catalog catalog, String name) {
        return catalog.findTable(name).orElseThrow(() -> new LoaderException("Table '" + name + "' does not exist"
                + org.hadoopdb.catalog.Names.didYouMean(name, catalog.tableNames())));
    }

    private static void checkNameFree(Catalog catalog, String name, String newName) {
        if (!newName.equals(name) && catalog.hasRelation(newName)) {
            throw new LoaderException("Cannot rename table '" + name + "' to '" + newName + "': a "
                    + (catalog.findView(newName).isPresent() ? "view" : "table") + " of that name exists");
        }
    }

    private static TableInfo withData(TableInfo target, List<ChunkInfo> chunks, TableStats stats, long generation) {
        return new TableInfo(target.name(), target.columns(), target.distribution(), target.scheme(), target.partitionKeys(),
                target.sortColumns(), target.indexColumns(), target.properties(), generation, stats, chunks,
                target.partitionColumns(), target.partitions());
    }

    /** Whether the chunk tables would be the same: the same table and column names and types, in the same order. */
    private static boolean samePhysicalShape(TableInfo current, TableInfo target, List<String> sources) {
        if (!current.name().equals(target.name()) || current.columns().size() != target.columns().size()
                || !current.indexColumns().equals(target.indexColumns()) || !current.sortColumns().equals(target.sortColumns())) {
            return false;
        }
        for (int i = 0; i < sources.size(); i++) {
            ColumnInfo was = current.columns().get(i);
            ColumnInfo is = target.columns().get(i);
            if (!was.name().equals(sources.get(i)) || !was.name().equals(is.name()) || !was.type().equals(is.type())) {
                return false;
            }
        }
        return true;
    }

    /** The statistics under the new column names; a new column is all NULL. */
    private static TableStats renamedStats(TableStats stats, TableInfo target, List<String> sources) {
        List<org.hadoopdb.catalog.model.ColumnStats> columns = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            String source = sources.get(i);
            String column = target.columns().get(i).name();
            if (source != null) {
                stats.column(source).ifPresent(cs -> columns.add(new org.hadoopdb.catalog.model.ColumnStats(column,
                        cs.distinct(), cs.nullFraction(), cs.avgWidth(), cs.min(), cs.max())));
            } else {
                // an added column is NULL in every existing row: that much is known
                columns.add(new org.hadoopdb.catalog.model.ColumnStats(column, 0, 1.0, 0, null, null));
            }
        }
        return new TableStats(stats.rows(), stats.bytes(), columns);
    }

    /**
     * Copies every copy of every chunk into the new generation, one transaction per copy, without the rows of
     * the {@code without} partitions; returns the rows of each chunk's primary copy.
     */
    private Map<Integer, Long> copyChunks(Catalog catalog, TableInfo current, TableInfo next, List<String> sources,
                                          List<org.hadoopdb.catalog.model.PartitionInfo> without, SchemaTag tag) {
        Map<Integer, Long> rows = new java.util.HashMap<>();
        Map<String, List<Integer>> perNode = chunksPerNode(next);
        Set<String> descending = descendingSortColumns(next);
        String select = selectList(next, sources);
        try (NodePools pools = new NodePools(config)) {
            for (Map.Entry<String, List<Integer>> e : perNode.entrySet()) {
                try (Connection c = pools.connect(catalog.node(e.getKey()))) {
                    c.setAutoCommit(false);
                    for (int index : e.getValue()) {
                        ChunkInfo from = chunk(current, index, e.getKey());
                        ChunkInfo to = chunk(next, index, e.getKey());
                        ChunkSql.createTable(c, to.schema(), next, tag);
                        long copied = ChunkSql.copyRows(c, from.qualifiedName(), current, without, to.qualifiedName(), next,
                                select);
                        if (to.primary().equals(e.getKey())) {
                            rows.put(index, copied);
                        }
                        ChunkSql.buildIndexes(c, to.schema(), next, descending, false);
                        ChunkSql.analyze(c, to.schema(), next);
                        c.commit();
                    }
                } catch (SQLException ex) {
                    throw new LoaderException("Cannot copy table '" + current.name() + "' into its new generation on node "
                            + e.getKey() + ": " + ex.getMessage(), ex);
                }
            }
        }
        return rows;
    }

    /** The node's copy of chunk {@code index}: the chunk itself, or (replicated tables) the node's own copy. */
    private static ChunkInfo chunk(TableInfo table, int index, String node) {
        for (ChunkInfo c : table.chunks()) {
            if (c.index() == index && c.nodes().contains(node)) {
                return c;
            }
        }
        throw new LoaderException("Table '" + table.name() + "' has no copy of chunk " + index + " on node " + node);
    }

    private static Map<String, List<Integer>> chunksPerNode(TableInfo table) {
        Map<String, List<Integer>> perNode = new LinkedHashMap<>();
        for (ChunkInfo c : table.chunks()) {
            for (String node : c.nodes()) {
                perNode.computeIfAbsent(node, k -> new ArrayList<>()).add(c.index());
            }
        }
        return perNode;
    }

    private static String selectList(TableInfo next, List<String> sources) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < sources.size(); i++) {
            ColumnInfo column = next.columns().get(i);
            sb.append(i == 0 ? "" : ", ");
            sb.append(sources.get(i) == null ? "NULL::" + column.type().postgresType() : PhysicalNames.quote(sources.get(i)));
        }
        return sb.toString();
    }

    private static Set<String> descendingSortColumns(TableInfo table) {
        Set<String> out = new java.util.HashSet<>();
        table.property(TableProperties.SORT_DESCENDING).ifPresent(v -> {
            for (String s : v.split(",")) {
                if (!s.isBlank()) {
                    out.add(s.trim().toLowerCase(java.util.Locale.ROOT));
                }
            }
        });
        return out;
    }

    /** Publishes {@code next} in place of table {@code name}, unless the table changed since {@code current} was read. */
    private TableInfo publish(String name, TableInfo current, TableInfo next) {
        try {
            Catalog published = store.update("alter table " + name, c -> {
                unchanged(c, name, current);
                checkNameFree(c, name, next.name());
                return c.withoutTable(name).withTable(next);
            });
            return published.table(next.name());
        } catch (CatalogException e) {
            throw new LoaderException("Cannot change table '" + name + "': " + e.getMessage(), e);
        }
    }

    private void dropQuietly(Catalog catalog, TableInfo next, RuntimeException failure) {
        try (NodePools pools = new NodePools(config)) {
            for (Map.Entry<String, List<Integer>> e : chunksPerNode(next).entrySet()) {
                try (Connection c = pools.connect(catalog.node(e.getKey()))) {
                    for (int index : e.getValue()) {
                        ChunkSql.dropSchema(c, chunk(next, index, e.getKey()).schema());
                    }
                }
            }
        } catch (SQLException | RuntimeException e) {
            // 'hadoopdb cluster gc' drops what is left: the schemas are tagged and no catalog version names them
            failure.addSuppressed(e);
        }
    }

    private void collectGarbage(String table) {
        try (NodePools pools = new NodePools(config)) {
            new org.hadoopdb.loader.physical.GarbageCollector(config).collect(table, pools).problems()
                    .forEach(p -> LOG.warn("After changing table '{}': {}", table, p));
        } catch (RuntimeException e) {
            LOG.warn("Garbage collection after changing table {} failed ({}); 'hadoopdb cluster gc' will retry", table,
                    e.getMessage());
        }
    }
}
