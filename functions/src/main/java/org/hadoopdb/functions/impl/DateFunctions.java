package org.hadoopdb.functions.impl;

import static org.hadoopdb.functions.ArgKind.ANY;
import static org.hadoopdb.functions.ArgKind.BIGINT;
import static org.hadoopdb.functions.ArgKind.DATE;
import static org.hadoopdb.functions.ArgKind.DATETIME;
import static org.hadoopdb.functions.ArgKind.INT;
import static org.hadoopdb.functions.ArgKind.STRING;
import static org.hadoopdb.functions.FunctionDefinition.function;

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
import java.util.List;
import java.util.TimeZone;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rex.RexCall;
import org.hadoopdb.functions.FunctionDefinition;
import org.hadoopdb.functions.HiveReturnTypes;
import org.hadoopdb.functions.PgTemplates;
import org.hadoopdb.functions.PostgresForm;

/**
 * Hive's date and time functions: their definitions, and their implementations for generated code. Timestamps carry no time zone (as Hive's);
 * conversions to and from seconds since the epoch use the session time zone, which is UTC.
 */
public final class DateFunctions {
    private DateFunctions() {
    }

    /** The family's functions. */
    public static List<FunctionDefinition> definitions() {
        return List.of(
                field("year", "The year", TimeUnitRange.YEAR),
                field("quarter", "The quarter (1 to 4)", TimeUnitRange.QUARTER),
                field("month", "The month (1 to 12)", TimeUnitRange.MONTH),
                field("day", "The day of the month", TimeUnitRange.DAY).aliases("dayofmonth"),
                field("hour", "The hour (0 to 23)", TimeUnitRange.HOUR),
                field("minute", "The minute", TimeUnitRange.MINUTE),
                field("second", "The second", TimeUnitRange.SECOND),
                field("weekofyear", "The ISO-8601 week of the year", TimeUnitRange.WEEK),
                field("dayofweek", "The day of the week, 1 (Sunday) to 7 (Saturday)", TimeUnitRange.DOW),
                function("to_date", "to_date(date|timestamp|string d)", "The date part of d")
                        .params(1, DATETIME).returns(HiveReturnTypes.DATE).pushedAs("CAST({0} AS DATE)")
                        .implementedBy(DateFunctions.class),
                function("date", "date(date|timestamp|string d)", "d as a date (CAST(d AS DATE))")
                        .params(1, DATE).returns(HiveReturnTypes.DATE).pushedAs("CAST({0} AS DATE)")
                        .implementedBy(DateFunctions.class),
                function("datediff", "datediff(date end, date start)", "The number of days from start to end")
                        .params(2, DATE, DATE).returns(HiveReturnTypes.INT).pushedAs("{0} - {1}")
                        .implementedBy(DateFunctions.class),
                function("date_add", "date_add(date d, int days)", "d plus days days")
                        .params(2, DATE, INT).returns(HiveReturnTypes.DATE).postgres(call -> addDaysInPostgres("date_add", "+", call))
                        .implementedBy(DateFunctions.class),
                function("date_sub", "date_sub(date d, int days)", "d minus days days")
                        .params(2, DATE, INT).returns(HiveReturnTypes.DATE).postgres(call -> addDaysInPostgres("date_sub", "-", call))
                        .implementedBy(DateFunctions.class),
                function("add_months", "add_months(date d, int n)",
                        "d plus n months as 'yyyy-MM-dd'; the last day of a month stays the last day")
                        .params(2, DATE, INT).returns(HiveReturnTypes.STRING).notPushed(noEquivalent("add_months"))
                        .implementedBy(DateFunctions.class),
                function("last_day", "last_day(date d)", "The last day of d's month as 'yyyy-MM-dd'")
                        .params(1, DATE).returns(HiveReturnTypes.STRING).notPushed(noEquivalent("last_day"))
                        .implementedBy(DateFunctions.class),
                function("months_between", "months_between(date|timestamp a, date|timestamp b)",
                        "The months from b to a, fractional unless both are the same day of month or both last days, rounded to 8 digits")
                        .params(2, DATETIME, DATETIME).returns(HiveReturnTypes.DOUBLE).notPushed(noEquivalent("months_between"))
                        .implementedBy(DateFunctions.class),
                function("date_format", "date_format(date|timestamp d, string pattern)",
                        "d formatted with a Java SimpleDateFormat pattern")
                        .params(2, DATETIME, STRING).returns(HiveReturnTypes.STRING).notPushed(noEquivalent("date_format"))
                        .implementedBy(DateFunctions.class),
                // without arguments: the query's start, a literal by then (QueryClock)
                function("unix_timestamp", "unix_timestamp([string|date|timestamp t[, string pattern]])",
                        "Seconds since 1970-01-01 00:00 UTC of t (text read as 'yyyy-MM-dd HH:mm:ss' or with the SimpleDateFormat "
                                + "pattern, in the session time zone, UTC by default); of the query's start without arguments")
                        .params(0, ANY, STRING).returns(HiveReturnTypes.BIGINT)
                        .postgres(call -> call.operands.size() == 1 && !PgTemplates.string(call.operands.get(0))
                                ? PostgresForm.sql("CAST(FLOOR(EXTRACT(EPOCH FROM CAST({0} AS TIMESTAMP))) AS BIGINT)")
                                : PostgresForm.notPushed("unix_timestamp of text parses with Java's SimpleDateFormat rules"))
                        .implementedBy(DateFunctions.class),
                function("from_unixtime", "from_unixtime(bigint seconds[, string pattern])",
                        "The time seconds after 1970-01-01 00:00 UTC as text ('yyyy-MM-dd HH:mm:ss' or the pattern), in the session time zone")
                        .params(1, BIGINT, STRING).returns(HiveReturnTypes.STRING).notPushed(noEquivalent("from_unixtime"))
                        .implementedBy(DateFunctions.class),
                // fixed to literals at planning (QueryClock), before either side sees them
                function("current_date", "current_date()", "The date when the query started (the same for every row)")
                        .params(0).returns(HiveReturnTypes.DATE).nondeterministic().notPushed(noEquivalent("current_date"))
                        .inline(),
                function("current_timestamp", "current_timestamp()", "The time when the query started (the same for every row)")
                        .params(0).returns(HiveReturnTypes.TIMESTAMP).nondeterministic()
                        .notPushed(noEquivalent("current_timestamp")).inline());
    }

    /** A field of a date, timestamp or date text, as Hive's INT. */
    private static FunctionDefinition field(String name, String what, TimeUnitRange unit) {
        return function(name, name + "(date|timestamp|string d)", what + " of d")
                .params(1, DATETIME).returns(HiveReturnTypes.INT)
                .postgres(call -> PgTemplates.extract(unit, call.operands.get(0).getType(), "{0}"))
                .implementedBy(DateFunctions.class);
    }

    private static String noEquivalent(String name) {
        return name + " has no PostgreSQL equivalent with Hive's semantics";
    }

    private static PostgresForm addDaysInPostgres(String name, String sign, RexCall call) {
        Integer days = PgTemplates.intLiteral(call.operands.get(1));
        if (days == null || Math.abs((long) days) > 1_000_000) {
            return PostgresForm.notPushed(name + " by a computed or huge number of days: Hive's dates reach years PostgreSQL's "
                    + "cannot (an error there)");
        }
        return PostgresForm.sql("{0} " + sign + " {1}");
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
