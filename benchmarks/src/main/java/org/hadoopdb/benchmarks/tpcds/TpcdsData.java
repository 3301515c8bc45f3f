package org.hadoopdb.benchmarks.tpcds;

import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TPC-DS data from the Java port of dsdgen ({@code io.trino.tpcds}): one {@code |}-delimited file per
 * table, NULL as {@code \N}, and each table's columns as HiveQL types (surrogate keys BIGINT, CHAR and
 * VARCHAR as STRING, DECIMAL as declared). A sales table's generator also yields its returns.
 */
final class TpcdsData {
    /** The seven fact tables and the column each is hashed on (item: the key the sales and returns share). */
    static final Map<String, String> FACTS = Map.of("store_sales", "ss_item_sk", "store_returns", "sr_item_sk",
            "catalog_sales", "cs_item_sk", "catalog_returns", "cr_item_sk", "web_sales", "ws_item_sk",
            "web_returns", "wr_item_sk", "inventory", "inv_item_sk");

    private TpcdsData() {
    }

    /** The 24 tables of the schema (without dbgen_version), in generation order. */
    static List<Table> tables() {
        List<Table> out = new ArrayList<>();
        for (Table t : Table.getBaseTables()) {
            if (!t.getName().equals("dbgen_version")) {
                out.add(t);
            }
        }
        return out;
    }

    /** The names of the schema's DECIMAL columns (all of scale 2), lower case. */
    static Set<String> decimalColumns() {
        Set<String> out = new java.util.HashSet<>();
        for (Table t : tables()) {
            for (Column c : t.getColumns()) {
                if (c.getType().getBase() == io.trino.tpcds.column.ColumnType.Base.DECIMAL) {
                    out.add(c.getName().toLowerCase(java.util.Locale.ROOT));
                }
            }
        }
        return out;
    }

    /** HiveQL column list of a table. */
    static String hiveColumns(Table t) {
        List<String> cols = new ArrayList<>();
        for (Column c : t.getColumns()) {
            cols.add(c.getName() + " " + hiveType(c));
        }
        return String.join(", ", cols);
    }

    private static String hiveType(Column c) {
        return switch (c.getType().getBase()) {
            case IDENTIFIER -> "bigint";
            case INTEGER -> "int";
            case DATE -> "date";
            case DECIMAL -> "decimal(" + c.getType().getPrecision().orElseThrow() + "," + c.getType().getScale().orElseThrow() + ")";
            case CHAR, VARCHAR, TIME -> "string";
        };
    }

    /**
     * Writes {@code <dir>/<table>/data.txt} for each of {@code wanted} (all when empty) at {@code scale}.
     *
     * @return rows written per table
     */
    static Map<String, Long> generate(Path dir, double scale, Set<String> wanted) throws IOException {
        Session session = Session.getDefaultSession().withScale(scale).withParallelism(1);
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Table t : tables()) {
            if (t.isChild()) {
                continue; // written with its parent
            }
            boolean parent = wanted.isEmpty() || wanted.contains(t.getName());
            boolean child = t.hasChild() && (wanted.isEmpty() || wanted.contains(t.getChild().getName()));
            if (!parent && !child) {
                continue;
            }
            try (Writer p = parent ? writer(dir, t) : Writer.nullWriter(); Writer ch = child ? writer(dir, t.getChild()) : Writer.nullWriter()) {
                long n = 0;
                long m = 0;
                for (List<List<String>> rows : Results.constructResults(t, session)) {
                    if (parent) {
                        line(p, rows.get(0));
                        n++;
                    }
                    if (child && rows.size() > 1) {
                        line(ch, rows.get(1));
                        m++;
                    }
                }
                if (parent) {
                    counts.put(t.getName(), n);
                }
                if (child) {
                    counts.put(t.getChild().getName(), m);
                }
            }
        }
        return counts;
    }

    private static Writer writer(Path dir, Table t) throws IOException {
        Path d = Files.createDirectories(dir.resolve(t.getName()));
        return new BufferedWriter(Files.newBufferedWriter(d.resolve("data.txt"), StandardCharsets.UTF_8), 1 << 16);
    }

    private static void line(Writer w, List<String> values) throws IOException {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                w.write('|');
            }
            String v = values.get(i);
            w.write(v == null ? "\\N" : v);
        }
        w.write('\n');
    }
}
