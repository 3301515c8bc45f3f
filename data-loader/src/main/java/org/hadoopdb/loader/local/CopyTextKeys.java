package org.hadoopdb.loader.local;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType.Kind;
import org.hadoopdb.loader.LoaderException;
import org.hadoopdb.loader.text.ByteSink;

/**
 * Reads the partitioning key back from a line of {@code COPY} text written by the Global Hasher, as
 * the Java values {@code KeyHasher} takes, so the Local Hasher can compute the second (local) hash.
 * The lines are the loader's own canonical output, so this reader knows exactly the spellings
 * (integers in plain digits, ISO dates, {@code \\x} hex binary, COPY's backslash escapes).
 */
public final class CopyTextKeys {
    private final int[] keyColumns;
    private final Kind[] kinds;
    private final Object[] values;
    private final int maxColumn;
    private final int[] starts;
    private final int[] ends;
    private final ByteSink scratch = new ByteSink(128);

    public CopyTextKeys(List<ColumnInfo> columns, int[] keyColumns) {
        this.keyColumns = keyColumns.clone();
        this.kinds = new Kind[keyColumns.length];
        int max = 0;
        for (int k = 0; k < keyColumns.length; k++) {
            kinds[k] = columns.get(keyColumns[k]).type().kind();
            max = Math.max(max, keyColumns[k]);
        }
        this.maxColumn = max;
        this.values = new Object[keyColumns.length];
        this.starts = new int[max + 1];
        this.ends = new int[max + 1];
    }

    /** The key of the line {@code b[from, to)} (newline excluded); the array is reused. */
    public Object[] decode(byte[] b, int from, int to) {
        int field = 0;
        int start = from;
        for (int i = from; i < to && field <= maxColumn; i++) {
            if (b[i] == '\t') {
                starts[field] = start;
                ends[field] = i;
                field++;
                start = i + 1;
            }
        }
        if (field <= maxColumn) {
            starts[field] = start;
            ends[field] = to;
            field++;
        }
        if (field <= maxColumn) {
            throw new LoaderException("Corrupt intermediate data: a line has " + field + " fields, the key needs " + (maxColumn + 1));
        }
        for (int k = 0; k < keyColumns.length; k++) {
            values[k] = value(b, starts[keyColumns[k]], ends[keyColumns[k]], kinds[k]);
        }
        return values;
    }

    private Object value(byte[] b, int s, int e, Kind kind) {
        if (e - s == 2 && b[s] == '\\' && b[s + 1] == 'N') {
            return null;
        }
        byte[] src = b;
        for (int i = s; i < e; i++) {
            if (b[i] == '\\') {
                unescape(b, s, e);
                src = scratch.array();
                s = 0;
                e = scratch.length();
                break;
            }
        }
        return switch (kind) {
            case TINYINT, SMALLINT, INT, BIGINT -> parseLong(src, s, e);
            case FLOAT -> Float.parseFloat(ascii(src, s, e));
            case DOUBLE -> Double.parseDouble(ascii(src, s, e));
            case DECIMAL -> new BigDecimal(ascii(src, s, e));
            case STRING, VARCHAR, CHAR -> new String(src, s, e - s, StandardCharsets.UTF_8);
            case BOOLEAN -> src[s] == 't';
            case DATE -> date(src, s, e);
            case TIMESTAMP -> timestamp(src, s, e);
            case BINARY -> hex(src, s, e);
        };
    }

    private void unescape(byte[] b, int s, int e) {
        scratch.reset();
        for (int i = s; i < e; i++) {
            byte c = b[i];
            if (c == '\\' && i + 1 < e) {
                byte n = b[++i];
                scratch.put(switch (n) {
                    case 't' -> '\t';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    default -> n;
                });
            } else {
                scratch.put(c);
            }
        }
    }

    private static long parseLong(byte[] b, int s, int e) {
        boolean neg = b[s] == '-';
        long v = 0;
        for (int i = neg ? s + 1 : s; i < e; i++) {
            v = v * 10 - (b[i] - '0');
        }
        return neg ? v : -v;
    }

    private static String ascii(byte[] b, int s, int e) {
        return new String(b, s, e - s, StandardCharsets.ISO_8859_1);
    }

    private static LocalDate date(byte[] b, int s, int e) {
        boolean bc = e - s >= 3 && b[e - 1] == 'C' && b[e - 2] == 'B';
        int[] ymd = ymd(b, s, bc);
        return LocalDate.of(ymd[0], ymd[1], ymd[2]);
    }

    /** Year (astronomical: 1 BC is 0), month, day of {@code yyyy-MM-dd} at {@code s}. */
    private static int[] ymd(byte[] b, int s, boolean bc) {
        int dash = s + 1;
        while (b[dash] != '-') {
            dash++;
        }
        int year = (int) parseLong(b, s, dash);
        return new int[] {bc ? 1 - year : year, (int) parseLong(b, dash + 1, dash + 3), (int) parseLong(b, dash + 4, dash + 6)};
    }

    private static LocalDateTime timestamp(byte[] b, int s, int e) {
        boolean bc = e - s >= 3 && b[e - 1] == 'C' && b[e - 2] == 'B';
        int end = bc ? e - 3 : e;
        int[] ymd = ymd(b, s, bc);
        int t = s;
        while (b[t] != ' ') {
            t++;
        }
        t++;
        int hour = (int) parseLong(b, t, t + 2);
        int minute = (int) parseLong(b, t + 3, t + 5);
        int second = (int) parseLong(b, t + 6, t + 8);
        int nanos = 0;
        if (t + 8 < end && b[t + 8] == '.') {
            int digits = end - (t + 9);
            nanos = (int) parseLong(b, t + 9, end);
            for (int i = digits; i < 9; i++) {
                nanos *= 10;
            }
        }
        return LocalDateTime.of(ymd[0], ymd[1], ymd[2], hour, minute, second, nanos);
    }

    private static byte[] hex(byte[] b, int s, int e) {
        // "\x" then two hex digits per byte
        int n = (e - s - 2) / 2;
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) {
            out[i] = (byte) (Character.digit(b[s + 2 + 2 * i], 16) << 4 | Character.digit(b[s + 3 + 2 * i], 16));
        }
        return out;
    }

}
