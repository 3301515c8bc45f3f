package org.hadoopdb.loader.table;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.TableStats;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.LoaderException;
import org.hadoopdb.loader.job.NodeReport;
import org.hadoopdb.loader.physical.ChunkSql;
import org.hadoopdb.loader.physical.LoadLock;
import org.hadoopdb.loader.physical.PhysicalNames;
import org.hadoopdb.loader.stats.ColumnAccumulator;
import org.hadoopdb.loader.stats.TableStatsBuilder;

/**
 * {@code ANALYZE TABLE t COMPUTE STATISTICS [FOR COLUMNS]}: runs PostgreSQL's {@code ANALYZE} on
 * every copy of every chunk (so each node plans the chunk statements with fresh estimates), then
 * recomputes the table's statistics in the catalog from the chunks themselves, as a load computes
 * them: exact row count, size, NULL fractions, minimum and maximum (aggregated by PostgreSQL in each
 * chunk, in the C collation the loader's comparisons follow), distinct counts and widths from
 * {@code pg_stats}. The data is not changed; the table's lock keeps loads and ALTERs out meanwhile.
 */
public final class TableStatistics {
    private final HadoopDbConfig config;
    private final CatalogStore store;

    public TableStatistics(HadoopDbConfig config) {
        this.config = config;
        this.store = config.home().catalogStore();
    }

    /**
     * Refreshes the statistics of table {@code name}.
     *
     * @return the table as published with its new statistics
     * @throws LoaderException when the table does not exist, a node cannot be reached, or the table
     *                         changed meanwhile; nothing is published then
     */
    public TableInfo analyze(String name) {
        Duration timeout = config.get(ConfigKeys.LOAD_LOCK_TIMEOUT);
        try (LoadLock lock = LoadLock.acquire(store.directory(), config.hadoopConf(), name, PhysicalNames.newLoadId(),
                "analyze", timeout)) {
            Catalog base = store.load();
            TableInfo table = base.findTable(name).orElseThrow(() -> new LoaderException("Table '" + name + "' does not exist"));
            TableStats stats = table.chunks().isEmpty() ? TableStats.EMPTY : compute(base, table);
            try {
                Catalog published = store.update("analyze table " + table.name(), c -> {
                    TableInfo now = c.findTable(table.name()).orElseThrow(() -> new LoaderException(
                            "Table '" + table.name() + "' was dropped while it was analyzed"));
                    if (now.generation() != table.generation()) {
                        throw new LoaderException("Table '" + table.name() + "' was loaded while it was analyzed; analyze it again");
                    }
                    return c.withTable(now.withStats(stats));
                });
                return published.table(table.name());
            } catch (CatalogException e) {
                throw new LoaderException("Cannot publish the statistics of table '" + table.name() + "': " + e.getMessage(), e);
            }
        }
    }

    private TableStats compute(Catalog catalog, TableInfo table) {
        ColumnAccumulator[] accumulators = new ColumnAccumulator[table.columns().size()];
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i] = new ColumnAccumulator(table.columns().get(i).type());
        }
        // every copy is analyzed; one copy of each chunk (a replicated table's first) is measured
        Map<String, List<ChunkInfo>> copiesPerNode = new LinkedHashMap<>();
        for (ChunkInfo chunk : table.chunks()) {
            for (String node : table.isReplicated() ? List.of(chunk.primary()) : chunk.nodes()) {
                copiesPerNode.computeIfAbsent(node, n -> new ArrayList<>()).add(chunk);
            }
        }
        ChunkInfo onlyMeasured = table.isReplicated() ? table.chunks().get(0) : null;
        List<NodeReport.ChunkResult> measured = new ArrayList<>();
        try (NodePools pools = new NodePools(config)) {
            for (Map.Entry<String, List<ChunkInfo>> e : copiesPerNode.entrySet()) {
                try (Connection c = pools.connect(catalog.node(e.getKey()))) {
                    c.setAutoCommit(true);
                    for (ChunkInfo chunk : e.getValue()) {
                        ChunkSql.analyze(c, chunk.schema(), table);
                        boolean measures = onlyMeasured != null ? chunk == onlyMeasured : chunk.primary().equals(e.getKey());
                        if (measures) {
                            long rows = aggregate(c, chunk, table, accumulators);
                            measured.add(new NodeReport.ChunkResult(chunk.index(), e.getKey(), rows, rows,
                                    ChunkSql.totalBytes(c, chunk.schema(), table), columnResults(c, chunk, table)));
                        }
                    }
                } catch (SQLException ex) {
                    throw new LoaderException("Cannot analyze table '" + table.name() + "' on node " + e.getKey() + ": "
                            + ex.getMessage(), ex);
                }
            }
        }
        return TableStatsBuilder.build(table, false, accumulators, measured);
    }

    private static List<NodeReport.ColumnResult> columnResults(Connection c, ChunkInfo chunk, TableInfo table) throws SQLException {
        List<NodeReport.ColumnResult> out = new ArrayList<>();
        for (ChunkSql.PgColumnStats s : ChunkSql.columnStats(c, chunk.schema(), table)) {
            out.add(new NodeReport.ColumnResult(s.column(), s.nullFraction(), s.avgWidth(), s.nDistinct()));
        }
        return out;
    }

    /** Counts the chunk's rows and adds its NULL counts, minima and maxima to the accumulators. */
    private static long aggregate(Connection c, ChunkInfo chunk, TableInfo table, ColumnAccumulator[] accumulators)
            throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT count(*)");
        for (ColumnInfo col : table.columns()) {
            String q = PhysicalNames.quote(col.name());
            sql.append(", count(").append(q).append(")");
            String[] bounds = bounds(col, q);
            if (bounds != null) {
                sql.append(", ").append(bounds[0]).append(", ").append(bounds[1]);
            }
        }
        sql.append(" FROM ").append(chunk.qualifiedName());
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql.toString())) {
            rs.next();
            long rows = rs.getLong(1);
            int at = 2;
            for (int i = 0; i < table.columns().size(); i++) {
                ColumnInfo col = table.columns().get(i);
                long values = rs.getLong(at++);
                accumulators[i].addNulls(rows - values);
                if (bounds(col, "x") == null) { // binary and complex values are only counted, as a load counts them
                    accumulators[i].addOthers(values);
                    continue;
                }
                for (int b = 0; b < 2; b++, at++) {
                    add(accumulators[i], col, rs, at);
                }
            }
            return rows;
        }
    }

    /** SQL for the column's minimum and maximum in the form the accumulator takes, or null for none. */
    private static String[] bounds(ColumnInfo col, String q) {
        return switch (col.type().kind()) {
            case TINYINT, SMALLINT, INT, BIGINT -> new String[] {"min(" + q + ")::int8", "max(" + q + ")::int8"};
            case BOOLEAN -> new String[] {"min(" + q + "::int)::int8", "max(" + q + "::int)::int8"};
            case DATE -> new String[] {"(min(" + q + ") - DATE '1970-01-01')::int8", "(max(" + q + ") - DATE '1970-01-01')::int8"};
            case TIMESTAMP -> new String[] {"floor(extract(epoch FROM min(" + q + ")) * 1000000)::int8",
                    "floor(extract(epoch FROM max(" + q + ")) * 1000000)::int8"};
            case FLOAT, DOUBLE -> new String[] {"min(" + q + ")::float8", "max(" + q + ")::float8"};
            case DECIMAL -> new String[] {"min(" + q + ")", "max(" + q + ")"};
            case STRING, VARCHAR, CHAR -> new String[] {"min(" + q + " COLLATE \"C\")", "max(" + q + " COLLATE \"C\")"};
            case BINARY, ARRAY, MAP, STRUCT -> null;
        };
    }

    private static void add(ColumnAccumulator acc, ColumnInfo col, ResultSet rs, int at) throws SQLException {
        switch (col.type().kind()) {
            case FLOAT, DOUBLE -> {
                double d = rs.getDouble(at);
                if (!rs.wasNull()) {
                    acc.addDouble(d);
                }
            }
            case DECIMAL -> {
                BigDecimal d = rs.getBigDecimal(at);
                if (d != null) {
                    acc.addDecimal(d);
                }
            }
            case STRING, VARCHAR, CHAR -> {
                String s = rs.getString(at);
                if (s != null) {
                    byte[] b = s.getBytes(StandardCharsets.UTF_8);
                    acc.addBytes(b, 0, b.length);
                }
            }
            default -> {
                long v = rs.getLong(at);
                if (!rs.wasNull()) {
                    acc.addLong(v);
                }
            }
        }
    }
}
