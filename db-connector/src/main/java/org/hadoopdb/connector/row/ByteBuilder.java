package org.hadoopdb.connector.row;

import java.util.Arrays;

/**
 * A growable byte array that encoders append to and reuse across rows, so that encoding a row
 * costs no allocation once the buffer has reached its working size. Not thread-safe.
 */
final class ByteBuilder {
    private byte[] buf;
    private int len;

    ByteBuilder(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    void reset() {
        len = 0;
    }

    int length() {
        return len;
    }

    /** The backing array; valid bytes are {@code [0, length())}. Invalidated by any append. */
    byte[] array() {
        return buf;
    }

    void setLength(int newLength) {
        ensure(newLength - len);
        len = newLength;
    }

    void ensure(int extra) {
        int needed = len + extra;
        if (needed > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(needed, buf.length * 2));
        }
    }

    void put(int b) {
        if (len == buf.length) {
            ensure(1);
        }
        buf[len++] = (byte) b;
    }

    void put(byte[] src, int off, int n) {
        ensure(n);
        System.arraycopy(src, off, buf, len, n);
        len += n;
    }

    void putInt(int v) {
        ensure(4);
        buf[len] = (byte) (v >>> 24);
        buf[len + 1] = (byte) (v >>> 16);
        buf[len + 2] = (byte) (v >>> 8);
        buf[len + 3] = (byte) v;
        len += 4;
    }

    void putLong(long v) {
        putInt((int) (v >>> 32));
        putInt((int) v);
    }

    /** Flips every bit of {@code [from, length())}: how descending sort-key columns are made. */
    void invertFrom(int from) {
        for (int i = from; i < len; i++) {
            buf[i] = (byte) ~buf[i];
        }
    }

    byte[] toByteArray() {
        return Arrays.copyOf(buf, len);
    }
}
