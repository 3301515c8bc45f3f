package org.hadoopdb.functions.impl;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Hive's dates and timestamps for generated expression code: CAST from strings (NULL when the text
 * is not a date or timestamp) and between dates, timestamps and seconds since the epoch (UTC), and
 * date and timestamp arithmetic with intervals. Dates are epoch days, timestamps
 * {@code LocalDateTime}s; methods returning an object return null for SQL NULL.
 */
public final class HiveDates {
    private HiveDates() {
    }

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
        BigDecimal seconds = BigDecimal.valueOf(t.toEpochSecond(ZoneOffset.UTC)).add(BigDecimal.valueOf(t.getNano(), 9));
        return HiveCasts.enforce(seconds, precision, scale);
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
}
