package org.hadoopdb.jdbc.client.spark;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Java values as HiveQL literals, for the filters Spark pushes into HadoopDB. Each literal reads back
 * as exactly the value it was made from, with the type that compares with a column as Spark compares:
 *
 * <ul>
 *   <li>strings in single quotes with Hive's backslash escapes ({@code \\} and {@code \'}; HiveQL has no
 *       doubled-quote escape, {@code 'a''b'} being two adjacent literals);</li>
 *   <li>integers as digits; decimals with Hive's {@code BD} suffix, exact (a plain {@code 1.5} is a
 *       DOUBLE in HiveQL); a FLOAT as {@code CAST(d AS FLOAT)} of its exact double value, so it equals
 *       a FLOAT column holding the same float; negative numbers in parentheses, so that no minus in front
 *       of one makes {@code --}, HiveQL's line comment;</li>
 *   <li>dates as {@code DATE 'yyyy-mm-dd'}, timestamps as {@code TIMESTAMP 'yyyy-mm-dd hh:mm:ss[.f…]'}:
 *       HiveQL's are wall-clock values, and a {@link Timestamp} or an {@link Instant} is taken in this
 *       JVM's time zone, the one Spark and the driver read and write TIMESTAMP values in.</li>
 * </ul>
 * A value HiveQL cannot write exactly (NaN, infinities, binary, a date outside years 1 to 9999) is refused
 * with an {@link IllegalArgumentException}; Spark then keeps the filter and evaluates it itself.
 */
final class HiveQlLiterals {
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private HiveQlLiterals() {
    }

    /** The HiveQL literal of {@code value}; an array is its elements' literals, comma-separated (an IN list). */
    static String of(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof String s) {
            return string(s);
        }
        if (value instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long) {
            return signed(value.toString());
        }
        if (value instanceof BigDecimal d) {
            return signed(d.toPlainString() + "BD");
        }
        if (value instanceof Double d) {
            return signed(finite(d, value));
        }
        if (value instanceof Float f) {
            // the float's exact value as a double, narrowed back: the same float, whatever its decimal spelling
            return "CAST(" + finite(f.doubleValue(), value) + " AS FLOAT)";
        }
        if (value instanceof java.sql.Date d) {
            return date(d.toLocalDate());
        }
        if (value instanceof LocalDate d) {
            return date(d);
        }
        if (value instanceof Timestamp t) {
            return timestamp(t.toLocalDateTime());
        }
        if (value instanceof Instant i) {
            return timestamp(LocalDateTime.ofInstant(i, ZoneId.systemDefault()));
        }
        if (value instanceof LocalDateTime t) {
            return timestamp(t);
        }
        if (value instanceof Object[] values) {
            List<String> literals = new ArrayList<>(values.length);
            for (Object v : values) {
                literals.add(of(v));
            }
            return String.join(", ", literals);
        }
        throw new IllegalArgumentException("HiveQL has no literal for a " + value.getClass().getName() + " value");
    }

    /** {@code 'text'}, with Hive's backslash escapes for the backslash and the quote; every other character as it is. */
    static String string(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('\'');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' || c == '\'') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append('\'').toString();
    }

    private static String signed(String number) {
        return number.startsWith("-") ? "(" + number + ")" : number;
    }

    private static String finite(double d, Object value) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("HiveQL has no literal for " + value);
        }
        return Double.toString(d);
    }

    private static String date(LocalDate d) {
        checkYear(d.getYear(), d);
        return "DATE '" + d + "'";
    }

    private static String timestamp(LocalDateTime t) {
        checkYear(t.getYear(), t);
        String text = SECONDS.format(t);
        if (t.getNano() != 0) {
            String nanos = String.format("%09d", t.getNano());
            text += "." + nanos.replaceFirst("0+$", "");
        }
        return "TIMESTAMP '" + text + "'";
    }

    /** HiveQL's date literals have four-digit years. */
    private static void checkYear(int year, Object value) {
        if (year < 1 || year > 9999) {
            throw new IllegalArgumentException("HiveQL's date and timestamp literals have years 1 to 9999, not " + value);
        }
    }
}
