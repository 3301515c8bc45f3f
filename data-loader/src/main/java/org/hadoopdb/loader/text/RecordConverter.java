package org.hadoopdb.loader.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.loader.stats.ColumnAccumulator;

/**
 * Turns one input record (a text line, or a typed {@link Row}) into one line of PostgreSQL
 * {@code COPY} text (or one tuple of binary {@code COPY}) for the table's columns, or says why the
 * record is rejected: wrong number of fields, a value its column's type cannot read, text that is not
 * valid in the input encoding.
 * Also keeps each column's statistics (of accepted rows only) and the key values of the last
 * accepted record for hashing.
 *
 * <pre>{@code
 * RecordConverter records = new RecordConverter(TextFormat.HIVE_DEFAULT.withDelimiter('|'), table.columns(), keyIndexes);
 * String reason = records.parseLine(bytes, length, copyLine);
 * if (reason == null) { int node = hasher.node(records.keyValues()); ... } else { reject(reason); }
 * }</pre>
 * One per task; not thread-safe.
 */
public final class RecordConverter {
    private static final byte[] NULL_COPY = {'\\', 'N'};

    private final List<ColumnInfo> columns;
    private final ColumnConverter[] converters;
    private final int[] keyColumns;
    private final Object[] keys;
    private final boolean[] keyNull;
    private final LineSplitter splitter;
    private final byte[] nullBytes;
    private final TextFormat format;
    private final CharsetDecoder decoder;
    /** One per column: a value unescaped there stays valid until the next record (its statistics are pending). */
    private final ByteSink[] unescaped;
    private final ByteSink transcoded = new ByteSink(256);
    private final ByteSink scratch = new ByteSink(256);
    /** Where the COPY text goes when only the binary form is wanted. */
    private final ByteSink noText = ByteSink.discarding();
    private final char delimiterChar;
    private final boolean binary;
    /** The values of the last columns when a line does not hold them (a load into one partition), as UTF-8; null for NULL. */
    private byte[][] constants = new byte[0][];
    /** The fields a line holds: every column but the constant ones. */
    private int lineFields;
    /** The text of the field {@link #locateField} found last: {@code fieldBytes[fieldFrom, fieldTo)}. */
    private byte[] fieldBytes;
    private int fieldFrom;
    private int fieldTo;

    /**
     * @param format     the text format (ignored for {@link #convertRow})
     * @param columns    the table's columns, in order
     * @param keyColumns positions of the partitioning key columns (empty when rows are not hashed)
     */
    public RecordConverter(TextFormat format, List<ColumnInfo> columns, int[] keyColumns) {
        this(format, columns, keyColumns, false);
    }

    /**
     * @param binary true to produce PostgreSQL's binary {@code COPY} tuples (field count, then each field's
     *               length and bytes; -1 for NULL) instead of lines of {@code COPY} text: the node databases
     *               then do not parse the values again (half the server's time of a text {@code COPY})
     */
    public RecordConverter(TextFormat format, List<ColumnInfo> columns, int[] keyColumns, boolean binary) {
        this.binary = binary;
        this.format = format;
        this.columns = List.copyOf(columns);
        this.keyColumns = keyColumns.clone();
        this.keys = new Object[keyColumns.length];
        this.keyNull = new boolean[keyColumns.length];
        this.converters = new ColumnConverter[columns.size()];
        for (int i = 0; i < converters.length; i++) {
            boolean isKey = false;
            for (int k : keyColumns) {
                isKey |= k == i;
            }
            converters[i] = ColumnConverter.of(columns.get(i), isKey, format);
        }
        this.splitter = new LineSplitter(format);
        this.unescaped = new ByteSink[columns.size()];
        for (int i = 0; i < unescaped.length; i++) {
            unescaped[i] = new ByteSink(64);
        }
        this.nullBytes = format.nullBytes();
        this.decoder = format.isUtf8() ? null : format.encoding().newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        this.delimiterChar = (char) (format.delimiter() & 0xFF);
        this.lineFields = converters.length;
    }

    /**
     * Gives the last {@code values.size()} columns these values in every line, which then holds only the
     * other columns: a load into one partition, whose files have no partition columns (as in Hive).
     *
     * @param values text values (as a line would hold them); null or {@code nullText} means NULL
     * @return this
     */
    public RecordConverter withConstantColumns(List<String> values, String nullText) {
        if (values.size() >= converters.length) {
            throw new IllegalArgumentException("constant columns must leave at least one column to the lines");
        }
        constants = new byte[values.size()][];
        for (int i = 0; i < constants.length; i++) {
            String v = values.get(i);
            constants[i] = v == null || v.equals(nullText) ? null : v.getBytes(StandardCharsets.UTF_8);
        }
        lineFields = converters.length - constants.length;
        return this;
    }

    /**
     * Converts the text line {@code line[0, length)} (without its line terminator).
     *
     * @param out receives the COPY line, newline included, when the line is accepted
     * @return null when accepted, else the reason the line is rejected
     */
    public String parseLine(byte[] line, int length, ByteSink out) {
        return parseLine(line, 0, length, out);
    }

    /** Converts the text line {@code line[from, to)}; see {@link #parseLine(byte[], int, ByteSink)}. */
    public String parseLine(byte[] line, int from, int to, ByteSink out) {
        byte[] b = line;
        int start = from;
        int end = to;
        if (decoder != null) {
            String bad = transcode(line, from, to);
            if (bad != null) {
                return bad;
            }
            b = transcoded.array();
            start = 0;
            end = transcoded.length();
        } else if (!Utf8Validator.isAscii(b, start, end)) {
            int at = Utf8Validator.firstInvalid(b, start, end);
            if (at >= 0) {
                return "invalid UTF-8 at byte " + (at - start + 1) + " of the line (set the table's serialization.encoding"
                        + " or the load's encoding if the file is not UTF-8)";
            }
        }
        if (!splitter.split(b, start, end)) {
            return splitter.error();
        }
        if (splitter.count() != lineFields) {
            return fieldCountError(splitter.count());
        }
        out.reset();
        java.util.Arrays.fill(keyNull, false);
        if (binary) {
            out.putInt16(converters.length);
        }
        for (int i = 0; i < converters.length; i++) {
            String error;
            if (binary) {
                error = convertField(b, i, noText);
                if (error == null) {
                    putBinary(converters[i], out);
                }
            } else {
                if (i > 0) {
                    out.put('\t');
                }
                error = convertField(b, i, out);
            }
            if (error != null) {
                discardAll();
                return describe(i) + ": " + error;
            }
        }
        if (!binary) {
            out.put('\n');
        }
        commitAll();
        return null;
    }

    private static void putBinary(ColumnConverter c, ByteSink out) {
        if (c.isNullPending()) {
            out.putInt32(-1);
        } else {
            c.putBinary(out);
        }
    }

    private String convertField(byte[] b, int i, ByteSink out) {
        ColumnConverter c = converters[i];
        if (i >= lineFields) {
            byte[] constant = constants[i - lineFields];
            if (constant == null) {
                putNull(c, i, out);
                return null;
            }
            return c.convert(constant, 0, constant.length, out);
        }
        if (!locateField(b, i)) {
            putNull(c, i, out);
            return null;
        }
        return c.convert(fieldBytes, fieldFrom, fieldTo, out);
    }

    /**
     * Finds the text of field {@code i} of the line last split ({@link #fieldBytes}, {@link #fieldFrom},
     * {@link #fieldTo}): unescaped and unquoted, or only unquoted for a converter that reads escapes itself.
     *
     * @return false when the field is NULL (the NULL text, or empty for a type whose empty text is NULL)
     */
    private boolean locateField(byte[] line, int i) {
        ColumnConverter c = converters[i];
        int s = splitter.start(i);
        int e = splitter.end(i);
        if (!splitter.isQuoted(i) && isNull(line, s, e)) {
            return false;
        }
        byte[] src = line;
        if (splitter.needsUnescape(i) && (splitter.isQuoted(i) || !c.readsEscapedText())) {
            ByteSink u = unescaped[i];
            u.reset();
            if (c.readsEscapedText()) {
                splitter.unquoted(line, i, u);
            } else {
                splitter.value(line, i, u);
            }
            src = u.array();
            s = 0;
            e = u.length();
        }
        fieldBytes = src;
        fieldFrom = s;
        fieldTo = e;
        return s != e || !c.emptyIsNull();
    }

    private void putNull(ColumnConverter c, int column, ByteSink out) {
        c.setNull();
        out.put(NULL_COPY, 0, 2);
        for (int k = 0; k < keyColumns.length; k++) {
            if (keyColumns[k] == column) {
                keyNull[k] = true;
            }
        }
    }

    /**
     * Converts a typed row (a query result) whose fields are the table's columns in order.
     *
     * @return null when accepted, else the reason the row is rejected
     */
    public String convertRow(Row row, ByteSink out) {
        if (row.size() != converters.length) {
            return fieldCountError(row.size());
        }
        out.reset();
        java.util.Arrays.fill(keyNull, false);
        if (binary) {
            out.putInt16(converters.length);
        }
        for (int i = 0; i < converters.length; i++) {
            ByteSink text = out;
            if (binary) {
                text = noText;
            } else if (i > 0) {
                out.put('\t');
            }
            Object v = row.get(i);
            String error = null;
            if (v == null) {
                putNull(converters[i], i, text);
            } else {
                error = converters[i].convertValue(v, text);
            }
            if (error != null) {
                discardAll();
                return describe(i) + ": " + error;
            }
            if (binary) {
                putBinary(converters[i], out);
            }
        }
        if (!binary) {
            out.put('\n');
        }
        commitAll();
        return null;
    }

    /**
     * The key of a line that was rejected for another reason, when its key fields can be read: to
     * count the rejected row against its chunk. Null when they cannot.
     */
    public Object[] keyOfRejectedLine(byte[] line, int length) {
        return keyOfRejectedLine(line, 0, length);
    }

    /** See {@link #keyOfRejectedLine(byte[], int)}; the line is {@code line[from, to)}. */
    public Object[] keyOfRejectedLine(byte[] line, int from, int to) {
        if (keyColumns.length == 0 || decoder != null || !splitter.split(line, from, to)
                || splitter.count() != lineFields) {
            return null;
        }
        Object[] out = new Object[keyColumns.length];
        for (int k = 0; k < keyColumns.length; k++) {
            int i = keyColumns[k];
            scratch.reset();
            if (!locateField(line, i)) {
                out[k] = null;
                continue;
            }
            if (converters[i].convert(fieldBytes, fieldFrom, fieldTo, scratch) != null) {
                converters[i].discard();
                return null;
            }
            converters[i].discard();
            out[k] = converters[i].keyValue();
        }
        return out;
    }

    /** The key values of the last accepted record, in key order (valid until the next call). */
    public Object[] keyValues() {
        for (int k = 0; k < keyColumns.length; k++) {
            keys[k] = keyNull[k] ? null : converters[keyColumns[k]].keyValue();
        }
        return keys;
    }

    private void commitAll() {
        for (ColumnConverter c : converters) {
            c.commit();
        }
    }

    private void discardAll() {
        for (ColumnConverter c : converters) {
            c.discard();
        }
    }

    /** The statistics of each column over the accepted records. */
    public ColumnAccumulator[] stats() {
        ColumnAccumulator[] out = new ColumnAccumulator[converters.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = converters[i].stats();
        }
        return out;
    }

    private boolean isNull(byte[] b, int s, int e) {
        if (e - s != nullBytes.length) {
            return false;
        }
        for (int i = 0; i < nullBytes.length; i++) {
            if (b[s + i] != nullBytes[i]) {
                return false;
            }
        }
        return true;
    }

    private String transcode(byte[] line, int from, int to) {
        try {
            CharBuffer chars = decoder.decode(ByteBuffer.wrap(line, from, to - from));
            ByteBuffer utf8 = StandardCharsets.UTF_8.encode(chars);
            transcoded.reset();
            transcoded.put(utf8.array(), utf8.arrayOffset() + utf8.position(), utf8.remaining());
            return null;
        } catch (CharacterCodingException e) {
            return "the line is not valid " + format.encoding().name() + " text (" + e.getMessage() + ")";
        }
    }

    private String fieldCountError(int found) {
        String msg = "the line has " + found + " field" + (found == 1 ? "" : "s") + " but the table has "
                + lineFields + " columns" + (lineFields < converters.length ? " besides its partition columns" : "");
        if (found == 1 && lineFields > 1) {
            msg += " (is the field delimiter " + TextFormat.show(delimiterChar) + " right?)";
        }
        return msg;
    }

    private String describe(int i) {
        ColumnInfo c = columns.get(i);
        return "column " + (i + 1) + " '" + c.name() + "' (" + c.type() + ")";
    }
}
