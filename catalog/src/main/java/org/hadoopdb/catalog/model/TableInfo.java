package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.Names;

/**
 * A logical table: its columns, how it is distributed, and (once loaded) its chunks.
 *
 * @param name          lower-case table name
 * @param columns       columns in order
 * @param distribution  HASH, RANDOM or REPLICATED
 * @param scheme        the partitioning scheme id (HASH and RANDOM tables), null for REPLICATED
 * @param partitionKeys partitioning key columns (HASH tables), in key order
 * @param sortColumns   clustered-index columns: chunks are stored in this order ({@code SORTED BY})
 * @param indexColumns  further single-column indexes built on every chunk
 * @param properties    table properties ({@code TBLPROPERTIES}), e.g. the field delimiter
 * @param generation    data version: bumped by every load that publishes new chunks (0 = never loaded)
 * @param stats         row/byte counts and column statistics of the current generation
 * @param chunks        the chunks of the current generation, by index; empty before the first load
 * @param partitionColumns Hive's {@code PARTITIONED BY} columns: the table's last columns, in order (not to be
 *                      confused with {@code partitionKeys}, the hash key that places rows in chunks); empty when
 *                      the table is not partitioned
 * @param partitions    the partitions that exist ({@code SHOW PARTITIONS}), sorted by name
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TableInfo(
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("name") String name,
        @JsonProperty("column") List<ColumnInfo> columns,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("distribution") Distribution distribution,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("scheme") String scheme,
        @JsonProperty("partitionKey") List<String> partitionKeys,
        @JsonProperty("sortColumn") List<String> sortColumns,
        @JsonProperty("indexColumn") List<String> indexColumns,
        @JsonProperty("property") List<Property> properties,
        @JacksonXmlProperty(isAttribute = true) @JsonProperty("generation") long generation,
        @JsonProperty("stats") TableStats stats,
        @JsonProperty("chunk") List<ChunkInfo> chunks,
        @JsonProperty("partitionColumn") List<String> partitionColumns,
        @JsonProperty("partition") List<PartitionInfo> partitions) {

    public TableInfo {
        name = Names.normalize(name);
        columns = columns == null ? List.of() : List.copyOf(columns);
        if (distribution == null) {
            throw new CatalogException("Table '" + name + "' has no distribution (HASH, RANDOM or REPLICATED)");
        }
        partitionKeys = normalizeAll(partitionKeys);
        sortColumns = normalizeAll(sortColumns);
        indexColumns = normalizeAll(indexColumns);
        properties = properties == null ? List.of() : List.copyOf(properties);
        stats = stats == null ? TableStats.EMPTY : stats;
        chunks = chunks == null ? List.of() : List.copyOf(chunks);
        partitionColumns = normalizeAll(partitionColumns);
        partitions = partitions == null ? List.of() : sorted(partitions, partitionColumns);
    }

    /** The same fields, for the loader and the ALTER statements that rebuild a table from its parts (not partitioned). */
    public TableInfo(String name, List<ColumnInfo> columns, Distribution distribution, String scheme, List<String> partitionKeys,
                     List<String> sortColumns, List<String> indexColumns, List<Property> properties, long generation,
                     TableStats stats, List<ChunkInfo> chunks) {
        this(name, columns, distribution, scheme, partitionKeys, sortColumns, indexColumns, properties, generation, stats,
                chunks, List.of(), List.of());
    }

    /** Without duplicates, sorted by name (a list whose values do not match the columns is left for the validator to report). */
    private static List<PartitionInfo> sorted(List<PartitionInfo> partitions, List<String> columns) {
        List<PartitionInfo> out = new ArrayList<>(new java.util.LinkedHashSet<>(partitions));
        if (out.stream().allMatch(p -> p.values().size() == columns.size())) {
            out.sort(java.util.Comparator.comparing(p -> p.name(columns)));
        }
        return List.copyOf(out);
    }

    private static List<String> normalizeAll(List<String> names) {
        if (names == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(Names.normalize(n));
        }
        return List.copyOf(out);
    }

    /** A table as created, before its first load: no chunks, no statistics. */
    public static TableInfo created(String name, List<ColumnInfo> columns, Distribution distribution, String scheme,
                                    List<String> partitionKeys, List<String> sortColumns, List<String> indexColumns,
                                    List<Property> properties) {
        return new TableInfo(name, columns, distribution, scheme, partitionKeys, sortColumns, indexColumns, properties,
                0, TableStats.EMPTY, List.of());
    }

    /** The property holding an external table's location (a Hadoop path: a directory, a file or a glob). */
    public static final String LOCATION = "hadoopdb.location";

    /** Whether the table's rows are files read where they are ({@code CREATE EXTERNAL TABLE}). */
    @JsonIgnore
    public boolean isExternal() {
        return distribution == Distribution.EXTERNAL;
    }

    /** An external table's location; a {@link CatalogException} for any other table. */
    @JsonIgnore
    public String location() {
        return property(LOCATION).orElseThrow(() -> new CatalogException("Table '" + name + "' has no location: it is not"
                + " an external table"));
    }

    /** Whether the table is {@code PARTITIONED BY} columns. */
    @JsonIgnore
    public boolean isPartitioned() {
        return !partitionColumns.isEmpty();
    }

    /** The columns that are not partition columns: what a file loaded into one partition holds. */
    @JsonIgnore
    public List<ColumnInfo> dataColumns() {
        return columns.subList(0, columns.size() - partitionColumns.size());
    }

    /** The partition columns' definitions, in order. */
    @JsonIgnore
    public List<ColumnInfo> partitionColumnInfos() {
        return columns.subList(columns.size() - partitionColumns.size(), columns.size());
    }

    /** The same table with this list of partitions (what a load into partitions or ADD/DROP PARTITION publishes). */
    public TableInfo withPartitions(List<PartitionInfo> newPartitions) {
        return new TableInfo(name, columns, distribution, scheme, partitionKeys, sortColumns, indexColumns, properties,
                generation, stats, chunks, partitionColumns, newPartitions);
    }

    /** The same table with these columns and partition columns (ALTER TABLE); chunks, statistics and partitions kept. */
    public TableInfo withPartitionColumns(List<String> newPartitionColumns) {
        return new TableInfo(name, columns, distribution, scheme, partitionKeys, sortColumns, indexColumns, properties,
                generation, stats, chunks, newPartitionColumns, partitions);
    }

    @JsonIgnore
    public boolean isReplicated() {
        return distribution == Distribution.REPLICATED;
    }

    /** The column named {@code name} (case-insensitive); a {@link CatalogException} suggesting the closest name otherwise. */
    public ColumnInfo column(String columnName) {
        return findColumn(columnName).orElseThrow(() -> new CatalogException("Table '" + name + "' has no column '"
                + columnName + "'" + Names.didYouMean(columnName, columnNames())));
    }

    public Optional<ColumnInfo> findColumn(String columnName) {
        String wanted = Names.normalize(columnName);
        return columns.stream().filter(c -> c.name().equals(wanted)).findFirst();
    }

    /** 0-based position of a column; throws like {@link #column}. */
    public int columnIndex(String columnName) {
        ColumnInfo c = column(columnName);
        return columns.indexOf(c);
    }

    @JsonIgnore
    public List<String> columnNames() {
        return columns.stream().map(ColumnInfo::name).toList();
    }

    public Optional<String> property(String key) {
        return properties.stream().filter(p -> p.name().equalsIgnoreCase(key)).map(Property::value).findFirst();
    }

    /** The same table with new chunks and statistics, one generation later: what a load publishes. */
    public TableInfo withData(List<ChunkInfo> newChunks, TableStats newStats, long newGeneration) {
        return new TableInfo(name, columns, distribution, scheme, partitionKeys, sortColumns, indexColumns, properties,
                newGeneration, newStats, newChunks, partitionColumns, partitions);
    }

    public TableInfo withProperties(List<Property> newProperties) {
        return new TableInfo(name, columns, distribution, scheme, partitionKeys, sortColumns, indexColumns, newProperties,
                generation, stats, chunks, partitionColumns, partitions);
    }

    public TableInfo withStats(TableStats newStats) {
        return new TableInfo(name, columns, distribution, scheme, partitionKeys, sortColumns, indexColumns, properties,
                generation, newStats, chunks, partitionColumns, partitions);
    }
}
