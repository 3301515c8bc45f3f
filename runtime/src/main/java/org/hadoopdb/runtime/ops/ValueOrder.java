package org.hadoopdb.runtime.ops;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import org.hadoopdb.catalog.model.HiveType;

/**
 * Hive's order of non-NULL values of one type: numbers by value, strings by code point (UTF-8 byte
 * order, as PostgreSQL's C collation), booleans false before true, binary by unsigned bytes.
 */
final class ValueOrder {
    private ValueOrder() {
    }

    static int compare(HiveType.Kind kind, Object a, Object b) {
        return switch (kind) {
            case TINYINT, SMALLINT, INT, BIGINT -> Long.compare(((Number) a).longValue(), ((Number) b).longValue());
            case FLOAT, DOUBLE -> Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue());
            case DECIMAL -> ((BigDecimal) a).compareTo((BigDecimal) b);
            case STRING, VARCHAR, CHAR -> compareCodePoints((String) a, (String) b);
            case BOOLEAN -> Boolean.compare((Boolean) a, (Boolean) b);
            case DATE -> ((LocalDate) a).compareTo((LocalDate) b);
            case TIMESTAMP -> ((LocalDateTime) a).compareTo((LocalDateTime) b);
            case BINARY -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
            case ARRAY, MAP, STRUCT -> throw new IllegalArgumentException("values of complex types have no order");
        };
    }

    /** Java's String order is by UTF-16 unit, which puts U+E000..U+FFFF after supplementary characters. */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
