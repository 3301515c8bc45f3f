package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.ColumnStats;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.Property;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.runtime.ListResult;

/** SHOW TABLES and DESCRIBE [FORMATTED], answered from the catalog. */
final class Describer {
    private static final RowSchema TABLES = RowSchema.builder().add("tab_name", "string").build();
    private static final RowSchema DESCRIBE = RowSchema.builder().add("col_name", "string").add("data_type", "string")
            .add("comment", "string").build();

    private Describer() {
    }

    /** Table names, filtered by a Hive pattern: {@code *} any characters, {@code |} alternatives. */
    static ListResult showTables(Catalog catalog, String pattern) {
        Pattern p = pattern == null ? null : hivePattern(pattern);
        List<Row> rows = new ArrayList<>();
        catalog.tableNames().stream().sorted().filter(n -> p == null || p.matcher(n).matches())
                .forEach(n -> rows.add(Row.of(TABLES, n)));
        return new ListResult(TABLES, rows);
    }

    private static final RowSchema FUNCTIONS = RowSchema.builder().add("tab_name", "string").build();

    /** {@code SHOW FUNCTIONS [LIKE 'pattern']}: the library's function names, sorted. */
    static ListResult showFunctions(String pattern) {
        Pattern p = pattern == null ? null : hivePattern(pattern);
        List<Row> rows = new ArrayList<>();
        org.hadoopdb.functions.HiveFunctionLibrary.instance().functions().stream()
                .map(org.hadoopdb.functions.HiveFunctionLibrary.FunctionInfo::name).distinct().sorted()
                .filter(n -> p == null || p.matcher(n).matches()).forEach(n -> rows.add(Row.of(FUNCTIONS, n)));
        return new ListResult(FUNCTIONS, rows);
    }

    /** {@code DESCRIBE FUNCTION name}: its signature and what it does, as Hive prints them. */
    static ListResult describeFunction(String name) {
        var library = org.hadoopdb.functions.HiveFunctionLibrary.instance();
        var info = library.describe(name).orElseThrow(() -> new org.hadoopdb.planner.PlannerException(
                library.unknownFunctionMessage(name)));
        List<Row> rows = new ArrayList<>();
        rows.add(Row.of(FUNCTIONS, info.signature() + " - " + info.description()));
        return new ListResult(FUNCTIONS, rows);
    }

    static Pattern hivePattern(String pattern) {
        StringBuilder re = new StringBuilder();
        for (String alt : pattern.toLowerCase(java.util.Locale.ROOT).split("\\|")) {
            if (re.length() > 0) {
                re.append('|');
            }
            for (String part : alt.trim().split("\\*", -1)) {
                re.append(Pattern.quote(part)).append(".*");
            }
            re.setLength(re.length() - 2);
        }
        return Pattern.compile(re.toString());
    }

    static ListResult describe(Catalog catalog, String name, boolean formatted) {
        TableInfo t = catalog.findTable(name).orElseThrow(() -> new SemanticException("Table '" + name
                + "' does not exist" + Names.didYouMean(name, catalog.tableNames())));
        List<Row> rows = new ArrayList<>();
        for (ColumnInfo c : t.columns()) {
            rows.add(Row.of(DESCRIBE, c.name(), c.type().toString(), c.comment()));
        }
        if (!formatted) {
            return new ListResult(DESCRIBE, rows);
        }
        section(rows, "# Partitioning");
        line(rows, "Distribution:", t.distribution().toString());
        if (!t.partitionKeys().isEmpty()) {
            line(rows, "Partition key:", String.join(", ", t.partitionKeys()));
        }
        catalog.schemeOf(t).ifPresent(s -> scheme(rows, s));
        if (!t.sortColumns().isEmpty()) {
            line(rows, "Sorted by (clustered):", String.join(", ", t.sortColumns()));
        }
        if (!t.indexColumns().isEmpty()) {
            line(rows, "Indexed:", String.join(", ", t.indexColumns()));
        }
        section(rows, "# Statistics");
        line(rows, "Generation:", Long.toString(t.generation()));
        line(rows, "Rows:", Long.toString(t.stats().rows()));
        line(rows, "Bytes (one copy):", Long.toString(t.stats().bytes()));
        for (ColumnStats cs : t.stats().columns()) {
            rows.add(Row.of(DESCRIBE, "  " + cs.column(), "distinct " + cs.distinct() + ", nulls " + cs.nullFraction(),
                    (cs.min() == null ? "" : "min " + cs.min()) + (cs.max() == null ? "" : " max " + cs.max())));
        }
        if (!t.properties().isEmpty()) {
            section(rows, "# Table properties");
            for (Property p : t.properties()) {
                line(rows, p.name(), p.value());
            }
        }
        section(rows, "# Chunks");
        if (t.chunks().isEmpty()) {
            line(rows, "(none)", "the table has not been loaded");
        }
        for (ChunkInfo c : t.chunks()) {
            rows.add(Row.of(DESCRIBE, "chunk " + c.index(), c.schema() + "." + c.table(),
                    "nodes " + String.join(",", c.nodes()) + "; " + c.rows() + " rows; " + c.bytes() + " bytes"));
        }
        return new ListResult(DESCRIBE, rows);
    }

    private static void scheme(List<Row> rows, PartitioningScheme s) {
        line(rows, "Scheme:", s.id() + (s.isHashed() ? " (" + s.hashFunction() + ", seeds " + s.globalSeed() + "/" + s.localSeed() + ")" : ""));
        line(rows, "Nodes:", String.join(", ", s.nodes()));
        line(rows, "Chunks per node:", Integer.toString(s.chunksPerNode()));
        line(rows, "Replication:", Integer.toString(s.replication()));
    }

    private static void section(List<Row> rows, String title) {
        rows.add(Row.of(DESCRIBE, "", null, null));
        rows.add(Row.of(DESCRIBE, title, null, null));
    }

    private static void line(List<Row> rows, String name, String value) {
        rows.add(Row.of(DESCRIBE, name, value, null));
    }
}
