package org.hadoopdb.loader.text;

import org.hadoopdb.catalog.model.HiveType;

/**
 * Reads the value of one type at one nesting level of a complex column's text (Hive's delimited text,
 * see {@link NestingSeparators}) into its Java form: ARRAY and STRUCT as unmodifiable {@code List}s,
 * MAP as an unmodifiable map in entry order, primitives as {@code Row} holds them. A tree of these is
 * built once per column; each node keeps the value it read last ({@link #value()}), which its parent
 * takes at once.
 *
 * <p>The text a node gets still holds its escapes: each level splits at its own separator, skipping
 * escaped bytes, and only the primitive values at the leaves are unescaped (as Hive does), so an
 * escaped separator is literal at every level. An item whose text is the NULL text is NULL at any
 * level. One tree per converter; not thread-safe.
 */
abstract class NestedText {
    /** The escape byte, or -1. */
    protected final int escape;
    private final byte[] nullBytes;
    /** The value of the item last read by {@link #readItem} or {@link #normalizeItem}. */
    protected Object item;

    protected NestedText(TextFormat format) {
        this.escape = format.escape();
        this.nullBytes = format.nullBytes();
    }

    /** The tree that reads a value of {@code type} at nesting {@code level}. */
    static NestedText of(HiveType type, int level, NestingSeparators separators, TextFormat format) {
        return switch (type.kind()) {
            case ARRAY -> new ArrayText(type, level, separators, format);
            case MAP -> new MapText(type, level, separators, format);
            case STRUCT -> new StructText(type, level, separators, format);
            default -> new PrimitiveText(type, format);
        };
    }

    /**
     * Reads the (non-NULL) text {@code b[from, to)}, escapes still in it.
     *
     * @return null when it is a value of the type (then in {@link #value()}), else why not
     */
    abstract String parse(byte[] b, int from, int to);

    /**
     * Checks a non-null value in its Java form (a query's result) by the same rules as text, and gives
     * it the exact form text would have (VARCHAR truncated, DECIMAL rounded to its scale, ...).
     *
     * @return null when it is a value of the type (then in {@link #value()}), else why not
     */
    abstract String normalize(Object v);

    /** The value the last successful {@link #parse} or {@link #normalize} produced. */
    abstract Object value();

    /** Reads one item of this value with {@code child}: NULL when its raw text is the NULL text. */
    protected final String readItem(NestedText child, byte[] b, int from, int to) {
        if (isNull(b, from, to)) {
            item = null;
            return null;
        }
        String error = child.parse(b, from, to);
        item = error == null ? child.value() : null;
        return error;
    }

    /** Normalizes one item of this value (possibly null) with {@code child}. */
    protected final String normalizeItem(NestedText child, Object v) {
        if (v == null) {
            item = null;
            return null;
        }
        String error = child.normalize(v);
        item = error == null ? child.value() : null;
        return error;
    }

    /** The first {@code separator} in {@code b[from, to)} that is not escaped, or {@code to}. */
    protected final int next(byte[] b, int from, int to, byte separator) {
        for (int i = from; i < to; i++) {
            if (b[i] == separator) {
                return i;
            }
            if (escape >= 0 && b[i] == escape) {
                i++; // the escaped byte is literal, whatever it is
            }
        }
        return to;
    }

    private boolean isNull(byte[] b, int from, int to) {
        if (to - from != nullBytes.length) {
            return false;
        }
        for (int i = 0; i < nullBytes.length; i++) {
            if (b[from + i] != nullBytes[i]) {
                return false;
            }
        }
        return true;
    }
}
