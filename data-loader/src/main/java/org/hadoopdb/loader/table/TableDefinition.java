package org.hadoopdb.loader.table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.loader.text.TextFormat;

/**
 * What {@code CREATE TABLE} says about a table: columns, how rows are spread over the nodes, clustered
 * order and indexes, the chunk layout, and how its text input is formatted. {@link TableManager#create}
 * turns it into a catalog entry. Unset (null) layout fields fall back to the table properties, then to
 * the configuration (docs/loading.md).
 *
 * <p>Chunks: {@code chunksPerNode} chunks on each node; or {@code buckets} ({@code CLUSTERED BY (k) INTO
 * n BUCKETS}) chunks in all, which gives {@code ceil(n / nodes)} chunks per node (so the table has at
 * least n chunks; the exact count is a multiple of the node count); or, when neither is given but
 * {@code maxChunkSize} is, the first load picks chunks per node so no chunk exceeds that size.
 *
 * <pre>{@code
 * TableDefinition uv = TableDefinition.builder("uservisits")
 *         .column("sourceip", "varchar(16)").column("desturl", "varchar(100)").column("visitdate", "date")
 *         .hashedBy("desturl").sortedBy("visitdate").chunksPerNode(4)
 *         .format(TextFormat.HIVE_DEFAULT.withDelimiter('|'))
 *         .build();
 * }</pre>
 *
 * @param name          the table name
 * @param columns       columns, in order
 * @param distribution  HASH, RANDOM or REPLICATED; null: HASH when there are partition keys, else the
 *                      {@code hadoopdb.distribution} property, else RANDOM
 * @param partitionKeys partitioning key columns (HASH)
 * @param sortColumns   clustered order ({@code SORTED BY}); every chunk is stored in it and indexed on it
 * @param indexColumns  more columns to index in every chunk
 * @param chunksPerNode chunks per node, or null
 * @param buckets       total chunks wanted ({@code INTO n BUCKETS}), or null
 * @param replication   copies of each chunk, or null for the property / configuration default
 * @param maxChunkSize  bytes, or null
 * @param format        the text format of the table's input files, or null for Hive's defaults
 * @param properties    further table properties, kept as given
 * @param comment       the table comment, or null
 * @param partitionColumns Hive's {@code PARTITIONED BY} columns: the last of {@code columns}, in order (empty: not partitioned)
 */
public record TableDefinition(String name, List<ColumnInfo> columns, Distribution distribution, List<String> partitionKeys,
                              List<SortColumn> sortColumns, List<String> indexColumns, Integer chunksPerNode, Integer buckets,
                              Integer replication, Long maxChunkSize, TextFormat format, Map<String, String> properties,
                              String comment, List<String> partitionColumns) {

    /** A {@code SORTED BY} column with its direction. */
    public record SortColumn(String name, boolean ascending) {
        public SortColumn {
            name = Names.normalize(name);
        }
    }

    public TableDefinition {
        name = Names.normalize(name);
        columns = List.copyOf(columns);
        partitionKeys = normalize(partitionKeys);
        sortColumns = sortColumns == null ? List.of() : List.copyOf(sortColumns);
        indexColumns = normalize(indexColumns);
        properties = properties == null ? Map.of() : Map.copyOf(properties);
        partitionColumns = normalize(partitionColumns);
    }

    private static List<String> normalize(List<String> names) {
        List<String> out = new ArrayList<>();
        if (names != null) {
            names.forEach(n -> out.add(Names.normalize(n)));
        }
        return List.copyOf(out);
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Builds a {@link TableDefinition}. */
    public static final class Builder {
        private final String name;
        private final List<ColumnInfo> columns = new ArrayList<>();
        private Distribution distribution;
        private final List<String> keys = new ArrayList<>();
        private final List<SortColumn> sort = new ArrayList<>();
        private final List<String> indexes = new ArrayList<>();
        private Integer chunksPerNode;
        private Integer buckets;
        private Integer replication;
        private Long maxChunkSize;
        private TextFormat format;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private String comment;
        private final List<String> partitionColumns = new ArrayList<>();

        private Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        public Builder column(String column, HiveType type) {
            columns.add(new ColumnInfo(column, type));
            return this;
        }

        /** A column with its type in HiveQL spelling, e.g. {@code "decimal(10,2)"}. */
        public Builder column(String column, String type) {
            return column(column, HiveType.parse(type));
        }

        public Builder column(ColumnInfo column) {
            columns.add(column);
            return this;
        }

        public Builder columns(List<ColumnInfo> cols) {
            columns.addAll(cols);
            return this;
        }

        /** HASH distribution on these key columns. */
        public Builder hashedBy(String... keyColumns) {
            distribution = Distribution.HASH;
            keys.addAll(List.of(keyColumns));
            return this;
        }

        public Builder replicated() {
            distribution = Distribution.REPLICATED;
            return this;
        }

        public Builder random() {
            distribution = Distribution.RANDOM;
            return this;
        }

        public Builder distribution(Distribution d) {
            distribution = d;
            return this;
        }

        public Builder sortedBy(String... cols) {
            for (String c : cols) {
                sort.add(new SortColumn(c, true));
            }
            return this;
        }

        public Builder sortedBy(SortColumn col) {
            sort.add(col);
            return this;
        }

        public Builder indexedOn(String... cols) {
            indexes.addAll(List.of(cols));
            return this;
        }

        public Builder chunksPerNode(Integer n) {
            chunksPerNode = n;
            return this;
        }

        public Builder buckets(Integer n) {
            buckets = n;
            return this;
        }

        public Builder replication(Integer n) {
            replication = n;
            return this;
        }

        public Builder maxChunkSize(Long bytes) {
            maxChunkSize = bytes;
            return this;
        }

        public Builder format(TextFormat f) {
            format = f;
            return this;
        }

        public Builder property(String key, String value) {
            properties.put(key, value);
            return this;
        }

        public Builder properties(Map<String, String> props) {
            properties.putAll(props);
            return this;
        }

        /** {@code PARTITIONED BY (…)}: these columns are added after the others and each partition is their values. */
        public Builder partitionedBy(List<ColumnInfo> cols) {
            for (ColumnInfo c : cols) {
                columns.add(c);
                partitionColumns.add(c.name());
            }
            return this;
        }

        public Builder comment(String text) {
            comment = text;
            return this;
        }

        public TableDefinition build() {
            return new TableDefinition(name, columns, distribution, keys, sort, indexes, chunksPerNode, buckets, replication,
                    maxChunkSize, format, properties, comment, partitionColumns);
        }
    }
}
