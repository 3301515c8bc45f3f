package org.hadoopdb.loader.stats;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import org.hadoopdb.catalog.model.HiveTimestampFormat;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.HiveType.Kind;

/**
 * Exact NULL count, minimum and maximum of one column over the rows a task loaded, gathered while
 * the values are parsed (cheaper than scanning the chunks afterwards). Accumulators of several
 * tasks {@link #merge}; {@link #minText()}/{@link #maxText()} give the values as Hive prints them.
 *
 * <p>Values are compared as the node databases order them: integers, dates and timestamps
 * numerically, floating point with NaN last, strings by UTF-8 bytes (the databases use the C
 * collation, i.e. code point order).
 */
public final class ColumnAccumulator {
    /** Strings longer than this are not kept as minimum/maximum (a prefix is kept for the minimum). */
    static final int MAX_STRING_BYTES = 256;

    private enum Mode { LONG, DOUBLE, DECIMAL, BYTES, NONE }

    private final HiveType type;
    private final Mode mode;
    private long nulls;
    private long values;
    private long minL;
    private long maxL;
    private double minD;
    private double maxD;
    private BigDecimal minDec;
    private BigDecimal maxDec;
    private byte[] minB;
    private byte[] maxB;
    /** The maximum string was longer than kept: the maximum is unknown. */
    private boolean maxUnknown;
    /** DECIMAL bounds are (also) in minL/maxL as unscaled longs at the column's scale. */
    private boolean hasUnscaled;
    private long minPrefix;
    private long maxPrefix;

    public ColumnAccumulator(HiveType type) {
        this.type = type;
        this.mode = switch (type.kind()) {
            case TINYINT, SMALLINT, INT, BIGINT, BOOLEAN, DATE, TIMESTAMP -> Mode.LONG;
            case FLOAT, DOUBLE -> Mode.DOUBLE;
            case DECIMAL -> Mode.DECIMAL;
            case STRING, VARCHAR, CHAR -> Mode.BYTES;
            case BINARY, ARRAY, MAP, STRUCT -> Mode.NONE;
        };
    }

    public HiveType type() {
        return type;
    }

    public long nulls() {
        return nulls;
    }

    /** Non-NULL values seen. */
    public long values() {
        return values;
    }

    public void addNull() {
        nulls++;
    }

    /** An integer, boolean (0/1), date (epoch day) or timestamp (epoch microseconds) value. */
    public void addLong(long v) {
        if (values++ == 0) {
            minL = v;
            maxL = v;
        } else if (v < minL) {
            minL = v;
        } else if (v > maxL) {
            maxL = v;
        }
    }

    public void addDouble(double v) {
        if (values++ == 0) {
            minD = v;
            maxD = v;
        } else if (Double.compare(v, minD) < 0) {
            minD = v;
        } else if (Double.compare(v, maxD) > 0) {
            maxD = v;
        }
    }

    /** A DECIMAL value given as its unscaled value at the column's scale (no allocation). */
    public void addUnscaled(long unscaled) {
        values++;
        if (!hasUnscaled) {
            hasUnscaled = true;
            minL = unscaled;
            maxL = unscaled;
        } else if (unscaled < minL) {
            minL = unscaled;
        } else if (unscaled > maxL) {
            maxL = unscaled;
        }
    }

    public void addDecimal(BigDecimal v) {
        values++;
        if (minDec == null || v.compareTo(minDec) < 0) {
            minDec = v;
        }
        if (maxDec == null || v.compareTo(maxDec) > 0) {
            maxDec = v;
        }
    }

    /** Folds the unscaled bounds into the BigDecimal ones. */
    private void foldDecimals() {
        if (hasUnscaled) {
            BigDecimal lo = BigDecimal.valueOf(minL, type.scale());
            BigDecimal hi = BigDecimal.valueOf(maxL, type.scale());
            minDec = minDec == null || lo.compareTo(minDec) < 0 ? lo : minDec;
            maxDec = maxDec == null || hi.compareTo(maxDec) > 0 ? hi : maxDec;
            hasUnscaled = false;
        }
    }

    /** A string value as UTF-8 bytes {@code b[from, to)}. */
    public void addBytes(byte[] b, int from, int to) {
        // The first eight bytes, compared as an unsigned number, decide most comparisons without a full compare.
        long p = prefix(b, from, to);
        if (values++ == 0) {
            minB = keep(b, from, to);
            minPrefix = prefix(minB, 0, minB.length);
            setMax(b, from, to, p);
            return;
        }
        int cmin = Long.compareUnsigned(p, minPrefix);
        if (cmin < 0 || cmin == 0 && Arrays.compareUnsigned(b, from, to, minB, 0, minB.length) < 0) {
            minB = keep(b, from, to);
            minPrefix = prefix(minB, 0, minB.length);
        }
        if (!maxUnknown) {
            int cmax = Long.compareUnsigned(p, maxPrefix);
            if (cmax > 0 || cmax == 0 && Arrays.compareUnsigned(b, from, to, maxB, 0, maxB.length) > 0) {
                setMax(b, from, to, p);
            }
        }
    }

    /** The first eight bytes of {@code b[from, to)} as a big-endian number, zero-padded. */
    static long prefix(byte[] b, int from, int to) {
        long p = 0;
        int n = Math.min(8, to - from);
        for (int i = 0; i < n; i++) {
            p = (p << 8) | (b[from + i] & 0xFF);
        }
        return p << (8 * (8 - n));
    }

    /** A BINARY value: only counted. */
    public void addOther() {
        values++;
    }

    /** {@code n} BINARY values at once (counted from the chunks by {@code ANALYZE TABLE}). */
    public void addOthers(long n) {
        values += n;
    }

    /** {@code n} NULLs at once. */
    public void addNulls(long n) {
        nulls += n;
    }

    private void setMax(byte[] b, int from, int to, long p) {
        if (to - from > MAX_STRING_BYTES) {
            maxUnknown = true;
            maxB = null;
        } else {
            maxB = Arrays.copyOfRange(b, from, to);
            maxPrefix = p;
        }
    }

    /** The value itself, or its prefix when long: a prefix is never greater, so it stays a valid lower bound. */
    private static byte[] keep(byte[] b, int from, int to) {
        int end = Math.min(to, from + MAX_STRING_BYTES);
        while (end < to && end > from && (b[end] & 0xC0) == 0x80) {
            end--; // do not cut a UTF-8 sequence
        }
        return Arrays.copyOfRange(b, from, end);
    }

    /** Adds another task's accumulator of the same column. */
    public void merge(ColumnAccumulator o) {
        foldDecimals();
        o.foldDecimals();
        nulls += o.nulls;
        if (o.values == 0) {
            return;
        }
        if (values == 0) {
            values = o.values;
            minL = o.minL;
            maxL = o.maxL;
            minD = o.minD;
            maxD = o.maxD;
            minDec = o.minDec;
            maxDec = o.maxDec;
            minB = o.minB;
            maxB = o.maxB;
            minPrefix = o.minPrefix;
            maxPrefix = o.maxPrefix;
            maxUnknown = o.maxUnknown;
            return;
        }
        values += o.values;
        switch (mode) {
            case LONG -> {
                minL = Math.min(minL, o.minL);
                maxL = Math.max(maxL, o.maxL);
            }
            case DOUBLE -> {
                minD = Double.compare(o.minD, minD) < 0 ? o.minD : minD;
                maxD = Double.compare(o.maxD, maxD) > 0 ? o.maxD : maxD;
            }
            case DECIMAL -> {
                minDec = o.minDec.compareTo(minDec) < 0 ? o.minDec : minDec;
                maxDec = o.maxDec.compareTo(maxDec) > 0 ? o.maxDec : maxDec;
            }
            case BYTES -> {
                if (Arrays.compareUnsigned(o.minB, minB) < 0) {
                    minB = o.minB;
                    minPrefix = o.minPrefix;
                }
                if (maxUnknown || o.maxUnknown) {
                    maxUnknown = true;
                    maxB = null;
                } else if (Arrays.compareUnsigned(o.maxB, maxB) > 0) {
                    maxB = o.maxB;
                    maxPrefix = o.maxPrefix;
                }
            }
            case NONE -> {
            }
        }
    }

    /** The smallest value as Hive prints it; null when unknown (no values, or a BINARY column). */
    public String minText() {
        return values == 0 ? null : text(true);
    }

    /** The largest value as Hive prints it; null when unknown. */
    public String maxText() {
        return values == 0 ? null : text(false);
    }

    private String text(boolean min) {
        foldDecimals();
        return switch (mode) {
            case LONG -> longText(min ? minL : maxL);
            case DOUBLE -> type.kind() == Kind.FLOAT ? Float.toString((float) (min ? minD : maxD)) : Double.toString(min ? minD : maxD);
            case DECIMAL -> (min ? minDec : maxDec).toPlainString();
            case BYTES -> {
                byte[] b = min ? minB : maxB;
                yield b == null ? null : new String(b, StandardCharsets.UTF_8);
            }
            case NONE -> null;
        };
    }

    private String longText(long v) {
        return switch (type.kind()) {
            case BOOLEAN -> v != 0 ? "true" : "false";
            case DATE -> LocalDate.ofEpochDay(v).toString();
            case TIMESTAMP -> timestampText(v);
            default -> Long.toString(v);
        };
    }

    /** {@code yyyy-MM-dd HH:mm:ss[.ffffff]} from epoch microseconds, trailing zeros of the fraction dropped (Hive's form). */
    public static String timestampText(long micros) {
        long seconds = Math.floorDiv(micros, 1_000_000L);
        int nanos = (int) Math.floorMod(micros, 1_000_000L) * 1000;
        return HiveTimestampFormat.format(LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC));
    }

    // ---- serialization between tasks and the driver ---------------------------------------------

    public void write(DataOutput out) throws IOException {
        foldDecimals();
        out.writeLong(nulls);
        out.writeLong(values);
        if (values == 0) {
            return;
        }
        switch (mode) {
            case LONG -> {
                out.writeLong(minL);
                out.writeLong(maxL);
            }
            case DOUBLE -> {
                out.writeDouble(minD);
                out.writeDouble(maxD);
            }
            case DECIMAL -> {
                writeDecimal(out, minDec);
                writeDecimal(out, maxDec);
            }
            case BYTES -> {
                writeBytes(out, minB);
                out.writeBoolean(maxUnknown);
                if (!maxUnknown) {
                    writeBytes(out, maxB);
                }
            }
            case NONE -> {
            }
        }
    }

    public void readFields(DataInput in) throws IOException {
        nulls = in.readLong();
        values = in.readLong();
        if (values == 0) {
            return;
        }
        switch (mode) {
            case LONG -> {
                minL = in.readLong();
                maxL = in.readLong();
            }
            case DOUBLE -> {
                minD = in.readDouble();
                maxD = in.readDouble();
            }
            case DECIMAL -> {
                minDec = readDecimal(in);
                maxDec = readDecimal(in);
            }
            case BYTES -> {
                minB = readBytes(in);
                minPrefix = prefix(minB, 0, minB.length);
                maxUnknown = in.readBoolean();
                maxB = maxUnknown ? null : readBytes(in);
                maxPrefix = maxB == null ? 0 : prefix(maxB, 0, maxB.length);
            }
            case NONE -> {
            }
        }
    }

    private static void writeDecimal(DataOutput out, BigDecimal d) throws IOException {
        out.writeInt(d.scale());
        writeBytes(out, d.unscaledValue().toByteArray());
    }

    private static BigDecimal readDecimal(DataInput in) throws IOException {
        int scale = in.readInt();
        return new BigDecimal(new BigInteger(readBytes(in)), scale);
    }

    private static void writeBytes(DataOutput out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    private static byte[] readBytes(DataInput in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return b;
    }
}
