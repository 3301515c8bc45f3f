package org.hadoopdb.datagen;

import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How many rows each benchmark table has, in total over the cluster.
 *
 * <p>The knobs, all keeping the paper's proportions between tables unless a table is set explicitly:
 * <ul>
 *   <li>{@link #paper(int)}: the paper's sizes per node times the number of nodes (5.6 M Grep records,
 *       18 M Rankings rows, 155 M UserVisits rows, 600 000 documents per node);</li>
 *   <li>{@link #paperFraction(double, int)}: a fraction of that per node, times the nodes;</li>
 *   <li>{@link #userVisitsBytes(long)}: UserVisits of about that many bytes on disk;</li>
 *   <li>{@link #totalBytes(long, Collection)}: all the given tables together about that many bytes;</li>
 *   <li>{@link #withRowsPerNode} / {@link #withRows}: one table set explicitly.</li>
 * </ul>
 * The sizes in bytes use {@link PavloTable#approxBytesPerRow()} and land within a few percent.
 *
 * <p>Rankings is also the URL pool, and the Documents count sets how many links exist; every URL needs at
 * least one link, so a scale with far more Rankings rows per document than the paper's 30 is rejected when
 * the generator is built.
 */
public final class Scale {

    private static final Pattern BYTES = Pattern.compile("(?i)([0-9]+(?:\\.[0-9]+)?)\\s*(B|KB|MB|GB|TB)");
    private static final Pattern ROWS = Pattern.compile("(?i)([0-9]+)\\s*rows");

    private final Map<PavloTable, Long> rows;

    private Scale(Map<PavloTable, Long> rows) {
        this.rows = rows;
    }

    /** The paper's per-node sizes times {@code nodes}. */
    public static Scale paper(int nodes) {
        return paperFraction(1.0, nodes);
    }

    /** {@code fractionPerNode} of the paper's per-node sizes, times {@code nodes}; every table gets at least one row. */
    public static Scale paperFraction(double fractionPerNode, int nodes) {
        if (!(fractionPerNode > 0) || Double.isInfinite(fractionPerNode)) {
            throw new IllegalArgumentException("scale fraction must be a positive number: " + fractionPerNode);
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1: " + nodes);
        }
        Map<PavloTable, Long> rows = new EnumMap<>(PavloTable.class);
        for (PavloTable t : PavloTable.values()) {
            rows.put(t, Math.max(1L, Math.round(t.paperRowsPerNode() * fractionPerNode * nodes)));
        }
        return new Scale(rows);
    }

    /** A scale whose UserVisits table is about {@code bytes} on disk. */
    public static Scale userVisitsBytes(long bytes) {
        return totalBytes(bytes, EnumSet.of(PavloTable.USERVISITS));
    }

    /** A scale whose {@code tables} together are about {@code bytes} on disk (Documents in both representations). */
    public static Scale totalBytes(long bytes, Collection<PavloTable> tables) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("size must be positive: " + bytes + " bytes");
        }
        if (tables.isEmpty()) {
            throw new IllegalArgumentException("a size in bytes needs at least one table to measure");
        }
        double bytesPerPaperNode = 0;
        for (PavloTable t : tables) {
            bytesPerPaperNode += t.paperRowsPerNode() * t.approxBytesPerRow();
        }
        return paperFraction(bytes / bytesPerPaperNode, 1);
    }

    /**
     * Parses a scale: {@code paper} (the paper's size per node), a plain number (that fraction of the paper's
     * size per node, e.g. {@code 0.01}), {@code <n>rows} (UserVisits rows per node), each of those times
     * {@code nodes}; or a size, {@code 20GB} (UserVisits about that big) or {@code total:30GB} (all of
     * {@code tables} about that big), which ignores {@code nodes}.
     */
    public static Scale parse(String spec, int nodes, Set<PavloTable> tables) {
        String s = spec.trim();
        if (s.equalsIgnoreCase("paper")) {
            return paper(nodes);
        }
        if (s.regionMatches(true, 0, "total:", 0, 6)) {
            return totalBytes(parseBytes(s.substring(6), spec), tables.isEmpty() ? EnumSet.allOf(PavloTable.class) : tables);
        }
        Matcher rowsMatcher = ROWS.matcher(s);
        if (rowsMatcher.matches()) {
            long perNode = Long.parseLong(rowsMatcher.group(1));
            return paperFraction((double) perNode / PavloTable.USERVISITS.paperRowsPerNode(), nodes)
                    .withRowsPerNode(PavloTable.USERVISITS, perNode, nodes);
        }
        if (BYTES.matcher(s).matches()) {
            return userVisitsBytes(parseBytes(s, spec));
        }
        try {
            return paperFraction(Double.parseDouble(s), nodes);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("cannot read scale '" + spec + "': use paper, a fraction of the paper's "
                    + "per-node size (0.01), UserVisits rows per node (1000000rows), a UserVisits size (20GB) "
                    + "or a total size (total:30GB)", e);
        }
    }

    /** This scale with {@code table} set to {@code rows} rows in total. */
    public Scale withRows(PavloTable table, long rows) {
        if (rows < 1) {
            throw new IllegalArgumentException(table.sqlName() + " needs at least one row: " + rows);
        }
        Map<PavloTable, Long> copy = new EnumMap<>(this.rows);
        copy.put(table, rows);
        return new Scale(copy);
    }

    /** This scale with {@code table} set to {@code rowsPerNode} rows on each of {@code nodes} nodes. */
    public Scale withRowsPerNode(PavloTable table, long rowsPerNode, int nodes) {
        return withRows(table, Math.multiplyExact(rowsPerNode, (long) nodes));
    }

    /** Total rows of {@code table}. */
    public long rows(PavloTable table) {
        return rows.get(table);
    }

    /** The expected bytes on disk of {@code table} at this scale. */
    public long approxBytes(PavloTable table) {
        return Math.round(rows(table) * table.approxBytesPerRow());
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (PavloTable t : PavloTable.values()) {
            b.append(b.length() == 0 ? "" : ", ").append(t.sqlName()).append('=').append(rows(t));
        }
        return b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scale && ((Scale) o).rows.equals(rows);
    }

    @Override
    public int hashCode() {
        return rows.hashCode();
    }

    private static long parseBytes(String s, String spec) {
        Matcher m = BYTES.matcher(s.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("cannot read the size in '" + spec + "': expected e.g. 500MB or 20GB");
        }
        double value = Double.parseDouble(m.group(1));
        double unit = switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "KB" -> 1e3;
            case "MB" -> 1e6;
            case "GB" -> 1e9;
            case "TB" -> 1e12;
            default -> 1;
        };
        return Math.round(value * unit);
    }
}
