package org.hadoopdb.functions.impl;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Pattern;
import org.hadoopdb.catalog.model.HiveTimestampFormat;

/**
 * Hive's value conversions and comparisons, called by generated expression code: CAST (a string
 * that does not parse gives NULL, never an error; integer narrowing wraps as in Java), the text form
 * of every type, decimal precision enforcement, code-point string order and LIKE patterns.
 * Methods returning an object return null for SQL NULL.
 */
public final class HiveValues {
    private HiveValues() {
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

    // ---------------------------------------------------------------- dates and timestamps

    /**
     * Hive's CAST(string AS DATE): {@code yyyy-M-d} optionally followed by a time part after a space
     * or {@code T}; NULL otherwise. Returns the epoch day.
     */
    public static Long toEpochDay(String s) {
        if (s == null) {
            return null;
        }
        String t = s.trim();
        int[] ymd = new int[3];
        int end = parseDate(t, ymd);
        if (end < 0) {
            return null;
        }
        if (end < t.length() && t.charAt(end) != ' ' && t.charAt(end) != 'T') {
            return null;
        }
        if (end < t.length() && toTimestamp(t) == null) {
            return null;
        }
        try {
            return LocalDate.of(ymd[0], ymd[1], ymd[2]).toEpochDay();
        } catch (java.time.DateTimeException e) {
            return null; // Feb 30 and the like: not a date
        }
    }

    /** Parses {@code y-M-d} at the start of {@code t}; the index after it, or -1. */
    private static int parseDate(String t, int[] ymd) {
        int i = 0;
        for (int part = 0; part < 3; part++) {
            int start = i;
            int v = 0;
            while (i < t.length() && Character.isDigit(t.charAt(i)) && i - start < 9) {
                v = v * 10 + (t.charAt(i) - '0');
                i++;
            }
            int len = i - start;
            if (len == 0 || part == 0 && len != 4 || part > 0 && len > 2) {
                return -1;
            }
            ymd[part] = v;
            if (part < 2) {
                if (i >= t.length() || t.charAt(i) != '-') {
                    return -1;
                }
                i++;
            }
        }
        return i;
    }

    /**
     * Hive's CAST(string AS TIMESTAMP): {@code yyyy-M-d[( |T)H:m[:s[.f…]]]}; NULL otherwise.
     */
    public static LocalDateTime toTimestamp(String s) {
        if (s == null) {
            return null;
        }
        String t = s.trim();
        int[] ymd = new int[3];
        int i = parseDate(t, ymd);
        if (i < 0) {
            return null;
        }
        int hour = 0;
        int minute = 0;
        int second = 0;
        int nanos = 0;
        if (i < t.length()) {
            if (t.charAt(i) != ' ' && t.charAt(i) != 'T') {
                return null;
            }
            i++;
            int[] hms = new int[3];
            int parts = 0;
            while (parts < 3) {
                int start = i;
                int v = 0;
                while (i < t.length() && Character.isDigit(t.charAt(i)) && i - start < 2) {
                    v = v * 10 + (t.charAt(i) - '0');
                    i++;
                }
                if (i == start) {
                    return null;
                }
                hms[parts++] = v;
                if (parts < 3 && i < t.length() && t.charAt(i) == ':') {
                    i++;
                } else {
                    break;
                }
            }
            if (parts < 2) {
                return null;
            }
            hour = hms[0];
            minute = hms[1];
            second = hms[2];
            if (i < t.length() && t.charAt(i) == '.' && parts == 3) {
                i++;
                int start = i;
                while (i < t.length() && Character.isDigit(t.charAt(i))) {
                    if (i - start < 9) {
                        nanos = nanos * 10 + (t.charAt(i) - '0');
                    }
                    i++;
                }
                if (i == start) {
                    return null;
                }
                for (int k = Math.min(9, i - start); k < 9; k++) {
                    nanos *= 10;
                }
            }
            if (i != t.length()) {
                return null;
            }
        }
        try {
            return LocalDateTime.of(ymd[0], ymd[1], ymd[2], hour, minute, second, nanos);
        } catch (java.time.DateTimeException e) {
            return null; // out-of-range field: not a timestamp
        }
    }

    public static Long epochDayOrNull(LocalDate d) {
        return d == null ? null : d.toEpochDay();
    }

    public static LocalDateTime dateToTimestamp(long epochDay) {
        return LocalDate.ofEpochDay(epochDay).atStartOfDay();
    }

    public static long timestampToEpochDay(LocalDateTime t) {
        return t.toLocalDate().toEpochDay();
    }

    /** Seconds since the epoch (UTC) as a timestamp (Hive's CAST(number AS TIMESTAMP)). */
    public static LocalDateTime secondsToTimestamp(long seconds) {
        return LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
    }

    /** Fractional seconds since the epoch (UTC) as a timestamp; NaN and infinities are NULL. */
    public static LocalDateTime secondsToTimestamp(double seconds) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds) || Math.abs(seconds) > 3.1e11) {
            return null;
        }
        long s = (long) Math.floor(seconds);
        int nanos = (int) Math.round((seconds - s) * 1e9);
        if (nanos >= 1_000_000_000) {
            s++;
            nanos -= 1_000_000_000;
        }
        return LocalDateTime.ofEpochSecond(s, nanos, ZoneOffset.UTC);
    }

    public static LocalDateTime secondsToTimestamp(BigDecimal seconds) {
        BigDecimal floor = seconds.setScale(0, RoundingMode.FLOOR);
        int nanos = seconds.subtract(floor).movePointRight(9).intValue();
        return LocalDateTime.ofEpochSecond(floor.longValueExact(), nanos, ZoneOffset.UTC);
    }

    /** A timestamp as seconds since the epoch (UTC), the fraction dropped (Hive's CAST(ts AS BIGINT)). */
    public static long timestampToSeconds(LocalDateTime t) {
        return t.toEpochSecond(ZoneOffset.UTC);
    }

    public static double timestampToDouble(LocalDateTime t) {
        return t.toEpochSecond(ZoneOffset.UTC) + t.getNano() / 1e9;
    }

    public static BigDecimal timestampToDecimal(LocalDateTime t, int precision, int scale) {
        return enforce(BigDecimal.valueOf(t.toEpochSecond(ZoneOffset.UTC)).add(BigDecimal.valueOf(t.getNano(), 9)),
                precision, scale);
    }

    /** Timestamp arithmetic with a day-time interval in milliseconds. */
    public static LocalDateTime plusMillis(LocalDateTime t, long millis) {
        return t.plusNanos(millis * 1_000_000L);
    }

    /** Date arithmetic with a day-time interval in milliseconds (whole days; a fraction of a day is dropped). */
    public static long plusMillis(long epochDay, long millis) {
        return epochDay + Math.floorDiv(millis, 86_400_000L);
    }

    public static long plusMonths(long epochDay, int months) {
        return LocalDate.ofEpochDay(epochDay).plusMonths(months).toEpochDay();
    }

    public static LocalDateTime plusMonths(LocalDateTime t, int months) {
        return t.plusMonths(months);
    }

    // ---------------------------------------------------------------- comparisons

    /** Code-point order (UTF-8 byte order), as Hive compares text; {@link String#compareTo} orders UTF-16 units. */
    public static int compare(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                boolean sx = Character.isSurrogate(x);
                boolean sy = Character.isSurrogate(y);
                if (sx == sy) {
                    return x - y;
                }
                // a surrogate (a code point above U+FFFF) sorts after every BMP character
                return sx ? 1 : -1;
            }
        }
        return a.length() - b.length();
    }

    public static int compare(byte[] a, byte[] b) {
        return java.util.Arrays.compareUnsigned(a, b);
    }

    public static int compare(BigDecimal a, BigDecimal b) {
        return a.compareTo(b);
    }

    public static int compare(LocalDateTime a, LocalDateTime b) {
        return a.compareTo(b);
    }

    public static int compare(boolean a, boolean b) {
        return Boolean.compare(a, b);
    }

    /** Equality of decimals by value ({@code 1.0 = 1.00}). */
    public static boolean equal(BigDecimal a, BigDecimal b) {
        return a.compareTo(b) == 0;
    }

    public static BigDecimal decimal(long v) {
        return BigDecimal.valueOf(v);
    }

    public static BigDecimal decimal(String unscaledAndScale) {
        return new BigDecimal(unscaledAndScale);
    }

    public static BigInteger unscaled(BigDecimal d) {
        return d.unscaledValue();
    }

    // ---------------------------------------------------------------- decimal arithmetic

    public static BigDecimal add(BigDecimal a, BigDecimal b, int precision, int scale) {
        return enforce(a.add(b), precision, scale);
    }

    public static BigDecimal subtract(BigDecimal a, BigDecimal b, int precision, int scale) {
        return enforce(a.subtract(b), precision, scale);
    }

    public static BigDecimal multiply(BigDecimal a, BigDecimal b, int precision, int scale) {
        return enforce(a.multiply(b), precision, scale);
    }

    /** Decimal division rounded half up to the result scale; division by zero is NULL (Hive). */
    public static BigDecimal divide(BigDecimal a, BigDecimal b, int precision, int scale) {
        if (b.signum() == 0) {
            return null;
        }
        return enforce(a.divide(b, scale, RoundingMode.HALF_UP), precision, scale);
    }

    /** Decimal remainder (sign of the dividend); by zero is NULL. */
    public static BigDecimal remainder(BigDecimal a, BigDecimal b, int precision, int scale) {
        if (b.signum() == 0) {
            return null;
        }
        return enforce(a.remainder(b), precision, scale);
    }

    // ---------------------------------------------------------------- LIKE

    /**
     * A SQL LIKE pattern with an escape character as a Java regex: {@code %} any characters,
     * {@code _} one character, the escape character makes the next one literal. An escape at the
     * end, or before a character other than {@code %}, {@code _} or itself, is an error in SQL; here
     * it stands for itself.
     */
    public static Pattern likePattern(String like, char escape) {
        StringBuilder re = new StringBuilder(like.length() + 8);
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            if (c == escape && i + 1 < like.length()) {
                literal.append(like.charAt(++i));
            } else if (c == '%' || c == '_') {
                flush(re, literal);
                re.append(c == '%' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        flush(re, literal);
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    /**
     * Hive's LIKE on a pattern computed at run time: a backslash escapes only a following {@code %}
     * or {@code _}; any other backslash is itself.
     */
    public static Pattern hiveLikePattern(String like) {
        StringBuilder re = new StringBuilder(like.length() + 8);
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            if (c == '\\' && i + 1 < like.length() && (like.charAt(i + 1) == '%' || like.charAt(i + 1) == '_')) {
                literal.append(like.charAt(++i));
            } else if (c == '%' || c == '_') {
                flush(re, literal);
                re.append(c == '%' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        flush(re, literal);
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    private static void flush(StringBuilder re, StringBuilder literal) {
        if (literal.length() > 0) {
            re.append(Pattern.quote(literal.toString()));
            literal.setLength(0);
        }
    }
}
