package org.hadoopdb.benchmarks.paper;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a system answered to a task, reduced to what can be compared across systems whose results
 * come as rows, text files or in-memory maps: the row count, an order-independent hash of the rows'
 * text columns, the sums of their numeric columns, and (for small results) the rows themselves.
 * Floating-point sums are compared with a relative tolerance: the systems add in different orders.
 */
public final class Answer {
    /** Results up to this many rows are kept whole and compared row by row. */
    static final int KEPT_ROWS = 10_000;
    private static final double TOLERANCE = 1e-9;

    private final PaperTask task;
    private long rows;
    private long keyHash;
    private final double[] sums;
    private List<Object[]> kept = new ArrayList<>();

    public Answer(PaperTask task) {
        this.task = task;
        this.sums = new double[task.columns().size()];
    }

    public long rows() {
        return rows;
    }

    /** Adds one row, its values in the task's column order, as any type that reads as the column's kind. */
    public void add(Object... values) {
        List<PaperTask.Kind> kinds = task.columns();
        if (values.length != kinds.size()) {
            throw new IllegalArgumentException(task.title() + ": a row of " + values.length + " values, expected " + kinds.size());
        }
        Object[] row = new Object[values.length];
        long h = 17;
        for (int i = 0; i < values.length; i++) {
            row[i] = convert(kinds.get(i), values[i]);
            if (kinds.get(i) == PaperTask.Kind.STRING) {
                h = h * 31 + Objects.hashCode(row[i]);
            } else if (row[i] != null) {
                sums[i] += ((Number) row[i]).doubleValue();
            }
        }
        keyHash += mix(h); // a sum: the same rows in any order give the same hash
        rows++;
        if (kept != null) {
            kept.add(row);
            if (kept.size() > KEPT_ROWS) {
                kept = null;
            }
        }
    }

    /** Adds a tab-separated text line of a MapReduce job's output, its fields in {@code order} of the task's columns. */
    public void addLine(String line, int... order) {
        String[] f = line.split("\t", -1);
        Object[] values = new Object[order.length];
        for (int i = 0; i < order.length; i++) {
            values[i] = f[order[i]];
        }
        add(values);
    }

    /** Null when {@code other} gives the same answer, else what differs. */
    public String differenceFrom(Answer other) {
        if (rows != other.rows) {
            return rows + " rows vs " + other.rows;
        }
        if (keyHash != other.keyHash) {
            return "different rows (" + rows + " each)";
        }
        for (int i = 0; i < sums.length; i++) {
            if (!close(sums[i], other.sums[i])) {
                return String.format(Locale.ROOT, "column %d sums to %s vs %s", i + 1, sums[i], other.sums[i]);
            }
        }
        if (kept != null && other.kept != null) {
            List<Object[]> a = sorted(kept);
            List<Object[]> b = sorted(other.kept);
            for (int r = 0; r < a.size(); r++) {
                for (int c = 0; c < sums.length; c++) {
                    if (!same(a.get(r)[c], b.get(r)[c])) {
                        return "row " + (r + 1) + " differs: " + java.util.Arrays.toString(a.get(r)) + " vs "
                                + java.util.Arrays.toString(b.get(r));
                    }
                }
            }
        }
        return null;
    }

    private static Object convert(PaperTask.Kind kind, Object v) {
        if (v == null || "NULL".equals(v) || "\\N".equals(v)) {
            return null;
        }
        return switch (kind) {
            case STRING -> v.toString();
            case LONG -> v instanceof Number n ? n.longValue() : Long.parseLong(v.toString().strip());
            case DOUBLE -> {
                double d = v instanceof Number n ? n.doubleValue() : Double.parseDouble(v.toString().strip());
                yield Double.isNaN(d) ? null : d; // a job's average of nothing is NaN where SQL's is NULL
            }
        };
    }

    private static List<Object[]> sorted(List<Object[]> rows) {
        List<Object[]> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(r -> java.util.Arrays.toString(r)));
        return copy;
    }

    private static boolean same(Object a, Object b) {
        if (a instanceof Double x && b instanceof Double y) {
            return close(x, y);
        }
        return Objects.equals(a, b);
    }

    private static boolean close(double a, double b) {
        return a == b || Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
    }

    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }
}
