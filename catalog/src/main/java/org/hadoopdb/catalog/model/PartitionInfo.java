package org.hadoopdb.catalog.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.CatalogException;

/**
 * One partition of a table {@code PARTITIONED BY (…)}: the values of its partition columns, in the
 * table's order, each in its column type's canonical text ({@link PartitionValues#canonical}); a NULL
 * value is Hive's {@value PartitionValues#DEFAULT_PARTITION}. The partition's rows are the table's rows
 * holding these values (docs/physical-layout.md), so the list is what {@code SHOW PARTITIONS} shows and
 * what a query's partition pruning is checked against, not where rows are.
 *
 * @param values one per partition column
 */
public record PartitionInfo(@JsonProperty("value") List<String> values) {

    public PartitionInfo {
        if (values == null || values.isEmpty()) {
            throw new CatalogException("A partition has no values");
        }
        values = List.copyOf(values);
    }

    /**
     * Hive's name of the partition: {@code dt=2020-01-01/country=nl}, each name and value escaped as
     * Hive escapes a path component ({@code /}, {@code =}, {@code %}, {@code :} … as {@code %XX}).
     */
    public String name(List<String> columns) {
        if (columns.size() != values.size()) {
            throw new CatalogException("Partition " + values + " has " + values.size() + " values for " + columns.size()
                    + " partition columns " + columns);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            sb.append(i == 0 ? "" : "/").append(escape(columns.get(i))).append('=').append(escape(values.get(i)));
        }
        return sb.toString();
    }

    /** Whether the value of column {@code i} is NULL. */
    @JsonIgnore
    public boolean isNull(int i) {
        return PartitionValues.DEFAULT_PARTITION.equals(values.get(i));
    }

    private static final String ESCAPED = "\"#%'*/:=?\\{[]^";

    /** Hive's path escaping: control characters and {@value #ESCAPED} become {@code %XX}. */
    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7F || ESCAPED.indexOf(c) >= 0) {
                sb.append('%').append(String.format("%02X", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** The values of {@code partitions} as lists, for messages. */
    public static List<String> names(List<PartitionInfo> partitions, List<String> columns) {
        List<String> out = new ArrayList<>();
        partitions.forEach(p -> out.add(p.name(columns)));
        return out;
    }
}
