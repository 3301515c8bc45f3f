package org.hadoopdb.loader.text;

import java.math.BigDecimal;
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
        if (fast) {
            putNumeric(out, unscaled < 0, Long.toString(Math.abs(unscaled)), scale);
        } else {
            putNumeric(out, decimal.signum() < 0, decimal.unscaledValue().abs().toString(), scale);
        }
    }

    /**
     * PostgreSQL's binary {@code numeric}: the value {@code [-]digits * 10^-scale} in base-10000 digits
     * grouped from the decimal point, with the weight of the first digit, the sign and the display scale.
     */
    static void putNumeric(ByteSink out, boolean negative, String digits, int scale) {
        int intLength = Math.max(0, digits.length() - scale);
        String intPart = digits.substring(0, intLength);
        StringBuilder frac = new StringBuilder();
        frac.append("0".repeat(Math.max(0, scale - digits.length()))).append(digits, intLength, digits.length());
        String padded = "0".repeat((4 - intPart.length() % 4) % 4) + intPart;
        int intGroups = padded.length() / 4;
        frac.append("0".repeat((4 - frac.length() % 4) % 4));
        String all = padded + frac;
        int first = 0;
        int last = all.length() / 4;
        while (first < last && all.regionMatches(first * 4, "0000", 0, 4)) {
            first++;
        }
        while (last > first && all.regionMatches((last - 1) * 4, "0000", 0, 4)) {
            last--;
        }
        int n = last - first;
        out.putInt32(8 + 2 * n);
        out.putInt16(n);
        out.putInt16(n == 0 ? 0 : intGroups - 1 - first);
        out.putInt16(n > 0 && negative ? 0x4000 : 0);
        out.putInt16(scale);
        for (int g = first; g < last; g++) {
            out.putInt16(Integer.parseInt(all, g * 4, g * 4 + 4, 10));
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
