package org.hadoopdb.loader.text;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import org.hadoopdb.catalog.model.HiveType;

/**
 * DECIMAL(p,s) as Hive reads it: the value (surrounding spaces, sign and exponent allowed) is
 * rounded half-up to the scale; a value with more integer digits than {@code p - s} is out of
 * range (Hive reads it as NULL; the loader rejects the row). Plain values whose digits fit a
 * {@code long} are handled without allocating.
 */
final class DecimalConverter extends ColumnConverter {
    private static final long[] POW10 = new long[19];
    private static final BigInteger TEN_THOUSAND = BigInteger.valueOf(10_000);

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private final HiveType type;
    private final int precision;
    private final int scale;
    private boolean fast;
    private long unscaled;
    private BigDecimal decimal;
    /** Base-10000 digits of the value being written (38 decimal digits and 3 of padding fit in 11). */
    private final int[] groups = new int[11];

    DecimalConverter(HiveType type, boolean key) {
        super(type, key);
        this.type = type;
        this.precision = type.precision();
        this.scale = type.scale();
    }

    @Override
    public String convert(byte[] b, int from, int to, ByteSink out) {
        int start = trimStart(b, from, to);
        int end = trimEnd(b, start, to);
        if (start == end) {
            return "a blank value is not a " + type;
        }
        if (tryFast(b, start, end, out)) {
            return null;
        }
        BigDecimal d;
        try {
            d = new BigDecimal(new String(b, start, end - start, StandardCharsets.ISO_8859_1));
        } catch (NumberFormatException e) {
            return show(b, from, to) + " is not a " + type;
        }
        return accept(d, show(b, from, to), out);
    }

    /** Plain {@code [+-]digits[.digits]} with at most {@code scale} fraction digits and at most 18 digits in all. */
    private boolean tryFast(byte[] b, int i, int end, ByteSink out) {
        boolean negative = b[i] == '-';
        if (negative || b[i] == '+') {
            i++;
        }
        long intPart = 0;
        int intDigits = 0;
        int anyDigits = 0;
        for (; i < end && b[i] >= '0' && b[i] <= '9'; i++) {
            anyDigits++;
            if (intDigits > 0 || b[i] != '0') {
                intDigits++;
                if (intDigits > 18) {
                    return false;
                }
                intPart = intPart * 10 + (b[i] - '0');
            }
        }
        long frac = 0;
        int fracDigits = 0;
        if (i < end && b[i] == '.') {
            i++;
            for (; i < end && b[i] >= '0' && b[i] <= '9'; i++) {
                anyDigits++;
                fracDigits++;
                if (fracDigits > scale) {
                    return false;
                }
                frac = frac * 10 + (b[i] - '0');
            }
        }
        if (i != end || anyDigits == 0 || intDigits > precision - scale || intDigits + scale > 18) {
            return false;
        }
        long u = intPart * POW10[scale] + frac * POW10[scale - fracDigits];
        unscaled = negative ? -u : u;
        fast = true;
        putUnscaled(unscaled, out);
        return true;
    }

    private void putUnscaled(long u, ByteSink out) {
        if (u < 0) {
            out.put('-');
            u = -u;
        }
        out.putLong(u / POW10[scale]);
        if (scale > 0) {
            out.put('.');
            out.putPadded(u % POW10[scale], scale);
        }
    }

    private String accept(BigDecimal d, String shown, ByteSink out) {
        BigDecimal rounded = d.setScale(scale, RoundingMode.HALF_UP);
        if (rounded.precision() - rounded.scale() > precision - scale) {
            return shown + " is out of range for " + type + " (at most " + (precision - scale) + " digits before the point)";
        }
        fast = false;
        decimal = rounded;
        out.putAscii(rounded.toPlainString());
        return null;
    }

    @Override
    public String convertValue(Object v, ByteSink out) {
        BigDecimal d;
        if (v instanceof BigDecimal bd) {
            d = bd;
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            d = BigDecimal.valueOf(((Number) v).longValue());
        } else {
            return javaTypeError(v, type.toString());
        }
        return accept(d, d.toPlainString(), out);
    }

    @Override
    public void putBinary(ByteSink out) {
        // the magnitude with its fraction padded to whole base-10000 digits, as those digits, least significant first
        int pad = (4 - scale % 4) % 4;
        int n = 0;
        if (fast && Math.abs(unscaled) <= Long.MAX_VALUE / POW10[pad]) {
            for (long v = Math.abs(unscaled) * POW10[pad]; v != 0; v /= 10_000) {
                groups[n++] = (int) (v % 10_000);
            }
        } else {
            BigInteger v = (fast ? BigInteger.valueOf(unscaled) : decimal.unscaledValue()).abs().multiply(BigInteger.TEN.pow(pad));
            for (; v.signum() != 0; n++) {
                BigInteger[] qr = v.divideAndRemainder(TEN_THOUSAND);
                groups[n] = qr[1].intValue();
                v = qr[0];
            }
        }
        putNumeric(out, fast ? unscaled < 0 : decimal.signum() < 0, groups, n, (scale + pad) / 4, scale);
    }

    /**
     * PostgreSQL's binary {@code numeric}: digit count, weight of the first digit (in base-10000 digits from
     * the decimal point), sign, display scale, then the digits without leading or trailing zero digits.
     *
     * @param groups         the base-10000 digits, least significant first
     * @param n              how many there are
     * @param fractionGroups how many of them are after the decimal point
     */
    static void putNumeric(ByteSink out, boolean negative, int[] groups, int n, int fractionGroups, int scale) {
        int low = 0;
        while (low < n && groups[low] == 0) {
            low++;
        }
        int digits = n - low;
        out.putInt32(8 + 2 * digits);
        out.putInt16(digits);
        out.putInt16(digits == 0 ? 0 : n - 1 - fractionGroups);
        out.putInt16(digits > 0 && negative ? 0x4000 : 0);
        out.putInt16(scale);
        for (int g = n - 1; g >= low; g--) {
            out.putInt16(groups[g]);
        }
    }

    @Override
    public Object keyValue() {
        return fast ? BigDecimal.valueOf(unscaled, scale) : decimal;
    }

    @Override
    protected void commitValue() {
        if (fast) {
            stats.addUnscaled(unscaled);
        } else {
            stats.addDecimal(decimal);
        }
    }
}
