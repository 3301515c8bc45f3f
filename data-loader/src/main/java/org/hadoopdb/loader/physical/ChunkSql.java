package org.hadoopdb.loader.physical;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.PartitionInfo;

/** The SQL the loader runs on a node to create, fill, index and inspect one copy of a chunk. */
public final class ChunkSql {
    private ChunkSql() {
    }

    /**
     * (Re)creates the schema {@code schema} holding an empty table for {@code table}'s columns, tagged
     * with {@code tag}. Dropping an existing schema first makes a retried task start from nothing
     * (a chunk's load is idempotent). Run it in the transaction that fills the table, so that
     * PostgreSQL (with {@code wal_level=minimal}) need not write the data to the WAL.
     */
    public static void createTable(Connection c, String schema, TableInfo table, SchemaTag tag) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + PhysicalNames.quote(schema) + " CASCADE");
            st.execute("CREATE SCHEMA " + PhysicalNames.quote(schema));
            st.execute("COMMENT ON SCHEMA " + PhysicalNames.quote(schema) + " IS " + literal(tag.comment()));
            st.execute(createTableSql(schema, table));
        }
    }

    static String createTableSql(String schema, TableInfo table) {
        StringBuilder sb = new StringBuilder("CREATE TABLE ").append(PhysicalNames.qualified(schema, table.name())).append(" (");
        for (int i = 0; i < table.columns().size(); i++) {
            ColumnInfo col = table.columns().get(i);
            sb.append(i == 0 ? "" : ", ").append(PhysicalNames.quote(col.name())).append(' ').append(col.type().postgresType());
        }
        return sb.append(")").toString();
    }

    /** {@code COPY "schema"."table" (cols) FROM STDIN [WITH (options)]}. */
    public static String copyIn(String schema, TableInfo table, String options) {
        return "COPY " + PhysicalNames.qualified(schema, table.name()) + " (" + columnList(table) + ") FROM STDIN"
                + (options == null || options.isEmpty() ? "" : " WITH (" + options + ")");
    }

    public static String columnList(TableInfo table) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < table.columns().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(PhysicalNames.quote(table.columns().get(i).name()));
        }
        return sb.toString();
    }

    /**
     * Copies the rows of another copy of the table on the same node (appending keeps the old rows), but
     * for the rows of the {@code excluded} partitions (a partition being replaced).
     */
    public static long copyRowsFrom(Connection c, String fromSchema, String toSchema, TableInfo table,
                                    List<PartitionInfo> excluded) throws SQLException {
        return copyRows(c, PhysicalNames.qualified(fromSchema, table.name()), table, excluded,
                PhysicalNames.qualified(toSchema, table.name()), table, columnList(table));
    }

    /**
     * {@code INSERT INTO into (target's columns) SELECT select FROM from AS r}, without the rows of the
     * {@code excluded} partitions of {@code source} (the table {@code from} is a copy of).
     *
     * @return the rows copied
     */
    public static long copyRows(Connection c, String from, TableInfo source, List<PartitionInfo> excluded, String into,
                                TableInfo target, String select) throws SQLException {
        String copy = "INSERT INTO " + into + " (" + columnList(target) + ") SELECT " + select + " FROM " + from + " AS r";
        if (excluded.isEmpty()) {
            try (Statement st = c.createStatement()) {
                return st.executeLargeUpdate(copy);
            }
        }
        try (PreparedStatement st = c.prepareStatement(copy + " WHERE NOT " + partitionMatch(source, excluded.size()))) {
            bindPartitions(st, 1, excluded);
            return st.executeLargeUpdate();
        }
    }

    /**
     * A condition true for the rows (alias {@code r}) of any of {@code count} partitions, whose values are
     * bound as text parameters by {@link #bindPartitions} ({@code IS NOT DISTINCT FROM}: NULL is a value here).
     */
    public static String partitionMatch(TableInfo table, int count) {
        List<ColumnInfo> columns = table.partitionColumnInfos();
        StringBuilder values = new StringBuilder();
        for (int p = 0; p < count; p++) {
            values.append(p == 0 ? "(" : ", (");
            for (int i = 0; i < columns.size(); i++) {
                values.append(i == 0 ? "" : ", ").append("CAST(? AS ").append(columns.get(i).type().postgresType()).append(')');
            }
            values.append(')');
        }
        StringBuilder names = new StringBuilder();
        StringBuilder match = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            names.append(i == 0 ? "" : ", ").append("p").append(i);
            match.append(i == 0 ? "" : " AND ").append("r.").append(PhysicalNames.quote(columns.get(i).name()))
                    .append(" IS NOT DISTINCT FROM v.p").append(i);
        }
        return "EXISTS (SELECT 1 FROM (VALUES " + values + ") AS v (" + names + ") WHERE " + match + ")";
    }

    /** Binds the partitions' values for {@link #partitionMatch}, from parameter {@code first}; returns the next parameter. */
    public static int bindPartitions(PreparedStatement st, int first, List<PartitionInfo> partitions) throws SQLException {
        int k = first;
        for (PartitionInfo p : partitions) {
            for (int i = 0; i < p.values().size(); i++) {
                st.setString(k++, p.isNull(i) ? null : p.values().get(i));
            }
        }
        return k;
    }

    /**
     * Builds the table's indexes: the clustered index on the sort columns, then one index per index
     * column. With {@code cluster}, the rows are rewritten in the clustered order ({@code CLUSTER});
     * without it (a replica copied in that order already) the index is only marked as clustered.
     */
    public static void buildIndexes(Connection c, String schema, TableInfo table, Set<String> descending, boolean cluster)
            throws SQLException {
        String qualified = PhysicalNames.qualified(schema, table.name());
        try (Statement st = c.createStatement()) {
            if (!table.sortColumns().isEmpty()) {
                String idx = PhysicalNames.indexName(table.name(), "sort");
                StringBuilder cols = new StringBuilder();
                for (String col : table.sortColumns()) {
                    cols.append(cols.length() == 0 ? "" : ", ").append(PhysicalNames.quote(col))
                            .append(descending.contains(col) ? " DESC" : "");
                }
                st.execute("CREATE INDEX " + PhysicalNames.quote(idx) + " ON " + qualified + " (" + cols + ")");
                if (cluster) {
                    st.execute("CLUSTER " + qualified + " USING " + PhysicalNames.quote(idx));
                } else {
                    st.execute("ALTER TABLE " + qualified + " CLUSTER ON " + PhysicalNames.quote(idx));
                }
            }
            for (String col : table.indexColumns()) {
                if (table.sortColumns().size() == 1 && table.sortColumns().get(0).equals(col)) {
                    continue; // the clustered index already serves it
                }
                st.execute("CREATE INDEX " + PhysicalNames.quote(PhysicalNames.indexName(table.name(), col)) + " ON " + qualified
                        + " (" + PhysicalNames.quote(col) + ")");
            }
        }
    }

    public static void analyze(Connection c, String schema, TableInfo table) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("ANALYZE " + PhysicalNames.qualified(schema, table.name()));
        }
    }

    /** Rows of the chunk table. */
    public static long count(Connection c, String schema, TableInfo table) throws SQLException {
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM " + PhysicalNames.qualified(schema, table.name()))) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Size on disk of the chunk table with its indexes. */
    public static long totalBytes(Connection c, String schema, TableInfo table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_total_relation_size(?::regclass)")) {
            ps.setString(1, PhysicalNames.qualified(schema, table.name()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Per-column statistics {@code ANALYZE} gathered for the chunk table. */
    public static List<PgColumnStats> columnStats(Connection c, String schema, TableInfo table) throws SQLException {
        List<PgColumnStats> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT attname, null_frac, avg_width, n_distinct FROM pg_stats WHERE schemaname = ? AND tablename = ?")) {
            ps.setString(1, schema);
            ps.setString(2, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new PgColumnStats(rs.getString(1), rs.getDouble(2), rs.getInt(3), rs.getDouble(4)));
                }
            }
        }
        return out;
    }

    /** Every schema on the node tagged by the loader, with its tag. */
    public static List<TaggedSchema> taggedSchemas(Connection c) throws SQLException {
        List<TaggedSchema> out = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT nspname, obj_description(oid, 'pg_namespace') FROM pg_namespace"
                     + " WHERE obj_description(oid, 'pg_namespace') LIKE 'hadoopdb;%'")) {
            while (rs.next()) {
                String name = rs.getString(1);
                SchemaTag.parse(rs.getString(2)).ifPresent(tag -> out.add(new TaggedSchema(name, tag)));
            }
        }
        return out;
    }

    public static void dropSchema(Connection c, String schema) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + PhysicalNames.quote(schema) + " CASCADE");
        }
    }

    public static void renameSchema(Connection c, String from, String to) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("ALTER SCHEMA " + PhysicalNames.quote(from) + " RENAME TO " + PhysicalNames.quote(to));
        }
    }

    static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** One column's row of {@code pg_stats}. */
    public record PgColumnStats(String column, double nullFraction, int avgWidth, double nDistinct) {
    }

    /** A schema the loader created, with its tag. */
    public record TaggedSchema(String name, SchemaTag tag) {
    }
}
