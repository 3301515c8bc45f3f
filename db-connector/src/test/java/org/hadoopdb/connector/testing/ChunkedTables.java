package org.hadoopdb.connector.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.KeyFamily;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.TableStats;
import org.hadoopdb.catalog.partition.ChunkPlacement;
import org.hadoopdb.catalog.partition.KeyHasher;
import org.hadoopdb.catalog.partition.Schemes;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.connector.row.CopyTextEncoder;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.postgresql.PGConnection;

/**
 * Lays out small tables on a test cluster exactly as the data loader does ({@code docs/physical-layout.md}):
 * rows placed by the partitioning hash, a schema per chunk holding a table named after the logical
 * table, every copy on its replica nodes, the catalog published. For tests of the layers that read
 * chunks; the loader's own tests cover loading.
 *
 * <pre>{@code
 * ChunkedTables.hashed(cluster, "visits", schema, "url", 2, 2, rows);
 * ChunkedTables.replicated(cluster, "countries", schema, rows);
 * }</pre>
 */
public final class ChunkedTables {
    private ChunkedTables() {
    }

    /** A table hash-partitioned on {@code key} over all nodes, {@code chunksPerNode} chunks each, {@code replication} copies. */
    public static TableInfo hashed(TestClusters.TestCluster cluster, String name, RowSchema schema, String key,
                                   int chunksPerNode, int replication, List<Row> rows) {
        CatalogStore store = cluster.config().home().catalogStore();
        Catalog base = store.load();
        int keyIndex = schema.fieldIndex(key);
        PartitioningScheme scheme = Schemes.forLayout(base, List.of(KeyFamily.of(schema.type(keyIndex))), chunksPerNode, replication);
        TableInfo created = TableInfo.created(name, columns(schema), Distribution.HASH, scheme.id(), List.of(key), List.of(),
                List.of(), List.of());
        long generation = base.findTable(name).map(t -> t.generation() + 1).orElse(1L);
        KeyHasher hasher = new KeyHasher(scheme, List.of(schema.type(keyIndex)));
        Map<Integer, List<Row>> byChunk = new HashMap<>();
        for (Row r : rows) {
            byChunk.computeIfAbsent(hasher.chunk(r.get(keyIndex)), c -> new ArrayList<>()).add(r);
        }
        List<ChunkInfo> chunks = new ArrayList<>();
        for (int c = 0; c < scheme.chunkCount(); c++) {
            String physical = String.format("t_%s_g%d_c%04d", created.name(), generation, c);
            List<String> nodes = ChunkPlacement.nodesOf(scheme, c);
            List<Row> chunkRows = byChunk.getOrDefault(c, List.of());
            for (String node : nodes) {
                fill(base.node(node), physical, created.name(), schema, chunkRows);
            }
            chunks.add(new ChunkInfo(c, physical, created.name(), nodes.get(0), nodes.subList(1, nodes.size()),
                    chunkRows.size(), 8192L + 100L * chunkRows.size()));
        }
        TableInfo loaded = created.withData(chunks, new TableStats(rows.size(), 100L * rows.size(), List.of()), generation);
        store.update("test table " + name, c -> c.withScheme(scheme).withTable(loaded));
        return loaded;
    }

    /** A table with a full copy on every node. */
    public static TableInfo replicated(TestClusters.TestCluster cluster, String name, RowSchema schema, List<Row> rows) {
        CatalogStore store = cluster.config().home().catalogStore();
        Catalog base = store.load();
        TableInfo created = TableInfo.created(name, columns(schema), Distribution.REPLICATED, null, List.of(), List.of(),
                List.of(), List.of());
        long generation = base.findTable(name).map(t -> t.generation() + 1).orElse(1L);
        String physical = String.format("t_%s_g%d_r", created.name(), generation);
        List<ChunkInfo> copies = new ArrayList<>();
        for (int i = 0; i < base.nodes().size(); i++) {
            NodeInfo node = base.nodes().get(i);
            fill(node, physical, created.name(), schema, rows);
            copies.add(new ChunkInfo(i, physical, created.name(), node.id(), List.of(), rows.size(), 8192L + 100L * rows.size()));
        }
        TableInfo loaded = created.withData(copies, new TableStats(rows.size(), 100L * rows.size(), List.of()), generation);
        store.update("test table " + name, c -> c.withTable(loaded));
        return loaded;
    }

    /** A table in the catalog that was never loaded, hashed on {@code key} with the given layout. */
    public static TableInfo unloaded(TestClusters.TestCluster cluster, String name, RowSchema schema, String key,
                                     int chunksPerNode, int replication) {
        CatalogStore store = cluster.config().home().catalogStore();
        Catalog base = store.load();
        PartitioningScheme scheme = Schemes.forLayout(base,
                List.of(KeyFamily.of(schema.type(schema.fieldIndex(key)))), chunksPerNode, replication);
        TableInfo created = TableInfo.created(name, columns(schema), Distribution.HASH, scheme.id(), List.of(key), List.of(),
                List.of(), List.of());
        store.update("test table " + name, c -> c.withScheme(scheme).withTable(created));
        return created;
    }

    /** All rows into the chunk table {@code schema.table} on {@code node}, with COPY; the table is created first. */
    private static void fill(NodeInfo node, String pgSchema, String table, RowSchema rowSchema, List<Row> rows) {
        try (Connection c = TestClusters.connect(node);
             Statement st = c.createStatement()) {
            st.execute("CREATE SCHEMA IF NOT EXISTS " + quote(pgSchema));
            StringBuilder ddl = new StringBuilder("CREATE TABLE IF NOT EXISTS " + quote(pgSchema) + "." + quote(table) + " (");
            for (int i = 0; i < rowSchema.size(); i++) {
                ddl.append(i == 0 ? "" : ", ").append(quote(rowSchema.name(i))).append(' ').append(rowSchema.type(i).postgresType());
            }
            st.execute(ddl.append(')').toString());
            CopyTextEncoder encoder = new CopyTextEncoder(rowSchema);
            ByteArrayOutputStream data = new ByteArrayOutputStream();
            for (Row r : rows) {
                encoder.write(r, data);
            }
            ((PGConnection) c.unwrap(PGConnection.class)).getCopyAPI().copyIn(
                    encoder.copyStatement(quote(pgSchema) + "." + quote(table)), new java.io.ByteArrayInputStream(data.toByteArray()));
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("Cannot fill " + pgSchema + "." + table + " on " + node.id() + ": " + e.getMessage(), e);
        }
    }

    private static List<ColumnInfo> columns(RowSchema schema) {
        List<ColumnInfo> out = new ArrayList<>();
        for (int i = 0; i < schema.size(); i++) {
            out.add(new ColumnInfo(schema.name(i), schema.type(i)));
        }
        return out;
    }

    private static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

}
