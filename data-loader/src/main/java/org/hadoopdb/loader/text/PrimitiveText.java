package org.hadoopdb.loader.text;

import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;

/**
 * A primitive value inside a complex one, read by the converter a top-level column of its type uses,
 * so it follows the same rules (ranges, lengths, date forms, an empty text NULL for every type but
 * the string and binary types) and is rejected for the same reasons. Its text is unescaped here, at
 * the leaf, as Hive does. The value is in {@code Row}'s Java form: {@code Byte}, {@code Short},
 * {@code Integer}, {@code Long} exactly by type; a CHAR padded with spaces to its length, as
 * PostgreSQL and Hive give it back.
 */
final class PrimitiveText extends NestedText {
    private final HiveType type;
    /** A key converter: it keeps each value in its Java form. Its statistics are never committed. */
    private final ColumnConverter converter;
    private final boolean escapeCrLf;
    private final ByteSink unescaped = new ByteSink(64);
    /** Where the converter's COPY text goes: only the Java value is wanted. */
    private final ByteSink noText = ByteSink.discarding();
    private Object value;

    PrimitiveText(HiveType type, TextFormat format) {
        super(format);
        this.type = type;
        this.converter = ColumnConverter.of(new ColumnInfo("element", type), true, format);
        this.escapeCrLf = format.escapeCrLf();
    }

    @Override
    String parse(byte[] b, int from, int to) {
        byte[] src = b;
        int s = from;
        int e = to;
        if (escape >= 0 && unescape(b, from, to)) {
            src = unescaped.array();
            s = 0;
            e = unescaped.length();
        }
        if (s == e && converter.emptyIsNull()) {
            value = null;
            return null;
        }
        String error = converter.convert(src, s, e, noText);
        converter.discard();
        if (error != null) {
            return error;
        }
        value = javaValue();
        return null;
    }

    @Override
    String normalize(Object v) {
        String error = converter.convertValue(v, noText);
        converter.discard();
        if (error != null) {
            return error;
        }
        value = javaValue();
        return null;
    }

    @Override
    Object value() {
        return value;
    }

    /** Unescapes {@code b[from, to)} into {@link #unescaped}; false (and nothing written) when it has no escape. */
    private boolean unescape(byte[] b, int from, int to) {
        int first = from;
        while (first < to && b[first] != escape) {
            first++;
        }
        if (first == to) {
            return false;
        }
        unescaped.reset();
        unescaped.put(b, from, first - from);
        for (int i = first; i < to; i++) {
            int c = b[i] & 0xFF;
            if (c == escape && i + 1 < to) {
                int next = b[++i] & 0xFF;
                if (escapeCrLf && next == 'n') {
                    unescaped.put('\n');
                } else if (escapeCrLf && next == 'r') {
                    unescaped.put('\r');
                } else {
                    unescaped.put(next);
                }
            } else {
                unescaped.put(c);
            }
        }
        return true;
    }

    private Object javaValue() {
        Object v = converter.keyValue();
        return switch (type.kind()) {
            case TINYINT -> (byte) (long) (Long) v;
            case SMALLINT -> (short) (long) (Long) v;
            case INT -> (int) (long) (Long) v;
            case CHAR -> padded((String) v);
            default -> v;
        };
    }

    private String padded(String s) {
        int missing = type.length() - s.codePointCount(0, s.length());
        return missing <= 0 ? s : s + " ".repeat(missing);
    }
}
