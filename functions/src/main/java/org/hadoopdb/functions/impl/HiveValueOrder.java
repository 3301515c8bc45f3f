package org.hadoopdb.functions.impl;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Hive's order of values in their row forms (the elements of arrays, see {@code ComplexJson}), for
 * sort_array, array_contains, array_max and the like: NULL first; booleans false before true;
 * numbers by value, {@code -0.0} equal to {@code 0.0} and NaN above everything (equal to itself);
 * strings by code point (the order of their UTF-8 bytes, not Java's UTF-16 order); binary by
 * unsigned bytes; dates and timestamps in time; arrays and structs element by element, then the
 * shorter first. Maps have no order (Hive compares none), nor have values of different kinds: both
 * are refused with an {@link IllegalArgumentException}, which validation rules out.
 */
public final class HiveValueOrder implements Comparator<Object> {
    /** The one instance: it holds no state. */
    public static final HiveValueOrder INSTANCE = new HiveValueOrder();

    private HiveValueOrder() {
    }

    @Override
    public int compare(Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        if (a instanceof String x && b instanceof String y) {
            return HiveComparisons.compare(x, y);
        }
        if (floating(a) && floating(b)) {
            return compareFloating(((Number) a).doubleValue(), ((Number) b).doubleValue());
        }
        if (integer(a) && integer(b)) {
            return Long.compare(((Number) a).longValue(), ((Number) b).longValue());
        }
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y);
        }
        if (a instanceof Boolean x && b instanceof Boolean y) {
            return Boolean.compare(x, y);
        }
        if (a instanceof LocalDate x && b instanceof LocalDate y) {
            return x.compareTo(y);
        }
        if (a instanceof LocalDateTime x && b instanceof LocalDateTime y) {
            return x.compareTo(y);
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return HiveComparisons.compare(x, y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            return compareLists(x, y);
        }
        if (a instanceof Map<?, ?> || b instanceof Map<?, ?>) {
            throw new IllegalArgumentException("Hive does not order maps");
        }
        throw new IllegalArgumentException("Values of different types cannot be ordered: " + a.getClass().getSimpleName()
                + " and " + b.getClass().getSimpleName());
    }

    /** Whether Hive holds {@code a} and {@code b} equal (the order's ties: {@code 0.0 = -0.0}, NaN = NaN, 1.0 = 1.00). */
    public boolean equal(Object a, Object b) {
        return compare(a, b) == 0;
    }

    private static boolean floating(Object o) {
        return o instanceof Double || o instanceof Float;
    }

    private static boolean integer(Object o) {
        return o instanceof Byte || o instanceof Short || o instanceof Integer || o instanceof Long;
    }

    private static int compareFloating(double x, double y) {
        // Double.compare puts -0.0 below 0.0; Hive holds them equal
        return x == 0.0 && y == 0.0 ? 0 : Double.compare(x, y);
    }

    private int compareLists(List<?> x, List<?> y) {
        int n = Math.min(x.size(), y.size());
        for (int i = 0; i < n; i++) {
            int c = compare(x.get(i), y.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.size(), y.size());
    }
}
