package org.hadoopdb.functions.impl;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.ParsePosition;
import java.text.SimpleDateFormat;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.util.Date;
import java.util.TimeZone;

/**
 * Hive's date and time functions for generated code. Timestamps carry no time zone (as Hive's);
 * conversions to and from seconds since the epoch use the session time zone, which is UTC.
 */
public final class DateFunctions {
    private DateFunctions() {
    }

    public static int year(LocalDate d) {
        return d.getYear();
    }

    public static int year(LocalDateTime t) {
        return t.getYear();
    }

    public static int quarter(LocalDate d) {
        return (d.getMonthValue() + 2) / 3;
    }

    public static int quarter(LocalDateTime t) {
        return (t.getMonthValue() + 2) / 3;
    }

    public static int month(LocalDate d) {
        return d.getMonthValue();
    }

    public static int month(LocalDateTime t) {
        return t.getMonthValue();
    }

    public static int day(LocalDate d) {
        return d.getDayOfMonth();
    }

    public static int day(LocalDateTime t) {
        return t.getDayOfMonth();
    }

    public static int hour(LocalDate d) {
        return 0;
    }

    public static int hour(LocalDateTime t) {
        return t.getHour();
    }

    public static int minute(LocalDate d) {
        return 0;
    }

    public static int minute(LocalDateTime t) {
        return t.getMinute();
    }

    public static int second(LocalDate d) {
        return 0;
    }

    public static int second(LocalDateTime t) {
        return t.getSecond();
    }

    /** The ISO-8601 week (weeks start on Monday; week 1 holds the year's first Thursday). */
    public static int weekofyear(LocalDate d) {
        return d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
    }

    public static int weekofyear(LocalDateTime t) {
        return weekofyear(t.toLocalDate());
    }

    /** 1 for Sunday to 7 for Saturday. */
    public static int dayofweek(LocalDate d) {
        return d.getDayOfWeek().getValue() % 7 + 1;
    }

    public static int dayofweek(LocalDateTime t) {
        return dayofweek(t.toLocalDate());
    }

    public static LocalDate to_date(LocalDate d) {
        return d;
    }

    public static LocalDate to_date(LocalDateTime t) {
        return t.toLocalDate();
    }

    public static LocalDate date(LocalDate d) {
        return d;
    }

    public static int datediff(LocalDate end, LocalDate start) {
        return (int) (end.toEpochDay() - start.toEpochDay());
    }

    public static LocalDate date_add(LocalDate d, int days) {
        return d.plusDays(days);
    }

    public static LocalDate date_sub(LocalDate d, int days) {
        return d.minusDays(days);
    }

    /** Hive's add_months: the last day of a month maps to the last day of the target month. */
    public static String add_months(LocalDate d, int months) {
        LocalDate r = d.plusMonths(months);
        if (d.getDayOfMonth() == d.lengthOfMonth()) {
            r = r.withDayOfMonth(r.lengthOfMonth());
        }
        return r.toString();
    }

    public static String last_day(LocalDate d) {
        return d.withDayOfMonth(d.lengthOfMonth()).toString();
    }

    /**
     * Hive's months_between: whole months when both are the same day of month or both the last day
     * of their month, else the month difference plus the difference in time within the month over
     * 31 days; rounded half up to 8 decimal places.
     */
    public static double months_between(LocalDateTime a, LocalDateTime b) {
        int months = (a.getYear() - b.getYear()) * 12 + a.getMonthValue() - b.getMonthValue();
        int da = a.getDayOfMonth();
        int db = b.getDayOfMonth();
        boolean lastA = da == a.toLocalDate().lengthOfMonth();
        boolean lastB = db == b.toLocalDate().lengthOfMonth();
        if (da == db || lastA && lastB) {
            return months;
        }
        long secA = (da - 1) * 86_400L + a.toLocalTime().toSecondOfDay();
        long secB = (db - 1) * 86_400L + b.toLocalTime().toSecondOfDay();
        double result = months + (secA - secB) / (31d * 86_400d);
        return BigDecimal.valueOf(result).setScale(8, RoundingMode.HALF_UP).doubleValue();
    }

    public static double months_between(LocalDate a, LocalDate b) {
        return months_between(a.atStartOfDay(), b.atStartOfDay());
    }

    public static double months_between(LocalDate a, LocalDateTime b) {
        return months_between(a.atStartOfDay(), b);
    }

    public static double months_between(LocalDateTime a, LocalDate b) {
        return months_between(a, b.atStartOfDay());
    }

    /** The last formatter used by one call site (patterns rarely change from row to row). */
    public static final class Formats implements FunctionState {
        private String pattern;
        private SimpleDateFormat format;

        SimpleDateFormat get(String p) {
            if (!p.equals(pattern)) {
                SimpleDateFormat f;
                try {
                    f = new SimpleDateFormat(p, java.util.Locale.ROOT);
                } catch (IllegalArgumentException e) {
                    return null; // Hive gives NULL for an invalid pattern
                }
                f.setTimeZone(TimeZone.getTimeZone(ZoneOffset.UTC));
                pattern = p;
                format = f;
            }
            return format;
        }
    }

    public static String date_format(Formats formats, LocalDateTime t, String pattern) {
        SimpleDateFormat f = formats.get(pattern);
        return f == null ? null : f.format(Date.from(t.toInstant(ZoneOffset.UTC)));
    }

    public static String date_format(Formats formats, LocalDate d, String pattern) {
        return date_format(formats, d.atStartOfDay(), pattern);
    }

    /** Seconds since the epoch of text in {@code yyyy-MM-dd HH:mm:ss} (UTC); NULL when it does not parse. */
    public static Long unix_timestamp(Formats formats, String s) {
        return unix_timestamp(formats, s, "yyyy-MM-dd HH:mm:ss");
    }

    /** As SimpleDateFormat parses {@code s} with {@code pattern} (leniently, text after the match ignored), in UTC. */
    public static Long unix_timestamp(Formats formats, String s, String pattern) {
        SimpleDateFormat f = formats.get(pattern);
        if (f == null) {
            return null;
        }
        Date d = f.parse(s, new ParsePosition(0));
        return d == null ? null : Math.floorDiv(d.getTime(), 1000L);
    }

    public static long unix_timestamp(Formats formats, LocalDateTime t) {
        return t.toEpochSecond(ZoneOffset.UTC);
    }

    public static long unix_timestamp(Formats formats, LocalDate d) {
        return d.toEpochDay() * 86_400L;
    }

    public static String from_unixtime(Formats formats, long seconds) {
        return from_unixtime(formats, seconds, "yyyy-MM-dd HH:mm:ss");
    }

    public static String from_unixtime(Formats formats, long seconds, String pattern) {
        SimpleDateFormat f = formats.get(pattern);
        return f == null ? null : f.format(new Date(seconds * 1000L));
    }

    static long daysBetween(LocalDate a, LocalDate b) {
        return ChronoUnit.DAYS.between(a, b);
    }
}
