package org.hadoopdb.loader.text;

import java.time.LocalDate;
import org.hadoopdb.catalog.model.HiveType;

/**
 * DATE as Hive 3 reads it: surrounding spaces ignored, {@code y-M-d} with a year of 1 to 4 digits
 * (a leading {@code -} for years before 1), month and day of 1 or 2 digits, a real calendar date;
 * anything after the date that does not start with a digit (such as a time of day) is ignored.
 * Dates before 4713 BC, which PostgreSQL cannot store, are rejected.
 */
final class DateConverter extends ColumnConverter {
    static final int MIN_YEAR = -4712;
    /** 2000-01-01, day 0 of PostgreSQL's binary dates and timestamps, as days since 1970-01-01. */
    static final long POSTGRES_EPOCH_DAY = 10_957;
    private long epochDay;

    DateConverter(HiveType type, boolean key) {
        super(type, key);
    }

    @Override
    public String convert(byte[] b, int from, int to, ByteSink out) {
        int s = trimStart(b, from, to);
        int e = trimEnd(b, s, to);
        int[] pos = {s};
        boolean negative = s < e && b[s] == '-';
        if (negative) {
            pos[0]++;
        }
        int year = digits(b, pos, e, 1, 4);
        int month = expect(b, pos, e, '-') ? digits(b, pos, e, 1, 2) : -1;
        int day = month >= 0 && expect(b, pos, e, '-') ? digits(b, pos, e, 1, 2) : -1;
        if (year < 0 || month < 0 || day < 0 || (pos[0] < e && b[pos[0]] >= '0' && b[pos[0]] <= '9')) {
            return show(b, from, to) + " is not a date (yyyy-MM-dd)";
        }
        if (negative) {
            year = -year;
        }
        if (month < 1 || month > 12 || day < 1 || day > lengthOfMonth(year, month)) {
            return show(b, from, to) + " is not a calendar date";
        }
        if (year < MIN_YEAR) {
            return show(b, from, to) + " is before 4713 BC, the earliest date PostgreSQL stores";
        }
        epochDay = epochDay(year, month, day);
        putDate(out, year, month, day);
        return null;
    }

    /** Days since 1970-01-01 of a valid proleptic Gregorian date (what {@code LocalDate.toEpochDay} computes, without the object). */
    static long epochDay(long year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        long yoe = y - era * 400;
        long doy = (153L * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    /** {@code yyyy-MM-dd}, years before 1 as PostgreSQL spells them ({@code 0044-03-15 BC} is year -43). */
    static void putDate(ByteSink out, int year, int month, int day) {
        int pgYear = year <= 0 ? 1 - year : year;
        if (pgYear < 10000) {
            out.putPadded(pgYear, 4);
        } else {
            out.putLong(pgYear);
        }
        out.put('-');
        out.putPadded(month, 2);
        out.put('-');
        out.putPadded(day, 2);
        if (year <= 0) {
            out.putAscii(" BC");
        }
    }

    /** Reads {@code min..max} digits at {@code pos[0]}; -1 when there are fewer than {@code min}. */
    static int digits(byte[] b, int[] pos, int end, int min, int max) {
        int i = pos[0];
        int v = 0;
        int n = 0;
        while (i < end && n < max && b[i] >= '0' && b[i] <= '9') {
            v = v * 10 + (b[i] - '0');
            i++;
            n++;
        }
        if (n < min) {
            return -1;
        }
        pos[0] = i;
        return v;
    }

    static boolean expect(byte[] b, int[] pos, int end, char c) {
        if (pos[0] < end && b[pos[0]] == c) {
            pos[0]++;
            return true;
        }
        return false;
    }

    static int lengthOfMonth(int year, int month) {
        return switch (month) {
            case 2 -> isLeap(year) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    static boolean isLeap(long year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    @Override
    public String convertValue(Object v, ByteSink out) {
        if (!(v instanceof LocalDate d)) {
            return javaTypeError(v, "date");
        }
        if (d.getYear() < MIN_YEAR || d.getYear() > 5_874_897) {
            return d + " is outside the dates PostgreSQL stores (4713 BC to 5874897 AD)";
        }
        epochDay = d.toEpochDay();
        putDate(out, d.getYear(), d.getMonthValue(), d.getDayOfMonth());
        return null;
    }

    @Override
    public void putBinary(ByteSink out) {
        out.putInt32(4);
        out.putInt32((int) (epochDay - POSTGRES_EPOCH_DAY));
    }

    @Override
    public Object keyValue() {
        return LocalDate.ofEpochDay(epochDay);
    }

    @Override
    protected void commitValue() {
        stats.addLong(epochDay);
    }
}
