package org.hadoopdb.loader.text;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.hadoopdb.catalog.model.HiveType;

/**
 * TIMESTAMP as Hive 3 reads it: surrounding spaces ignored, {@code y-M-d[ H:m:s[.fffffffff]]}
 * (a missing time is midnight), or ISO-8601 with a {@code T} ({@code 2024-02-29T13:14:15}).
 * PostgreSQL keeps microseconds, so nanoseconds are rounded to the nearest microsecond (half to
 * even) here, and the value stored, hashed and counted in the statistics is that rounded one.
 */
final class TimestampConverter extends ColumnConverter {
    /** Epoch microseconds must fit a long; PostgreSQL itself stops at 294276 AD. */
    static final int MAX_YEAR = 294_246;
    private long seconds;
    private int nanos;

    TimestampConverter(HiveType type, boolean key) {
        super(type, key);
    }

    @Override
    public String convert(byte[] b, int from, int to, ByteSink out) {
        int s = ColumnConverter.trimStart(b, from, to);
        int e = ColumnConverter.trimEnd(b, s, to);
        LocalDateTime t = parseHive(b, s, e);
        if (t == null) {
            try {
                t = LocalDateTime.parse(new String(b, s, e - s, StandardCharsets.UTF_8));
            } catch (DateTimeException ex) {
                return show(b, from, to) + " is not a timestamp (yyyy-MM-dd HH:mm:ss[.fffffffff])";
            }
        }
        return accept(t, show(b, from, to), out);
    }

    /** Hive's own pattern; null when the text does not match it (or is not a real date and time). */
    private static LocalDateTime parseHive(byte[] b, int s, int e) {
        int[] pos = {s};
        boolean negative = s < e && b[s] == '-';
        if (negative) {
            pos[0]++;
        }
        long year = longDigits(b, pos, e, 10);
        if (year < 0 || !DateConverter.expect(b, pos, e, '-')) {
            return null;
        }
        int month = DateConverter.digits(b, pos, e, 1, 2);
        if (month < 0 || !DateConverter.expect(b, pos, e, '-')) {
            return null;
        }
        int day = DateConverter.digits(b, pos, e, 1, 2);
        if (day < 0) {
            return null;
        }
        int hour = 0;
        int minute = 0;
        int second = 0;
        int nano = 0;
        if (pos[0] < e) {
            if (!DateConverter.expect(b, pos, e, ' ')) {
                return null;
            }
            hour = DateConverter.digits(b, pos, e, 1, 2);
            minute = hour >= 0 && DateConverter.expect(b, pos, e, ':') ? DateConverter.digits(b, pos, e, 1, 2) : -1;
            second = minute >= 0 && DateConverter.expect(b, pos, e, ':') ? DateConverter.digits(b, pos, e, 1, 2) : -1;
            if (second < 0) {
                return null;
            }
            if (pos[0] < e) {
                if (!DateConverter.expect(b, pos, e, '.')) {
                    return null;
                }
                int start = pos[0];
                int frac = DateConverter.digits(b, pos, e, 1, 9);
                if (frac < 0 || pos[0] != e) {
                    return null;
                }
                for (int k = pos[0] - start; k < 9; k++) {
                    frac *= 10;
                }
                nano = frac;
            }
        }
        if (negative) {
            year = -year;
        }
        if (year < -999_999_999 || year > 999_999_999 || month < 1 || month > 12 || day < 1
                || day > DateConverter.lengthOfMonth((int) year, month) || hour > 23 || minute > 59 || second > 59) {
            return null;
        }
        return LocalDateTime.of((int) year, month, day, hour, minute, second, nano);
    }

    private static long longDigits(byte[] b, int[] pos, int end, int max) {
        int i = pos[0];
        long v = 0;
        int n = 0;
        while (i < end && n < max && b[i] >= '0' && b[i] <= '9') {
            v = v * 10 + (b[i] - '0');
            i++;
            n++;
        }
        if (n == 0) {
            return -1;
        }
        pos[0] = i;
        return v;
    }

    private String accept(LocalDateTime t, String shown, ByteSink out) {
        LocalDateTime r = roundToMicros(t);
        if (r.getYear() < DateConverter.MIN_YEAR || r.getYear() > MAX_YEAR) {
            return shown + " is outside the timestamps PostgreSQL stores (4713 BC to " + MAX_YEAR + " AD)";
        }
        seconds = r.toEpochSecond(ZoneOffset.UTC);
        nanos = r.getNano();
        DateConverter.putDate(out, r.getYear(), r.getMonthValue(), r.getDayOfMonth());
        int bcStart = out.length() - 3;
        boolean bc = r.getYear() <= 0;
        if (bc) {
            out.setLength(bcStart); // the era goes after the time
        }
        out.put(' ');
        out.putPadded(r.getHour(), 2);
        out.put(':');
        out.putPadded(r.getMinute(), 2);
        out.put(':');
        out.putPadded(r.getSecond(), 2);
        int micros = nanos / 1000;
        if (micros != 0) {
            int digits = 6;
            while (micros % 10 == 0) {
                micros /= 10;
                digits--;
            }
            out.put('.');
            out.putPadded(micros, digits);
        }
        if (bc) {
            out.putAscii(" BC");
        }
        return null;
    }

    /** Nanoseconds to the nearest microsecond, half to even. */
    static LocalDateTime roundToMicros(LocalDateTime t) {
        int n = t.getNano();
        int rem = n % 1000;
        if (rem == 0) {
            return t;
        }
        int micros = n / 1000;
        if (rem > 500 || (rem == 500 && (micros & 1) == 1)) {
            micros++;
        }
        return t.withNano(0).plusNanos(micros * 1000L);
    }

    @Override
    public String convertValue(Object v, ByteSink out) {
        if (!(v instanceof LocalDateTime t)) {
            return javaTypeError(v, "timestamp");
        }
        return accept(t, t.toString(), out);
    }

    @Override
    public void putBinary(ByteSink out) {
        // microseconds since 2000-01-01 00:00 (PostgreSQL's integer timestamps)
        out.putInt32(8);
        out.putInt64((seconds - DateConverter.POSTGRES_EPOCH_DAY * 86_400L) * 1_000_000L + nanos / 1000);
    }

    @Override
    public Object keyValue() {
        return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
    }

    @Override
    protected void commitValue() {
        stats.addLong(seconds * 1_000_000L + nanos / 1000);
    }
}
