package org.hadoopdb.connector.row;

import java.io.DataInput;
import java.io.IOException;

/**
 * The binary encoding of a {@link Row}, as Hadoop's shuffle and stage files carry it.
 * The schema is known to both sides, so the encoding has no type tags: a null bitmap of
 * {@code ceil(n/8)} bytes (bit {@code i % 8} of byte {@code i / 8} set = field {@code i} is NULL),
 * then each non-NULL field in order:
 * <ul>
 *   <li>TINYINT, SMALLINT, INT, BIGINT: zig-zag LEB128 varint (1 byte for -64..63);
 *   <li>FLOAT, DOUBLE: the raw IEEE-754 bits, 4 or 8 bytes big-endian (every NaN payload and -0.0 kept);
 *   <li>DECIMAL: the scale as a zig-zag varint, then the unscaled value's two's-complement bytes
 *       with a varint length (so 1.50 stays 1.50);
 *   <li>STRING, VARCHAR, CHAR: varint byte length, then UTF-8 (the empty string is not NULL; an
 *       unpaired surrogate, which is not Unicode, becomes {@code '?'} as with {@code String.getBytes});
 *   <li>BOOLEAN: one byte, 0 or 1;
 *   <li>DATE: days since 1970-01-01 as a zig-zag varint;
 *   <li>TIMESTAMP: seconds since 1970-01-01T00:00 as a zig-zag varint, then the nanoseconds as a varint;
 *   <li>BINARY: varint length, then the bytes.
 *   <li>ARRAY, MAP, STRUCT: varint length, then the UTF-8 of the value's stored JSON ({@code ComplexJson}).
 * </ul>
 */
final class RowEncoding {
    private static final int MAX_SCALE = 1_000_000;

    private RowEncoding() {
    }

    static void encode(Row r, ByteBuilder b) {
        int n = r.kinds.length;
        int bitmapAt = b.length();
        b.setLength(bitmapAt + r.bitmap.length);
        byte[] buf = b.array();
        for (int j = 0; j < r.bitmap.length; j++) {
            buf[bitmapAt + j] = 0;
        }
        for (int i = 0; i < n; i++) {
            if (r.nulls[i]) {
                buf[bitmapAt + (i >>> 3)] |= (byte) (1 << (i & 7));
            }
        }
        for (int i = 0; i < n; i++) {
            if (r.nulls[i]) {
                continue;
            }
            switch (r.kinds[i]) {
                case TINYINT, SMALLINT, INT, BIGINT, DATE -> VarInts.putSigned(b, r.prims[i]);
                case FLOAT -> b.putInt((int) r.prims[i]);
                case DOUBLE -> b.putLong(r.prims[i]);
                case BOOLEAN -> b.put((int) r.prims[i]);
                case TIMESTAMP -> {
                    VarInts.putSigned(b, r.prims[i]);
                    VarInts.putUnsigned(b, r.nanos[i]);
                }
                case DECIMAL -> {
                    VarInts.putSigned(b, r.prims[i]);
                    putBytes(r, b, i);
                }
                case STRING, VARCHAR, CHAR, BINARY, ARRAY, MAP, STRUCT -> putBytes(r, b, i);
            }
        }
    }

    /**
     * The length of {@link #encode}'s output for {@code r}, computed without encoding: strings are
     * measured, not encoded (a complex value is written as its JSON once, which its row keeps).
     */
    static long length(Row r) {
        int n = r.kinds.length;
        long len = r.bitmap.length;
        for (int i = 0; i < n; i++) {
            if (r.nulls[i]) {
                continue;
            }
            switch (r.kinds[i]) {
                case TINYINT, SMALLINT, INT, BIGINT, DATE -> len += VarInts.signedLength(r.prims[i]);
                case FLOAT -> len += 4;
                case DOUBLE -> len += 8;
                case BOOLEAN -> len += 1;
                case TIMESTAMP -> len += VarInts.signedLength(r.prims[i]) + VarInts.unsignedLength(r.nanos[i]);
                case DECIMAL -> len += VarInts.signedLength(r.prims[i]) + withLength(valueLength(r, i));
                case STRING, VARCHAR, CHAR, BINARY, ARRAY, MAP, STRUCT -> len += withLength(valueLength(r, i));
            }
        }
        return len;
    }

    private static long withLength(int bytes) {
        return VarInts.unsignedLength(bytes) + bytes;
    }

    /** The encoded bytes of a variable-length value: known, or measured from its decoded form. */
    private static int valueLength(Row r, int i) {
        if (r.byteLens[i] >= 0) {
            return r.byteLens[i];
        }
        Object o = r.objs[i];
        if (o instanceof String s) {
            return Utf8.encodedLength(s);
        }
        if (o instanceof java.math.BigDecimal d) {
            return d.unscaledValue().bitLength() / 8 + 1; // BigInteger.toByteArray's length
        }
        r.ensureBytes(i);
        return r.byteLens[i];
    }

    private static void putBytes(Row r, ByteBuilder b, int i) {
        r.ensureBytes(i);
        VarInts.putUnsigned(b, r.byteLens[i]);
        b.put(r.bytes[i], 0, r.byteLens[i]);
    }

    static void decode(Row r, DataInput in) throws IOException {
        in.readFully(r.bitmap, 0, r.bitmap.length);
        int n = r.kinds.length;
        for (int i = 0; i < n; i++) {
            r.objs[i] = null;
            boolean isNull = (r.bitmap[i >>> 3] & (1 << (i & 7))) != 0;
            r.nulls[i] = isNull;
            if (isNull) {
                r.byteLens[i] = Row.NO_BYTES;
                continue;
            }
            switch (r.kinds[i]) {
                case TINYINT, SMALLINT, INT, BIGINT, DATE -> r.prims[i] = VarInts.readSigned(in);
                case FLOAT -> r.prims[i] = in.readInt();
                case DOUBLE -> r.prims[i] = in.readLong();
                case BOOLEAN -> r.prims[i] = in.readByte() != 0 ? 1 : 0;
                case TIMESTAMP -> {
                    r.prims[i] = VarInts.readSigned(in);
                    r.nanos[i] = VarInts.readBounded(in, 999_999_999, "timestamp nanoseconds");
                }
                case DECIMAL -> {
                    long scale = VarInts.readSigned(in);
                    if (Math.abs(scale) > MAX_SCALE) {
                        throw new IOException("Malformed row encoding: decimal scale " + scale + " in " + RowSchema.describe(r.schema, i));
                    }
                    r.prims[i] = scale;
                    readBytes(r, in, i);
                }
                case STRING, VARCHAR, CHAR, BINARY, ARRAY, MAP, STRUCT -> readBytes(r, in, i);
            }
        }
    }

    private static void readBytes(Row r, DataInput in, int i) throws IOException {
        int len = VarInts.readBounded(in, Integer.MAX_VALUE - 8, "value length");
        byte[] b = r.bytes[i];
        if (b == null || b.length < len) {
            b = new byte[Math.max(len, 16)];
            r.bytes[i] = b;
        }
        in.readFully(b, 0, len);
        r.byteLens[i] = len;
    }
}
