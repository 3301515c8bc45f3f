package org.hadoopdb.loader;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.model.PartitionInfo;

/**
 * What a load into a table {@code PARTITIONED BY (…)} writes: the partitions it adds rows to, whether it
 * replaces their rows ({@code OVERWRITE}: the other partitions keep theirs), and, for text input, the
 * partition columns' values appended to every record ({@code LOAD DATA … PARTITION (dt='…')}: the files
 * hold only the other columns, as in Hive).
 *
 * <pre>{@code
 * PartitionWrite day = PartitionWrite.staticPartition(List.of("2020-01-01"), true);
 * LoadSpec spec = LoadSpec.builder("logs").input("/data/2020-01-01/").partitions(day).build();
 * }</pre>
 *
 * @param staticValues the values appended to every text record (canonical text, in the table's partition
 *                     column order), or empty when the input rows carry them (typed rows of an INSERT)
 * @param written      the partitions the load writes: they exist afterwards, even when it adds no row to one
 * @param replace      true: the rows the table had in {@code written} are dropped
 */
public record PartitionWrite(List<String> staticValues, List<PartitionInfo> written, boolean replace) {

    public PartitionWrite {
        staticValues = List.copyOf(staticValues);
        written = List.copyOf(written);
    }

    /** One partition named by all its values: {@code LOAD DATA} or a fully static {@code INSERT … PARTITION}. */
    public static PartitionWrite staticPartition(List<String> values, boolean replace) {
        return new PartitionWrite(values, List.of(new PartitionInfo(values)), replace);
    }

    /**
     * The partition named by {@code k=v[,k2=v2…]} (the {@code hadoopdb load --partition} option), every
     * partition column of the table given once; values in their column type's canonical text.
     *
     * @throws LoaderException naming the column that is unknown, missing, repeated or given a wrong value
     */
    public static PartitionWrite parse(org.hadoopdb.catalog.model.TableInfo table, String text, boolean replace) {
        if (!table.isPartitioned()) {
            throw new LoaderException("Table '" + table.name() + "' is not partitioned: drop the partition (" + text + ")");
        }
        java.util.Map<String, String> given = new java.util.HashMap<>();
        for (String pair : text.split(",")) {
            int eq = pair.indexOf('=');
            String column = eq < 0 ? pair.strip() : org.hadoopdb.catalog.Names.normalize(pair.substring(0, eq).strip());
            if (eq < 0 || !table.partitionColumns().contains(column)) {
                throw new LoaderException("Partition '" + text + "': '" + pair.strip() + "' is not column=value of a partition"
                        + " column of table '" + table.name() + "' (" + String.join(", ", table.partitionColumns()) + ")");
            }
            if (given.put(column, pair.substring(eq + 1)) != null) {
                throw new LoaderException("Partition '" + text + "' gives column '" + column + "' twice");
            }
        }
        List<String> values = new ArrayList<>();
        for (org.hadoopdb.catalog.model.ColumnInfo c : table.partitionColumnInfos()) {
            if (!given.containsKey(c.name())) {
                throw new LoaderException("Partition '" + text + "' has no value for partition column '" + c.name()
                        + "' of table '" + table.name() + "'");
            }
            try {
                values.add(org.hadoopdb.catalog.model.PartitionValues.canonical(c, given.get(c.name())));
            } catch (org.hadoopdb.catalog.CatalogException e) {
                throw new LoaderException(e.getMessage(), e);
            }
        }
        return staticPartition(values, replace);
    }

    /** The partitions that lose their rows: {@code written} when replacing, else none. */
    public List<PartitionInfo> replaced() {
        return replace ? written : List.of();
    }

    /**
     * One line of text for a job configuration: each value URL-encoded after a {@code v} (so that an empty
     * value is not nothing), {@code ,} between values, {@code ;} between partitions.
     */
    public static String encode(List<PartitionInfo> partitions) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < partitions.size(); i++) {
            sb.append(i == 0 ? "" : ";").append(encodeValues(partitions.get(i).values()));
        }
        return sb.toString();
    }

    public static String encodeValues(List<String> values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            sb.append(i == 0 ? "v" : ",v").append(URLEncoder.encode(values.get(i), StandardCharsets.UTF_8));
        }
        return sb.toString();
    }

    /** The partitions {@link #encode} wrote. */
    public static List<PartitionInfo> decode(String text) {
        List<PartitionInfo> out = new ArrayList<>();
        if (text != null && !text.isEmpty()) {
            for (String p : text.split(";")) {
                out.add(new PartitionInfo(decodeValues(p)));
            }
        }
        return out;
    }

    public static List<String> decodeValues(String text) {
        List<String> out = new ArrayList<>();
        if (text != null && !text.isEmpty()) {
            for (String v : text.split(",", -1)) {
                out.add(URLDecoder.decode(v.substring(1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }
}
