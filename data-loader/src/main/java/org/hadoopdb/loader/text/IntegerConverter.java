package org.hadoopdb.loader.text;

import org.hadoopdb.catalog.model.HiveType;

/**
 * TINYINT, SMALLINT, INT, BIGINT as Hive reads them: surrounding spaces ignored, an optional sign,
 * decimal digits, and optionally a decimal point followed by digits, which are dropped (Hive reads
 * {@code 12.7} as 12). Values out of the type's range are rejected.
 */
final class IntegerConverter extends ColumnConverter {
    private final HiveType type;
    private final long min;
    private final long max;
    private long value;

    IntegerConverter(HiveType type, boolean key) {
        super(type, key);
        this.type = type;
        switch (type.kind()) {
            case TINYINT -> {
                min = Byte.MIN_VALUE;
                max = Byte.MAX_VALUE;
            }
            case SMALLINT -> {
                min = Short.MIN_VALUE;
                max = Short.MAX_VALUE;
            }
            case INT -> {
                min = Integer.MIN_VALUE;
                max = Integer.MAX_VALUE;
            }
            default -> {
                min = Long.MIN_VALUE;
                max = Long.MAX_VALUE;
            }
        }
    }

    @Override
    public String convert(byte[] b, int from, int to, ByteSink out) {
        int i = trimStart(b, from, to);
        int end = trimEnd(b, i, to);
        if (i == end) {
            return "a blank value is not " + article() + type;
        }
        boolean negative = b[i] == '-';
        if (negative || b[i] == '+') {
            i++;
        }
        int digitsStart = i;
        // accumulate negatively: the negative range is one larger
        long result = 0;
        boolean overflow = false;
        for (; i < end; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            if (result < (Long.MIN_VALUE + d) / 10) {
                overflow = true;
            } else {
                result = result * 10 - d;
            }
        }
        boolean sawDigits = i > digitsStart;
        if (i < end && b[i] == '.') {
            i++;
            int fracStart = i;
            while (i < end && b[i] >= '0' && b[i] <= '9') {
                i++;
            }
            sawDigits |= i > fracStart;
        }
        if (i != end || !sawDigits) {
            return show(b, from, to) + " is not " + article() + type;
        }
        if (!negative) {
            if (result == Long.MIN_VALUE) {
                overflow = true;
            }
            result = -result;
        }
        if (overflow || result < min || result > max) {
            return show(b, from, to) + " is out of range for " + type + " (" + min + " to " + max + ")";
        }
        value = result;
        out.putLong(result);
        return null;
    }

    @Override
    public String convertValue(Object v, ByteSink out) {
        if (!(v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long)) {
            return javaTypeError(v, type.toString());
        }
        long l = ((Number) v).longValue();
        if (l < min || l > max) {
            return l + " is out of range for " + type + " (" + min + " to " + max + ")";
        }
        value = l;
        out.putLong(l);
        return null;
    }

    @Override
    public void putBinary(ByteSink out) {
        switch (type.kind()) {
            case TINYINT, SMALLINT -> {
                out.putInt32(2);
                out.putInt16((int) value);
            }
            case INT -> {
                out.putInt32(4);
                out.putInt32((int) value);
            }
            default -> {
                out.putInt32(8);
                out.putInt64(value);
            }
        }
    }

    private String article() {
        return type.kind() == HiveType.Kind.INT ? "an " : "a ";
    }

    @Override
    public Object keyValue() {
        return value;
    }

    @Override
    protected void commitValue() {
        stats.addLong(value);
    }
}
