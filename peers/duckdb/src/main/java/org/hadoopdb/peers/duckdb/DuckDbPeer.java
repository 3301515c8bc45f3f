package org.hadoopdb.peers.duckdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.peers.protocol.Peer;
import org.hadoopdb.peers.protocol.PeerException;
import org.hadoopdb.peers.protocol.PeerTable;
import org.hadoopdb.peers.protocol.ResultWriter;

/**
 * DuckDB as a benchmark peer: one database file in the work directory (made afresh at start), all cores, a memory
 * limit (system property {@value #MEMORY_LIMIT_PROPERTY}, default {@value #DEFAULT_MEMORY_LIMIT}) past which DuckDB
 * spills into the work directory. Each variant is a schema of its own name:
 * <ul>
 *   <li>{@code native} (the default): each table loaded into DuckDB's own columnar storage by
 *       {@code CREATE TABLE … AS SELECT * FROM read_csv(…)} (the timed load);</li>
 *   <li>{@code text}: a view over {@code read_csv} of the files as they are; nothing is loaded, every query parses
 *       the text.</li>
 * </ul>
 * The task SQL runs unchanged, its table names resolved in the variant's schema.
 */
final class DuckDbPeer implements Peer {
    static final String NATIVE = "native";
    static final String TEXT = "text";
    static final String MEMORY_LIMIT_PROPERTY = "duckdb.memory_limit";
    static final String DEFAULT_MEMORY_LIMIT = "4GB";
    private static final String DATABASE_FILE = "bench.duckdb";

    private final Connection connection;
    private final Map<String, PeerTable> tables = new HashMap<>();

    DuckDbPeer(Path workDir) throws SQLException, IOException {
        Path database = workDir.toAbsolutePath().resolve(DATABASE_FILE);
        // a fresh database per run: the loads are timed from nothing
        Files.deleteIfExists(database);
        Files.deleteIfExists(database.resolveSibling(DATABASE_FILE + ".wal"));
        Path spill = Files.createDirectories(workDir.toAbsolutePath().resolve("spill"));
        connection = DriverManager.getConnection("jdbc:duckdb:" + database);
        try (Statement st = connection.createStatement()) {
            st.execute("SET threads = " + Runtime.getRuntime().availableProcessors());
            st.execute("SET memory_limit = " + TextScan.literal(System.getProperty(MEMORY_LIMIT_PROPERTY, DEFAULT_MEMORY_LIMIT)));
            st.execute("SET temp_directory = " + TextScan.literal(spill.toString()));
            for (String variant : variants()) {
                st.execute("CREATE SCHEMA IF NOT EXISTS " + TextScan.identifier(variant));
            }
        }
    }

    @Override
    public List<String> variants() {
        return List.of(NATIVE, TEXT);
    }

    /** Creates the text variant's view; binding it reads no data. */
    @Override
    public void define(PeerTable table) throws SQLException, IOException {
        try (Statement st = connection.createStatement()) {
            st.execute("CREATE OR REPLACE VIEW " + qualified(TEXT, table.name()) + " AS SELECT * FROM " + TextScan.of(table));
        }
        tables.put(table.name(), table);
    }

    @Override
    public void load(String table, String variant) throws SQLException, IOException {
        PeerTable t = tables.get(table);
        if (t == null) {
            throw new PeerException("Table '" + table + "' is not defined (DEFINE it before its LOAD)");
        }
        switch (checked(variant)) {
            case NATIVE -> {
                try (Statement st = connection.createStatement()) {
                    st.execute("CREATE OR REPLACE TABLE " + qualified(NATIVE, table) + " AS SELECT * FROM " + TextScan.of(t));
                }
            }
            case TEXT -> {
                // SQL over the files as they are: nothing to prepare
            }
            default -> throw new IllegalStateException(variant);
        }
    }

    @Override
    public void query(String variant, String sql, ResultWriter out) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("SET search_path = " + TextScan.literal(checked(variant)));
            try (ResultSet rs = st.executeQuery(sql)) {
                ValueText text = new ValueText(rs.getMetaData());
                String[] row = new String[text.columns()];
                while (rs.next()) {
                    for (int i = 0; i < row.length; i++) {
                        row[i] = text.of(rs, i + 1);
                    }
                    out.row(row);
                }
            }
        }
    }

    private String checked(String variant) {
        if (!variants().contains(variant)) {
            throw new PeerException("Unknown variant '" + variant + "' of duckdb: " + String.join(" or ", variants()));
        }
        return variant;
    }

    private static String qualified(String variant, String table) {
        return TextScan.identifier(variant) + "." + TextScan.identifier(table);
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
