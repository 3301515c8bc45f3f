package org.hadoopdb.loader.text;

import java.nio.charset.StandardCharsets;
import org.hadoopdb.catalog.model.HiveType;

/**
 * FLOAT and DOUBLE as Hive reads them, i.e. as Java's {@code Float.parseFloat}/{@code Double.parseDouble}
 * do (surrounding spaces, exponents, {@code NaN}, {@code Infinity}; an out-of-range value becomes
 * infinite).
 *
 * <p>Plain decimals ({@code -12.345}) are the common case: they are checked and passed to the
 * database as written. Java and PostgreSQL (12 and later) both round a decimal string correctly
 * to the nearest float/double, so both read the same value; the value itself (for statistics and
 * hashing) comes from an exact fast path when the digits allow it. Every other spelling is parsed
 * by Java and written in Java's shortest exact form.
 */
final class FloatingConverter extends ColumnConverter {
    private static final float[] POW10_F = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
    private static final double[] POW10_D = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
        1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    /** Longest plain decimal passed through: no overflow or underflow to worry about below it. */
    private static final int MAX_PLAIN_LENGTH = 36;

    private final HiveType type;
    private final boolean isFloat;
    private double value;

    FloatingConverter(HiveType type, boolean key) {
        super(type, key);
        this.type = type;
        this.isFloat = type.kind() == HiveType.Kind.FLOAT;
    }

    @Override
    public String convert(byte[] b, int from, int to, ByteSink out) {
        int i = from;
        boolean negative = false;
        if (i < to && (b[i] == '-' || b[i] == '+')) {
            negative = b[i] == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int significant = 0;
        int fraction = 0;
        boolean point = false;
        for (; i < to; i++) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                digits++;
                if (significant > 0 || c != '0') {
                    significant++;
                }
                if (significant <= 18) {
                    mantissa = mantissa * 10 + (c - '0');
                }
                if (point) {
                    fraction++;
                }
            } else if (c == '.' && !point) {
                point = true;
            } else {
                break;
            }
        }
        boolean plain = i == to && digits > 0 && to - from <= MAX_PLAIN_LENGTH;
        if (plain && significant <= 18) {
            if (isFloat && mantissa < (1L << 24) && fraction < POW10_F.length) {
                float f = (float) mantissa / POW10_F[fraction];
                value = negative ? -f : f;
                out.put(b, from, to - from);
                return null;
            }
            if (!isFloat && mantissa < (1L << 53) && fraction < POW10_D.length) {
                double d = (double) mantissa / POW10_D[fraction];
                value = negative ? -d : d;
                out.put(b, from, to - from);
                return null;
            }
        }
        String text = new String(b, from, to - from, StandardCharsets.UTF_8);
        try {
            if (isFloat) {
                float f = Float.parseFloat(text);
                value = f;
                if (plain && Float.isFinite(f) && (f == 0 || Math.abs(f) >= Float.MIN_NORMAL)) {
                    out.put(b, from, to - from);
                } else {
                    out.putAscii(Float.toString(f));
                }
            } else {
                double d = Double.parseDouble(text);
                value = d;
                if (plain && Double.isFinite(d) && (d == 0 || Math.abs(d) >= Double.MIN_NORMAL)) {
                    out.put(b, from, to - from);
                } else {
                    out.putAscii(Double.toString(d));
                }
            }
            return null;
        } catch (NumberFormatException e) {
            return show(b, from, to) + " is not a " + type;
        }
    }

    @Override
    public void putBinary(ByteSink out) {
        if (isFloat) {
            out.putInt32(4);
            out.putInt32(Float.floatToRawIntBits((float) value));
        } else {
            out.putInt32(8);
            out.putInt64(Double.doubleToRawLongBits(value));
        }
    }

    @Override
    public String convertValue(Object v, ByteSink out) {
        if (isFloat) {
            if (!(v instanceof Float f)) {
                return javaTypeError(v, "float");
            }
            value = f;
            out.putAscii(Float.toString(f));
        } else {
            if (!(v instanceof Double || v instanceof Float)) {
                return javaTypeError(v, "double");
            }
            double d = ((Number) v).doubleValue();
            value = d;
            out.putAscii(Double.toString(d));
        }
        return null;
    }

    @Override
    public Object keyValue() {
        return isFloat ? (Object) (float) value : (Object) value;
    }

    @Override
    protected void commitValue() {
        stats.addDouble(value);
    }
}
