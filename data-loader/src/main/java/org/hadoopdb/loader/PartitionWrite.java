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

    /** The partitions that lose their rows: {@code written} when replacing, else none. */
    public List<PartitionInfo> replaced() {
        return replace ? written : List.of();
    }

    /** One line of text for a job configuration: values URL-encoded, {@code ,} between values, {@code ;} between partitions. */
    public static String encode(List<PartitionInfo> partitions) {
        StringBuilder sb = new StringBuilder();
        for (PartitionInfo p : partitions) {
            sb.append(sb.length() == 0 ? "" : ";").append(encodeValues(p.values()));
        }
        return sb.toString();
    }

    public static String encodeValues(List<String> values) {
        StringBuilder sb = new StringBuilder();
        for (String v : values) {
            sb.append(sb.length() == 0 ? "" : ",").append(URLEncoder.encode(v, StandardCharsets.UTF_8));
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
                out.add(URLDecoder.decode(v, StandardCharsets.UTF_8));
            }
        }
        return out;
    }
}
