package org.hadoopdb.loader.text;

import java.nio.charset.StandardCharsets;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.ComplexJson;
import org.hadoopdb.catalog.model.HiveType;

/**
 * ARRAY, MAP and STRUCT columns: the field is Hive's delimited text of the value (separators by
 * nesting level, {@link NestingSeparators}; read by a tree of {@link NestedText}), stored as
 * {@code jsonb} in the form {@link ComplexJson} writes. The field comes with its escapes
 * ({@link #readsEscapedText()}): each level splits at its own separator first. Empty text is an
 * empty ARRAY or MAP; the NULL text is NULL at any level. A primitive inside follows the rules of a
 * top-level column of its type, and a value one of them rejects rejects the row (with the path to it:
 * {@code item 2: 'x' is not an int}); that includes a string with U+0000, which {@code jsonb} cannot store.
 *
 * <p>The Java value ({@link #keyValue()}) is what {@code Row.setComplex} takes; its JSON is written
 * only when the COPY text or binary form is asked for. Only counted in the statistics.
 */
final class ComplexConverter extends ColumnConverter {
    /** The version byte that starts {@code jsonb}'s binary input. */
    private static final int JSONB_VERSION = 1;

    private final HiveType type;
    private final NestedText root;
    private final StringBuilder json = new StringBuilder(128);
    private Object value;
    /** The UTF-8 JSON of {@link #value}, or null until it is asked for. */
    private byte[] jsonBytes;

    ComplexConverter(ColumnInfo column, boolean key, TextFormat format) {
        super(column.type(), key);
        this.type = column.type();
        NestingSeparators separators = NestingSeparators.of(format);
        separators.check(column.name(), type, format);
        this.root = NestedText.of(type, NestingSeparators.COLUMN_LEVEL, separators, format);
    }

    /** Empty text is a value: the empty ARRAY or MAP (a STRUCT of one field read from empty text). */
    @Override
    public boolean emptyIsNull() {
        return false;
    }

    @Override
    boolean readsEscapedText() {
        return true;
    }

    @Override
    public String convert(byte[] b, int from, int to, ByteSink out) {
        String error = root.parse(b, from, to);
        return error != null ? error : accept(out);
    }

    @Override
    public String convertValue(Object v, ByteSink out) {
        String error = root.normalize(v);
        return error != null ? error : accept(out);
    }

    private String accept(ByteSink out) {
        value = root.value();
        jsonBytes = null;
        if (!out.isDiscarding()) {
            putCopyText(json(), out);
        }
        return null;
    }

    /** The JSON as COPY text escapes a string: backslash, tab, line feed, carriage return. */
    private static void putCopyText(byte[] text, ByteSink out) {
        out.ensure(text.length);
        for (byte c : text) {
            switch (c) {
                case '\\' -> {
                    out.put('\\');
                    out.put('\\');
                }
                case '\t' -> {
                    out.put('\\');
                    out.put('t');
                }
                case '\n' -> {
                    out.put('\\');
                    out.put('n');
                }
                case '\r' -> {
                    out.put('\\');
                    out.put('r');
                }
                default -> out.put(c);
            }
        }
    }

    private byte[] json() {
        if (jsonBytes == null) {
            json.setLength(0);
            ComplexJson.write(type, value, json);
            jsonBytes = json.toString().getBytes(StandardCharsets.UTF_8);
        }
        return jsonBytes;
    }

    @Override
    public void putBinary(ByteSink out) {
        if (out.isDiscarding()) {
            return; // only the value is wanted (TextRowParser): no JSON to write
        }
        byte[] text = json();
        out.putInt32(1 + text.length);
        out.put(JSONB_VERSION);
        out.put(text, 0, text.length);
    }

    /** The value in its Java form: a {@code List} (ARRAY, STRUCT) or a {@code Map} (MAP). */
    @Override
    public Object keyValue() {
        return value;
    }

    @Override
    protected void commitValue() {
        stats.addOther();
    }
}
