package org.hadoopdb.loader.text;

import java.util.Base64;
import org.hadoopdb.catalog.model.HiveType;

/**
 * BINARY as Hive's text SerDe reads it: a field made only of base64 characters is base64-decoded
 * (Hive writes binary columns base64-encoded), any other field is taken as its bytes. Stored as
 * {@code bytea}.
 */
final class BinaryConverter extends ColumnConverter {
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private byte[] value;
    /** The bytes of the last value, for {@link #putBinary}. */
    private byte[] pending;

    BinaryConverter(HiveType type, boolean key) {
        super(type, key);
    }

    @Override
    public boolean emptyIsNull() {
        return false;
    }

    @Override
    public String convert(byte[] b, int from, int to, ByteSink out) {
        byte[] bytes = null;
        if (isBase64Alphabet(b, from, to)) {
            try {
                bytes = Base64.getMimeDecoder().decode(java.util.Arrays.copyOfRange(b, from, to));
            } catch (IllegalArgumentException e) {
                bytes = null; // not valid base64 after all: take the bytes
            }
        }
        if (bytes == null) {
            bytes = java.util.Arrays.copyOfRange(b, from, to);
        }
        put(bytes, out);
        return null;
    }

    private static boolean isBase64Alphabet(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/'
                    || c == '=' || c == ' ' || c == '\r' || c == '\n' || c == '\t';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private void put(byte[] bytes, ByteSink out) {
        value = key ? bytes : null;
        pending = bytes;
        out.ensure(3 + 2 * bytes.length);
        out.put('\\');
        out.put('\\');
        out.put('x');
        for (byte x : bytes) {
            out.put(HEX[(x >> 4) & 0xF]);
            out.put(HEX[x & 0xF]);
        }
    }

    @Override
    public String convertValue(Object v, ByteSink out) {
        if (!(v instanceof byte[] bytes)) {
            return javaTypeError(v, "binary");
        }
        put(bytes, out);
        return null;
    }

    @Override
    public void putBinary(ByteSink out) {
        out.putInt32(pending.length);
        out.put(pending, 0, pending.length);
    }

    @Override
    public Object keyValue() {
        return value;
    }

    @Override
    protected void commitValue() {
        stats.addOther();
    }
}
