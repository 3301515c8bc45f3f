package org.hadoopdb.connector.row;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import org.hadoopdb.catalog.model.HiveType;

/** The reference SQL ordering that sort keys must reproduce, written directly on Java values. */
final class SqlOrder {
    private SqlOrder() {
    }

    static int compare(HiveType type, boolean descending, SortKeySpec.NullOrder nulls, Object a, Object b) {
        if (a == null || b == null) {
            if (a == b) {
                return 0;
            }
            int nullFirst = nulls == SortKeySpec.NullOrder.FIRST ? -1 : 1;
            return a == null ? nullFirst : -nullFirst;
        }
        int c = compareValues(type, a, b);
        return descending ? -c : c;
    }

    static int compareValues(HiveType type, Object a, Object b) {
        return switch (type.kind()) {
            case TINYINT, SMALLINT, INT, BIGINT -> Long.compare(((Number) a).longValue(), ((Number) b).longValue());
            case FLOAT, DOUBLE -> Double.compare(noNegativeZero(((Number) a).doubleValue()), noNegativeZero(((Number) b).doubleValue()));
            case DECIMAL -> ((BigDecimal) a).compareTo((BigDecimal) b);
            case STRING, VARCHAR -> compareCodePoints((String) a, (String) b);
            case CHAR -> compareCodePoints(stripTrailingSpaces((String) a), stripTrailingSpaces((String) b));
            case BOOLEAN -> Boolean.compare((Boolean) a, (Boolean) b);
            case DATE -> ((LocalDate) a).compareTo((LocalDate) b);
            case TIMESTAMP -> ((LocalDateTime) a).compareTo((LocalDateTime) b);
            case BINARY -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
            case ARRAY, MAP, STRUCT -> throw new IllegalArgumentException("complex values have no sort order: " + type);
        };
    }

    private static double noNegativeZero(double d) {
        return d == 0.0 ? 0.0 : d;
    }

    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    static String stripTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }
}
