package org.hadoopdb.loader.stats;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.ColumnStats;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.TableStats;
import org.hadoopdb.loader.job.NodeReport;

/**
 * The statistics a load publishes for its table. Exact, from the Global Hasher: NULL counts,
 * minimum and maximum of the rows loaded (merged with the previous generation's when appending).
 * From each chunk's {@code ANALYZE} ({@code pg_stats}): the average width, and the number of
 * distinct values, combined over the chunks: summed for a single-column partitioning key (its values
 * never repeat across chunks); otherwise a count PostgreSQL found to grow with the rows (negative
 * {@code n_distinct}) is scaled to the whole table, and a fixed count is the largest any chunk saw.
 */
public final class TableStatsBuilder {
    private TableStatsBuilder() {
    }

    /**
     * @param table       the table (columns, partition keys, previous statistics)
     * @param appended    true when the load kept the previous rows
     * @param loaded      statistics of the rows this load added
     * @param chunks      one copy of every chunk (primaries; one node's copy of a replicated table)
     */
    public static TableStats build(TableInfo table, boolean appended, ColumnAccumulator[] loaded, List<NodeReport.ChunkResult> chunks) {
        long rows = chunks.stream().mapToLong(NodeReport.ChunkResult::rows).sum();
        long bytes = chunks.stream().mapToLong(NodeReport.ChunkResult::bytes).sum();
        long newRows = chunks.stream().mapToLong(NodeReport.ChunkResult::newRows).sum();
        long previousRows = rows - newRows;
        List<ColumnStats> columns = new ArrayList<>();
        for (int i = 0; i < table.columns().size(); i++) {
            ColumnInfo col = table.columns().get(i);
            ColumnAccumulator acc = loaded[i];
            Optional<ColumnStats> previous = appended && previousRows > 0 ? table.stats().column(col.name()) : Optional.empty();
            if (appended && previousRows > 0 && previous.isEmpty()) {
                columns.add(new ColumnStats(col.name(), distinct(table, col, chunks, rows), -1, avgWidth(col, chunks), null, null));
                continue;
            }
            double nulls = acc.nulls() + previous.map(p -> p.nullFraction() * previousRows).orElse(0.0);
            String min = acc.minText();
            String max = acc.maxText();
            if (previous.isPresent()) {
                min = pick(col.type(), min, previous.get().min(), true, acc.values() == 0);
                max = pick(col.type(), max, previous.get().max(), false, acc.values() == 0);
            }
            double nullFraction = rows == 0 ? 0 : Math.min(1, nulls / rows);
            columns.add(new ColumnStats(col.name(), distinct(table, col, chunks, rows), nullFraction, avgWidth(col, chunks), min, max));
        }
        return new TableStats(rows, bytes, columns);
    }

    private static int avgWidth(ColumnInfo col, List<NodeReport.ChunkResult> chunks) {
        double sum = 0;
        long weight = 0;
        for (NodeReport.ChunkResult c : chunks) {
            for (NodeReport.ColumnResult r : c.columns()) {
                if (r.column().equals(col.name())) {
                    sum += (double) r.avgWidth() * c.rows();
                    weight += c.rows();
                }
            }
        }
        return weight == 0 ? -1 : (int) Math.round(sum / weight);
    }

    private static long distinct(TableInfo table, ColumnInfo col, List<NodeReport.ChunkResult> chunks, long rows) {
        boolean disjoint = table.partitionKeys().size() == 1 && table.partitionKeys().get(0).equals(col.name());
        double scaled = 0;
        double fixedMax = 0;
        double fixedSum = 0;
        boolean any = false;
        for (NodeReport.ChunkResult c : chunks) {
            for (NodeReport.ColumnResult r : c.columns()) {
                if (!r.column().equals(col.name())) {
                    continue;
                }
                any = true;
                if (r.nDistinct() < 0) {
                    scaled += -r.nDistinct() * c.rows();
                } else {
                    fixedMax = Math.max(fixedMax, r.nDistinct());
                    fixedSum += r.nDistinct();
                }
            }
        }
        if (!any) {
            return -1;
        }
        double estimate = disjoint ? scaled + fixedSum : Math.max(scaled, fixedMax);
        return Math.min(rows, Math.round(estimate));
    }

    /** The smaller (or larger) of two values printed as Hive prints {@code type}; null when unknown. */
    static String pick(HiveType type, String loaded, String previous, boolean min, boolean noNewValues) {
        if (noNewValues) {
            return previous;
        }
        if (loaded == null || previous == null) {
            return null;
        }
        try {
            int cmp = compare(type, loaded, previous);
            return (min ? cmp <= 0 : cmp >= 0) ? loaded : previous;
        } catch (RuntimeException e) {
            return null; // a previous value we cannot read: better unknown than wrong
        }
    }

    static int compare(HiveType type, String a, String b) {
        Comparator<String> c = switch (type.kind()) {
            case TINYINT, SMALLINT, INT, BIGINT -> Comparator.comparingLong(Long::parseLong);
            case FLOAT, DOUBLE -> Comparator.comparingDouble(Double::parseDouble);
            case DECIMAL -> Comparator.comparing(BigDecimal::new);
            case BOOLEAN -> Comparator.comparing(Boolean::parseBoolean);
            case DATE -> Comparator.comparing(LocalDate::parse);
            case TIMESTAMP -> Comparator.comparing(s -> LocalDateTime.parse(s.replace(' ', 'T')));
            case STRING, VARCHAR, CHAR -> (x, y) -> Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8),
                    y.getBytes(StandardCharsets.UTF_8));
            case BINARY, ARRAY, MAP, STRUCT -> (x, y) -> {
                throw new IllegalArgumentException(type + " values have no order statistics");
            };
        };
        return c.compare(a, b);
    }
}
