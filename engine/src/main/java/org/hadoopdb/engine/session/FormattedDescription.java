package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.ColumnStats;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.Property;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.ViewInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.runtime.ListResult;

/**
 * {@code DESCRIBE [EXTENDED|FORMATTED]} of a table or a view, in Hive's layout as far as it applies:
 * the columns, then {@code # Detailed Table Information} (database, type, where the rows are,
 * parameters), then what HadoopDB adds: how the table is partitioned over the nodes, its chunks and
 * replicas, its column statistics; for a view, its text.
 */
final class FormattedDescription {
    static final RowSchema DESCRIBE = RowSchema.builder().add("col_name", "string").add("data_type", "string")
            .add("comment", "string").build();

    private final List<Row> rows = new ArrayList<>();

    private FormattedDescription() {
    }

    static ListResult table(Catalog catalog, TableInfo t, boolean formatted) {
        FormattedDescription d = new FormattedDescription();
        d.columns(t.columns(), formatted);
        if (t.isPartitioned()) {
            // as Hive: the partition columns are listed with the others, then again under their own heading
            d.section("# Partition Information");
            d.rows.add(Row.of(DESCRIBE, "# col_name", "data_type", "comment"));
            d.columns(t.partitionColumnInfos(), false);
        }
        if (formatted) {
            d.tableDetails(catalog, t);
        }
        return new ListResult(DESCRIBE, d.rows);
    }

    static ListResult view(ViewInfo v, boolean formatted) {
        FormattedDescription d = new FormattedDescription();
        d.columns(v.columns(), formatted);
        if (formatted) {
            d.section("# Detailed Table Information");
            d.line("Database:", Names.databaseOf(v.name()));
            d.line("Table Type:", "VIRTUAL_VIEW");
            if (v.comment() != null) {
                d.line("Table Parameters:", null);
                d.parameter("comment", v.comment());
            }
            d.section("# View Information");
            d.line("View Original Text:", v.query());
        }
        return new ListResult(DESCRIBE, d.rows);
    }

    private void columns(List<ColumnInfo> columns, boolean formatted) {
        if (formatted) {
            rows.add(Row.of(DESCRIBE, "# col_name", "data_type", "comment"));
        }
        for (ColumnInfo c : columns) {
            rows.add(Row.of(DESCRIBE, c.name(), c.type().toString(), c.comment()));
        }
    }

    private void tableDetails(Catalog catalog, TableInfo t) {
        section("# Detailed Table Information");
        line("Database:", Names.databaseOf(t.name()));
        line("Table Type:", t.isExternal() ? "EXTERNAL_TABLE" : "MANAGED_TABLE");
        line("Location:", t.isExternal() ? t.location() : t.chunks().isEmpty() ? "(no chunks: the table is empty)"
                : "the node databases: " + t.chunks().size() + (t.isReplicated() ? " full copies" : " chunks")
                + ", generation " + t.generation());
        line("Table Parameters:", null);
        for (Property p : t.properties()) {
            parameter(p.name(), p.value());
        }
        parameter("numRows", Long.toString(t.stats().rows()));
        parameter("totalSize", Long.toString(t.stats().bytes()));

        section("# Partitioning");
        line("Distribution:", t.distribution().toString());
        if (!t.partitionKeys().isEmpty()) {
            line("Partition key:", String.join(", ", t.partitionKeys()));
        }
        catalog.schemeOf(t).ifPresent(this::scheme);
        if (!t.sortColumns().isEmpty()) {
            line("Sorted by (clustered):", String.join(", ", t.sortColumns()));
        }
        if (!t.indexColumns().isEmpty()) {
            line("Indexed:", String.join(", ", t.indexColumns()));
        }
        if (t.isPartitioned()) {
            line("Partitions:", t.partitions().size() + " (rows of every partition in every chunk, indexed on "
                    + String.join(", ", t.partitionColumns()) + ")");
        }

        section("# Chunks");
        line("Generation:", Long.toString(t.generation()));
        if (t.chunks().isEmpty()) {
            line("(none)", t.generation() == 0 ? "the table has not been loaded" : "the table is empty");
        }
        for (ChunkInfo c : t.chunks()) {
            rows.add(Row.of(DESCRIBE, "chunk " + c.index(), c.schema() + "." + c.table(), "primary " + c.primary()
                    + (c.replicas().isEmpty() ? "" : ", replicas " + String.join(",", c.replicas())) + "; " + c.rows()
                    + " rows; " + c.bytes() + " bytes"));
        }

        if (!t.stats().columns().isEmpty()) {
            section("# Column Statistics");
            for (ColumnStats cs : t.stats().columns()) {
                rows.add(Row.of(DESCRIBE, cs.column(), "distinct " + cs.distinct() + ", nulls " + cs.nullFraction(),
                        (cs.min() == null ? "" : "min " + cs.min()) + (cs.max() == null ? "" : " max " + cs.max())));
            }
        }
    }

    private void scheme(PartitioningScheme s) {
        line("Scheme:", s.id() + (s.isHashed() ? " (" + s.hashFunction() + ", seeds " + s.globalSeed() + "/" + s.localSeed() + ")" : ""));
        line("Nodes:", String.join(", ", s.nodes()));
        line("Chunks per node:", Integer.toString(s.chunksPerNode()));
        line("Replication:", Integer.toString(s.replication()));
    }

    private void section(String title) {
        rows.add(Row.of(DESCRIBE, "", null, null));
        rows.add(Row.of(DESCRIBE, title, null, null));
    }

    private void line(String name, String value) {
        rows.add(Row.of(DESCRIBE, name, value, null));
    }

    /** Hive prints a table parameter with an empty first column, its name and its value. */
    private void parameter(String name, String value) {
        rows.add(Row.of(DESCRIBE, "", name, value));
    }
}
