package org.hadoopdb.connector.row;

import java.math.BigDecimal;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.HiveType.Kind;
import org.hadoopdb.connector.ConnectorException;

/**
 * Encodes the key columns of rows into {@link SortKey}s and decodes them back, for one
 * {@link SortKeySpec}. Create one per task and reuse it (and the keys): encoding allocates nothing
 * except for DECIMAL columns. Not thread-safe.
 *
 * <p>A key column is a one-byte header (a NULL sorting first, a value, a NULL sorting last) then,
 * for a value, its {@link OrderedBytes} encoding, bit-inverted when the column is descending.
 *
 * <p>Decoding gives each value's canonical form, which is the value itself except where the order
 * treats distinct values as equal: -0.0 decodes as 0.0, every NaN as the canonical NaN, a DECIMAL
 * with the column's declared scale (or more digits if it had them), a CHAR padded with spaces to
 * its length. Carry a value in the row, not the key, when its exact form matters.
 */
public final class SortKeyCodec {
    private final SortKeySpec spec;
    private final RowSchema source;
    private final RowSchema keySchema;
    private final int[] fields;
    private final Kind[] kinds;
    private final boolean[] descending;
    private final int[] nullHeaders;
    /** DECIMAL scale or CHAR length of each column. */
    private final int[] typeParameters;
    private final int groupColumns;
    private final OrderedBytes.Reader reader = new OrderedBytes.Reader();
    private final ByteBuilder scratch = new ByteBuilder(64);
    private RowSchema verifiedSchema;

    public SortKeyCodec(SortKeySpec spec) {
        this.spec = spec;
        this.source = spec.source();
        this.keySchema = spec.keySchema();
        int n = spec.columns().size();
        fields = new int[n];
        kinds = new Kind[n];
        descending = new boolean[n];
        nullHeaders = new int[n];
        typeParameters = new int[n];
        for (int c = 0; c < n; c++) {
            SortKeySpec.Column col = spec.columns().get(c);
            HiveType type = source.type(col.field());
            fields[c] = col.field();
            kinds[c] = type.kind();
            descending[c] = col.descending();
            nullHeaders[c] = col.nulls() == SortKeySpec.NullOrder.FIRST ? OrderedBytes.NULL_FIRST : OrderedBytes.NULL_LAST;
            typeParameters[c] = type.kind() == Kind.DECIMAL ? type.scale() : type.length();
        }
        groupColumns = spec.groupColumns();
        verifiedSchema = source;
    }

    public SortKeySpec spec() {
        return spec;
    }

    /** The schema of decoded keys (the key columns in key order). */
    public RowSchema keySchema() {
        return keySchema;
    }

    /** A new row of {@link #keySchema()}, for {@link #decode}. */
    public Row newKeyRow() {
        return new Row(keySchema);
    }

    /** Encodes the key columns of {@code row} (of the spec's source schema) into {@code key}; returns {@code key}. */
    public SortKey encode(Row row, SortKey key) {
        if (row.schema() != verifiedSchema) {
            verify(row.schema());
        }
        ByteBuilder b = key.bytes;
        b.reset();
        key.groupLength = 0;
        for (int c = 0; c < fields.length; c++) {
            int f = fields[c];
            if (row.isNull(f)) {
                b.put(nullHeaders[c]);
            } else {
                b.put(OrderedBytes.VALUE);
                int start = b.length();
                encodeValue(row, f, c, b);
                if (descending[c]) {
                    b.invertFrom(start);
                }
            }
            if (c + 1 == groupColumns) {
                key.groupLength = b.length();
            }
        }
        return key;
    }

    private void encodeValue(Row row, int f, int c, ByteBuilder b) {
        switch (kinds[c]) {
            case ARRAY, MAP, STRUCT -> throw new ConnectorException(RowSchema.describe(row.schema(), f)
                    + " is of a complex type, which cannot be sorted, grouped or joined on");
            case TINYINT, SMALLINT, INT, BIGINT, DATE -> OrderedBytes.putLong(b, row.rawPrimitive(f));
            case FLOAT -> OrderedBytes.putDouble(b, Float.intBitsToFloat((int) row.rawPrimitive(f)));
            case DOUBLE -> OrderedBytes.putDouble(b, Double.longBitsToDouble(row.rawPrimitive(f)));
            case DECIMAL -> OrderedBytes.putDecimal(b, row.getDecimal(f));
            case STRING, VARCHAR, BINARY -> OrderedBytes.putBytes(b, row.rawBytes(f), 0, row.rawLength(f));
            case CHAR -> {
                byte[] bytes = row.rawBytes(f);
                int len = row.rawLength(f);
                while (len > 0 && bytes[len - 1] == ' ') {
                    len--;
                }
                OrderedBytes.putBytes(b, bytes, 0, len);
            }
            case BOOLEAN -> b.put((int) row.rawPrimitive(f));
            case TIMESTAMP -> {
                OrderedBytes.putLong(b, row.rawPrimitive(f));
                OrderedBytes.putLong(b, row.rawNanos(f));
            }
        }
    }

    /**
     * Decodes {@code key} into {@code out}, which gets the {@link #keySchema()} if it has another;
     * returns {@code out}. Values come back in canonical form (see the class comment).
     */
    public Row decode(SortKey key, Row out) {
        if (out.schema() != keySchema) {
            out.setSchema(keySchema); // cheap when equal, and makes the next check an identity check
        }
        reader.reset(key.bytes.array(), 0, key.length());
        try {
            for (int c = 0; c < kinds.length; c++) {
                int header = reader.header();
                if (header != OrderedBytes.VALUE) {
                    if (header != OrderedBytes.NULL_FIRST && header != OrderedBytes.NULL_LAST) {
                        throw new IllegalArgumentException("column header " + header);
                    }
                    out.setNull(c);
                    continue;
                }
                reader.mask = descending[c] ? 0xFF : 0;
                decodeValue(c, out);
                reader.mask = 0;
            }
            if (!reader.atEnd()) {
                throw new IllegalArgumentException("bytes left after the last column");
            }
        } catch (IllegalArgumentException e) {
            throw new ConnectorException("Cannot decode " + key + " as a key of " + spec + ": " + e.getMessage(), e);
        }
        return out;
    }

    private void decodeValue(int c, Row out) {
        switch (kinds[c]) {
            case ARRAY, MAP, STRUCT -> throw new ConnectorException("A sort key cannot hold a complex value");
            case TINYINT, SMALLINT, INT, BIGINT -> out.setLong(c, reader.readLong());
            case DATE -> out.setEpochDay(c, reader.readLong());
            case FLOAT -> out.setFloat(c, (float) reader.readDouble());
            case DOUBLE -> out.setDouble(c, reader.readDouble());
            case DECIMAL -> {
                BigDecimal d = reader.readDecimal();
                out.setDecimal(c, d.scale() < typeParameters[c] ? d.setScale(typeParameters[c]) : d);
            }
            case STRING, VARCHAR, BINARY -> {
                scratch.reset();
                reader.readBytes(scratch);
                out.setRawBytes(c, scratch.array(), 0, scratch.length());
            }
            case CHAR -> {
                scratch.reset();
                reader.readBytes(scratch);
                padToLength(scratch, typeParameters[c]);
                out.setRawBytes(c, scratch.array(), 0, scratch.length());
            }
            case BOOLEAN -> out.setBoolean(c, reader.next() != 0);
            case TIMESTAMP -> {
                long seconds = reader.readLong();
                long nanos = reader.readLong();
                if (nanos < 0 || nanos > 999_999_999) {
                    throw new IllegalArgumentException("timestamp nanoseconds " + nanos);
                }
                out.setRaw(c, seconds, (int) nanos);
            }
        }
    }

    /** Pads UTF-8 bytes with spaces to {@code length} code points, as CHAR(length) values are. */
    private static void padToLength(ByteBuilder utf8, int length) {
        byte[] b = utf8.array();
        int codePoints = 0;
        for (int i = 0; i < utf8.length(); i++) {
            if ((b[i] & 0xC0) != 0x80) {
                codePoints++;
            }
        }
        for (int i = codePoints; i < length; i++) {
            utf8.put(' ');
        }
    }

    private void verify(RowSchema schema) {
        if (!source.equals(schema)) {
            throw new ConnectorException("Sort key " + spec + " cannot encode a row of schema " + schema);
        }
        verifiedSchema = schema;
    }
}
