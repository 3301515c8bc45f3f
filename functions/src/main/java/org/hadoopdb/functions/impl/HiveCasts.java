package org.hadoopdb.functions.impl;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.regex.Pattern;
import org.hadoopdb.catalog.model.HiveTimestampFormat;

/**
 * Hive's CAST between numbers, strings, booleans and binary, called by generated expression code:
 * a string that does not parse gives NULL, never an error; integer narrowing wraps as in Java; a
 * decimal is rounded to its type's scale and is NULL when it does not fit its precision; every type
 * has Hive's text form. Parsing dates and timestamps, and converting them to and from numbers, is
 * in {@link HiveDates}.
 * Methods returning an object return null for SQL NULL.
 */
public final class HiveCasts {
    private HiveCasts() {
    }

    // ---------------------------------------------------------------- string -> number

    /**
     * Hive's string-to-integer parse: surrounding whitespace ignored, an optional sign, digits, and
     * an optional fractional part that is truncated ({@code '1.9'} is 1). Anything else, or a value
     * outside {@code [min, max]}, is NULL.
     */
    public static Long parseInteger(String s, long min, long max) {
        if (s == null) {
            return null;
        }
        int i = 0;
        int n = s.length();
        while (i < n && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        while (n > i && Character.isWhitespace(s.charAt(n - 1))) {
            n--;
        }
        if (i == n) {
            return null;
        }
        boolean negative = false;
        char c = s.charAt(i);
        if (c == '-' || c == '+') {
            negative = c == '-';
            i++;
        }
        int digitsStart = i;
        long value = 0;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            int d = s.charAt(i) - '0';
            // accumulate negatively so that Long.MIN_VALUE fits
            if (value < (Long.MIN_VALUE + d) / 10) {
                return null;
            }
            value = value * 10 - d;
            i++;
        }
        if (i == digitsStart) {
            return null;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
        }
        if (i != n) {
            return null;
        }
        if (!negative) {
            if (value == Long.MIN_VALUE) {
                return null;
            }
            value = -value;
        }
        return value < min || value > max ? null : value;
    }

    public static Integer toInt(String s) {
        Long v = parseInteger(s, Integer.MIN_VALUE, Integer.MAX_VALUE);
        return v == null ? null : (int) (long) v;
    }

    public static Long toBigint(String s) {
        return parseInteger(s, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    public static Integer toSmallint(String s) {
        Long v = parseInteger(s, Short.MIN_VALUE, Short.MAX_VALUE);
        return v == null ? null : (int) (long) v;
    }

    public static Integer toTinyint(String s) {
        Long v = parseInteger(s, Byte.MIN_VALUE, Byte.MAX_VALUE);
        return v == null ? null : (int) (long) v;
    }

    private static final Pattern JAVA_DOUBLE = Pattern.compile(
            "[+-]?(NaN|Infinity|((\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?))[fFdD]?");

    /** Hive's string-to-double: Java's {@code Double.parseDouble} on the trimmed text, NULL when it fails. */
    public static Double toDouble(String s) {
        if (s == null) {
            return null;
        }
        String t = s.trim();
        if (!JAVA_DOUBLE.matcher(t).matches()) {
            return null;
        }
        return Double.parseDouble(t);
    }

    public static Float toFloat(String s) {
        Double d = toDouble(s);
        return d == null ? null : (float) (double) d;
    }

    /** A decimal(precision, scale) from text: NULL when it does not parse or does not fit. */
    public static BigDecimal toDecimal(String s, int precision, int scale) {
        if (s == null) {
            return null;
        }
        BigDecimal d;
        try {
            d = new BigDecimal(s.trim());
        } catch (NumberFormatException e) {
            return null; // Hive: a string that is not a number is NULL
        }
        return enforce(d, precision, scale);
    }

    /** A double as decimal(precision, scale); NaN and infinities are NULL. */
    public static BigDecimal toDecimal(double v, int precision, int scale) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return null;
        }
        return enforce(new BigDecimal(Double.toString(v)), precision, scale);
    }

    public static BigDecimal toDecimal(long v, int precision, int scale) {
        return enforce(BigDecimal.valueOf(v), precision, scale);
    }

    public static BigDecimal toDecimal(boolean v, int precision, int scale) {
        return enforce(v ? BigDecimal.ONE : BigDecimal.ZERO, precision, scale);
    }

    /**
     * Hive's decimal(p, s) rule: round half up to scale {@code s}; a value with more than
     * {@code p - s} integer digits is NULL.
     */
    public static BigDecimal enforce(BigDecimal d, int precision, int scale) {
        if (d == null) {
            return null;
        }
        BigDecimal r = d.scale() == scale ? d : d.setScale(scale, RoundingMode.HALF_UP);
        if (r.precision() - r.scale() > precision - scale && r.signum() != 0) {
            return null;
        }
        return r;
    }

    // ---------------------------------------------------------------- number -> integer (Java narrowing)

    public static long decimalToLong(BigDecimal d) {
        return d.longValue();
    }

    /** Java's double-to-long conversion: truncation, NaN is 0, saturating at the range ends. */
    public static long doubleToLong(double d) {
        return (long) d;
    }

    /** Java's double-to-int conversion: truncation, NaN is 0, saturating. */
    public static int doubleToInt(double d) {
        return (int) d;
    }

    // ---------------------------------------------------------------- to string

    public static String toString(long v) {
        return Long.toString(v);
    }

    /** Hive prints doubles as Java does ({@code 1.0E10}, {@code NaN}, {@code Infinity}). */
    public static String toString(double v) {
        return Double.toString(v);
    }

    public static String toString(float v) {
        return Float.toString(v);
    }

    public static String toString(BigDecimal v) {
        return v.toPlainString();
    }

    /** Hive's CAST(boolean AS STRING) is {@code TRUE} or {@code FALSE}. */
    public static String toString(boolean v) {
        return v ? "TRUE" : "FALSE";
    }

    public static String dateToString(long epochDay) {
        return LocalDate.ofEpochDay(epochDay).toString();
    }

    /** {@code yyyy-MM-dd HH:mm:ss[.fffffffff]}, the fraction without trailing zeros ({@link HiveTimestampFormat}). */
    public static String toString(LocalDateTime t) {
        return HiveTimestampFormat.format(t);
    }

    /** Binary as text: the bytes decoded as UTF-8 (Hive's CAST(binary AS STRING)). */
    public static String toString(byte[] b) {
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }

    public static byte[] toBinary(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    // ---------------------------------------------------------------- booleans

    /**
     * Hive's CAST(string AS BOOLEAN): the empty string and {@code false}, {@code off}, {@code no},
     * {@code 0}, {@code f}, {@code n} (any case) are false, {@code true}, {@code on}, {@code yes},
     * {@code 1}, {@code t}, {@code y} are true; anything else is NULL.
     */
    public static Boolean toBoolean(String s) {
        if (s == null) {
            return null;
        }
        switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "", "false", "off", "no", "0", "f", "n":
                return Boolean.FALSE;
            case "true", "on", "yes", "1", "t", "y":
                return Boolean.TRUE;
            default:
                return null;
        }
    }

    // ---------------------------------------------------------------- decimals

    public static BigDecimal decimal(long v) {
        return BigDecimal.valueOf(v);
    }

    public static BigDecimal decimal(String unscaledAndScale) {
        return new BigDecimal(unscaledAndScale);
    }

    public static BigInteger unscaled(BigDecimal d) {
        return d.unscaledValue();
    }
}
