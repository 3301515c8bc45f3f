package org.hadoopdb.loader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.connector.row.ResultSetRowReader;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.loader.physical.PhysicalNames;

/** Shared helpers of the loader's integration tests: the 3-node test cluster, unique names, reading chunks back. */
final class LoadTesting {
    private static final AtomicInteger SEQ = new AtomicInteger();

    private LoadTesting() {
    }

    static TestClusters.TestCluster cluster() {
        return TestClusters.shared(3);
    }

    static HadoopDbConfig config() {
        return cluster().config();
    }

    static Catalog catalog() {
        return config().home().catalogStore().load();
    }

    /** A table name no other test uses. */
    static String uniqueName(String base) {
        return base + "_" + ProcessHandle.current().pid() + "_" + SEQ.incrementAndGet();
    }

    static Path write(Path file, List<String> lines) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }

    /** All rows of one copy of a chunk, as typed rows of the table's schema. */
    static List<Row> rows(NodePools pools, TableInfo table, ChunkInfo chunk, String nodeId) throws SQLException {
        RowSchema schema = RowSchema.of(table);
        List<Row> out = new ArrayList<>();
        try (Connection c = pools.connect(catalog().node(nodeId)); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT * FROM " + PhysicalNames.qualified(chunk.schema(), chunk.table()))) {
            ResultSetRowReader reader = new ResultSetRowReader(schema, rs);
            Row row = new Row(schema);
            while (reader.next(row)) {
                out.add(row.copy());
            }
        }
        return out;
    }

    /** An order-independent fingerprint of a chunk copy's contents. */
    static String fingerprint(NodePools pools, ChunkInfo chunk, String nodeId) throws SQLException {
        try (Connection c = pools.connect(catalog().node(nodeId)); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*), coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM "
                     + PhysicalNames.qualified(chunk.schema(), chunk.table()) + " t")) {
            rs.next();
            return rs.getLong(1) + ":" + rs.getString(2);
        }
    }

    static long scalar(NodePools pools, String nodeId, String sql) throws SQLException {
        try (Connection c = pools.connect(catalog().node(nodeId)); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Schemas on a node whose names start with {@code prefix}. */
    static List<String> schemas(NodePools pools, String nodeId, String prefix) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = pools.connect(catalog().node(nodeId)); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT nspname FROM pg_namespace ORDER BY 1")) {
            while (rs.next()) {
                if (rs.getString(1).startsWith(prefix)) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }
}
