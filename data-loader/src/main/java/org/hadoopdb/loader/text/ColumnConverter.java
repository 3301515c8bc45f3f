package org.hadoopdb.loader.text;

import java.nio.charset.StandardCharsets;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.loader.stats.ColumnAccumulator;

/**
 * Validates one column's values as its HiveQL type reads them and writes them as PostgreSQL
 * {@code COPY} text. Text fields are parsed the way Hive's LazySimpleSerDe parses them (where Hive
 * reads a malformed value as NULL, the loader rejects the row instead, so nothing is silently lost);
 * typed values ({@link #convertValue}) come from query results.
 *
 * <p>A value's statistics are kept pending until {@link #commit()}: a row rejected because of a
 * later column leaves no trace in them. One converter per column and task; not thread-safe.
 */
public abstract class ColumnConverter {
    protected final ColumnAccumulator stats;
    protected final boolean key;
    private boolean pendingNull;

    protected ColumnConverter(HiveType type, boolean key) {
        this.stats = new ColumnAccumulator(type);
        this.key = key;
    }

    /**
     * The converter of {@code column}; {@code key} converters also keep the value for hashing. The
     * format gives a complex column its separators, escape and NULL text inside the field.
     *
     * @throws org.hadoopdb.loader.LoaderException when a complex column cannot be read in {@code format}
     *         (separators that clash, nesting too deep)
     */
    public static ColumnConverter of(ColumnInfo column, boolean key, TextFormat format) {
        HiveType t = column.type();
        return switch (t.kind()) {
            case TINYINT, SMALLINT, INT, BIGINT -> new IntegerConverter(t, key);
            case FLOAT, DOUBLE -> new FloatingConverter(t, key);
            case DECIMAL -> new DecimalConverter(t, key);
            case STRING, VARCHAR, CHAR -> new StringConverter(t, key);
            case BOOLEAN -> new BooleanConverter(t, key);
            case DATE -> new DateConverter(t, key);
            case TIMESTAMP -> new TimestampConverter(t, key);
            case BINARY -> new BinaryConverter(t, key);
            case ARRAY, MAP, STRUCT -> new ComplexConverter(column, key, format);
        };
    }

    /**
     * Appends the COPY text of the (unescaped, non-NULL) field {@code b[from, to)}. The caller keeps
     * those bytes unchanged until it calls {@link #commit()} or {@link #discard()}.
     *
     * @return null when the value is valid, else why it is not (the caller names the column)
     */
    public abstract String convert(byte[] b, int from, int to, ByteSink out);

    /** Appends the COPY text of a non-null value in its Java form; returns null or why it is not valid. */
    public abstract String convertValue(Object value, ByteSink out);

    /**
     * Appends the last value {@link #convert}ed or {@link #convertValue}d (not NULL) in PostgreSQL's binary
     * {@code COPY} form: its length as four bytes, then the bytes of the column type's binary input. Binary
     * {@code COPY} spares the node databases the parsing of text: the value is parsed once, here.
     */
    public abstract void putBinary(ByteSink out);

    /** The last converted value as {@code KeyHasher} takes it (only kept by key converters). */
    public abstract Object keyValue();

    /** Whether an empty field reads as NULL (Hive: for every type but the string types). */
    public boolean emptyIsNull() {
        return true;
    }

    /**
     * Whether {@link #convert} takes the field as written, escapes still in it (complex columns, whose
     * nested separators may be escaped), rather than unescaped.
     */
    boolean readsEscapedText() {
        return false;
    }

    /** Records a NULL for this row (pending until {@link #commit()}). */
    public final void setNull() {
        pendingNull = true;
    }

    /** Whether the value of the row being converted is NULL. */
    public final boolean isNullPending() {
        return pendingNull;
    }

    /** The row was accepted: counts its value (or NULL) in the statistics. */
    public final void commit() {
        if (pendingNull) {
            stats.addNull();
            pendingNull = false;
        } else {
            commitValue();
        }
    }

    /** Forgets the pending value of a rejected row. */
    public final void discard() {
        pendingNull = false;
    }

    protected abstract void commitValue();

    public ColumnAccumulator stats() {
        return stats;
    }

    // ---- helpers for the subclasses --------------------------------------------------------------

    /** The field quoted for a message: at most 40 characters, control characters shown as escapes. */
    public static String show(byte[] b, int from, int to) {
        String s = new String(b, from, Math.min(to - from, 160), StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder("'");
        int n = 0;
        for (int i = 0; i < s.length() && n < 40; i++, n++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                sb.append(String.format("\\x%02x", (int) c));
            } else {
                sb.append(c);
            }
        }
        if (n >= 40 && s.length() > 40 || to - from > 160) {
            sb.append("...");
        }
        return sb.append('\'').toString();
    }

    static boolean isSpace(byte c) {
        return c == ' ' || c == '\t';
    }

    /** First index in {@code [from, to)} that is not a space. */
    static int trimStart(byte[] b, int from, int to) {
        while (from < to && isSpace(b[from])) {
            from++;
        }
        return from;
    }

    /** One past the last index in {@code [from, to)} that is not a space. */
    static int trimEnd(byte[] b, int from, int to) {
        while (to > from && isSpace(b[to - 1])) {
            to--;
        }
        return to;
    }

    static String javaTypeError(Object value, String expected) {
        return "a " + value.getClass().getSimpleName() + " (" + value + ") cannot be stored as " + expected;
    }
}
