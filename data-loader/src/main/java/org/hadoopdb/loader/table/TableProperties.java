package org.hadoopdb.loader.table;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hadoopdb.catalog.config.ConfigException;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.Property;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.loader.LoaderException;

/**
 * The table properties ({@code TBLPROPERTIES}) HadoopDB reads when it creates and loads a table
 * (docs/loading.md). Text format properties use Hive's names and are listed in
 * {@link org.hadoopdb.loader.text.TextFormat}.
 *
 * <pre>
 * CREATE TABLE nation (...) TBLPROPERTIES ('hadoopdb.distribution'='replicated');
 * CREATE TABLE uservisits (...) CLUSTERED BY (desturl) INTO 16 BUCKETS TBLPROPERTIES ('hadoopdb.replication'='2');
 * </pre>
 */
public final class TableProperties {
    /** {@code hash}, {@code random} or {@code replicated}. */
    public static final String DISTRIBUTION = "hadoopdb.distribution";
    /** Chunks on each node. */
    public static final String CHUNKS_PER_NODE = "hadoopdb.chunks-per-node";
    /** Copies of each chunk. */
    public static final String REPLICATION = "hadoopdb.replication";
    /** A size ({@code 1GB}): the first load chooses chunks per node so that chunks stay below it. */
    public static final String MAX_CHUNK_SIZE = "hadoopdb.max-chunk-size";
    /** Columns to index in every chunk, comma-separated: one B-tree each, beside the {@code SORTED BY} clustered index. */
    public static final String INDEX_COLUMNS = "hadoopdb.index-columns";
    /** Set by HadoopDB: {@code INTO n BUCKETS} as declared. */
    public static final String BUCKETS = "hadoopdb.buckets";
    /** Set by HadoopDB: sort columns declared {@code DESC}, comma-separated. */
    public static final String SORT_DESCENDING = "hadoopdb.sort.descending";
    /** The table comment (Hive keeps it as the {@code comment} property too). */
    public static final String COMMENT = "comment";

    private TableProperties() {
    }

    /** The table's properties by lower-case name, in declaration order. */
    public static Map<String, String> of(TableInfo table) {
        Map<String, String> p = new LinkedHashMap<>();
        for (Property prop : table.properties()) {
            p.put(prop.name().toLowerCase(Locale.ROOT), prop.value());
        }
        return p;
    }

    public static Distribution distribution(String table, String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "hash", "hashed" -> Distribution.HASH;
            case "random" -> Distribution.RANDOM;
            case "replicated", "replicate" -> Distribution.REPLICATED;
            default -> throw new LoaderException("Table '" + table + "': property " + DISTRIBUTION + " is '" + value
                    + "'; use hash, random or replicated");
        };
    }

    /** The columns {@link #INDEX_COLUMNS} names, in order; none when it is not set. */
    public static List<String> indexColumns(Map<String, String> props) {
        String v = props.get(INDEX_COLUMNS);
        if (v == null || v.isBlank()) {
            return List.of();
        }
        return java.util.Arrays.stream(v.split(",")).map(String::trim).filter(c -> !c.isEmpty()).toList();
    }

    public static Integer positiveInt(String table, Map<String, String> props, String key) {
        String v = props.get(key);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n < 1) {
                throw new NumberFormatException("not positive");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new LoaderException("Table '" + table + "': property " + key + " must be a positive whole number, got '" + v + "'", e);
        }
    }

    public static Long size(String table, Map<String, String> props, String key) {
        String v = props.get(key);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            long n = parseSize(v);
            if (n < 1) {
                throw new NumberFormatException("not positive");
            }
            return n;
        } catch (NumberFormatException | ConfigException e) {
            throw new LoaderException("Table '" + table + "': property " + key + " must be a size such as 512MB or 1GB, got '" + v + "'", e);
        }
    }

    /** {@code 65536}, {@code 64k}, {@code 512MB}, {@code 2GB} (binary multiples). */
    static long parseSize(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT).replace(" ", "");
        long mult = 1;
        String[][] units = {{"TB", "T"}, {"GB", "G"}, {"MB", "M"}, {"KB", "K"}};
        long[] factors = {1L << 40, 1L << 30, 1L << 20, 1L << 10};
        for (int i = 0; i < units.length; i++) {
            for (String u : units[i]) {
                if (t.endsWith(u)) {
                    mult = factors[i];
                    t = t.substring(0, t.length() - u.length());
                    i = units.length;
                    break;
                }
            }
        }
        if (t.endsWith("B")) {
            t = t.substring(0, t.length() - 1);
        }
        return Math.round(Double.parseDouble(t) * mult);
    }
}
