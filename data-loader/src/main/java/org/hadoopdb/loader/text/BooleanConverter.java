package org.hadoopdb.loader.text;

import org.hadoopdb.catalog.model.HiveType;

/**
 * BOOLEAN: {@code true}/{@code false} in any case, as Hive reads them, and the extended literals
 * Hive accepts with {@code hive.lazysimple.extended_boolean_literal} ({@code t}/{@code f},
 * {@code yes}/{@code no}, {@code y}/{@code n}, {@code 1}/{@code 0}); surrounding spaces are ignored.
 */
final class BooleanConverter extends ColumnConverter {
    private static final String[] TRUE = {"true", "t", "yes", "y", "1"};
    private static final String[] FALSE = {"false", "f", "no", "n", "0"};
    private boolean value;

    BooleanConverter(HiveType type, boolean key) {
        super(type, key);
    }

    @Override
    public String convert(byte[] b, int from, int to, ByteSink out) {
        int s = trimStart(b, from, to);
        int e = trimEnd(b, s, to);
        if (matchesAny(b, s, e, TRUE)) {
            value = true;
        } else if (matchesAny(b, s, e, FALSE)) {
            value = false;
        } else {
            return show(b, from, to) + " is not a boolean (true or false)";
        }
        out.put(value ? 't' : 'f');
        return null;
    }

    private static boolean matchesAny(byte[] b, int s, int e, String[] words) {
        for (String w : words) {
            if (e - s == w.length()) {
                boolean same = true;
                for (int i = 0; i < w.length() && same; i++) {
                    same = Character.toLowerCase((char) (b[s + i] & 0xFF)) == w.charAt(i);
                }
                if (same) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public String convertValue(Object v, ByteSink out) {
        if (!(v instanceof Boolean bool)) {
            return javaTypeError(v, "boolean");
        }
        value = bool;
        out.put(value ? 't' : 'f');
        return null;
    }

    @Override
    public Object keyValue() {
        return value;
    }

    @Override
    public void putBinary(ByteSink out) {
        out.putInt32(1);
        out.put(value ? 1 : 0);
    }

    @Override
    protected void commitValue() {
        stats.addLong(value ? 1 : 0);
    }
}
