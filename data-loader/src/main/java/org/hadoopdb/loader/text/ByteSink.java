package org.hadoopdb.loader.text;

import java.util.Arrays;

/**
 * A growable byte buffer reused record after record: the loader's hot loops write into it without allocating.
 * A {@link #discarding()} sink drops what it is given: converters check values into it when only their
 * binary form is wanted.
 */
public final class ByteSink {
    private byte[] buf;
    private int len;
    private final boolean discarding;

    public ByteSink(int capacity) {
        buf = new byte[Math.max(16, capacity)];
        discarding = false;
    }

    private ByteSink() {
        buf = new byte[0];
        discarding = true;
    }

    /** A sink that keeps nothing: its length stays 0. */
    public static ByteSink discarding() {
        return new ByteSink();
    }

    /** Whether this sink keeps nothing ({@link #discarding()}): a converter need not produce text for it. */
    public boolean isDiscarding() {
        return discarding;
    }

    public void reset() {
        len = 0;
    }

    public int length() {
        return len;
    }

    /** The backing array; bytes {@code [0, length())} are valid. */
    public byte[] array() {
        return buf;
    }

    public void setLength(int newLength) {
        if (discarding) {
            return;
        }
        len = newLength;
    }

    public void ensure(int more) {
        if (discarding) {
            return;
        }
        if (len + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
        }
    }

    public void put(int b) {
        if (discarding) {
            return;
        }
        if (len == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        buf[len++] = (byte) b;
    }

    public void put(byte[] src, int off, int n) {
        if (discarding) {
            return;
        }
        ensure(n);
        System.arraycopy(src, off, buf, len, n);
        len += n;
    }

    public void putAscii(String s) {
        if (discarding) {
            return;
        }
        ensure(s.length());
        for (int i = 0; i < s.length(); i++) {
            buf[len++] = (byte) s.charAt(i);
        }
    }

    /** Decimal digits of {@code v} without allocating. */
    public void putLong(long v) {
        if (discarding) {
            return;
        }
        if (v == Long.MIN_VALUE) {
            putAscii("-9223372036854775808");
            return;
        }
        ensure(20);
        if (v < 0) {
            buf[len++] = '-';
            v = -v;
        }
        int start = len;
        do {
            buf[len++] = (byte) ('0' + (int) (v % 10));
            v /= 10;
        } while (v != 0);
        for (int i = start, j = len - 1; i < j; i++, j--) {
            byte x = buf[i];
            buf[i] = buf[j];
            buf[j] = x;
        }
    }

    /** {@code v} as exactly {@code digits} decimal digits, zero-padded (v must be non-negative and fit). */
    public void putPadded(long v, int digits) {
        if (discarding) {
            return;
        }
        ensure(digits);
        for (int i = len + digits - 1; i >= len; i--) {
            buf[i] = (byte) ('0' + (int) (v % 10));
            v /= 10;
        }
        len += digits;
    }

    /** {@code v} as two bytes, most significant first (PostgreSQL's binary COPY is big-endian). */
    public void putInt16(int v) {
        if (discarding) {
            return;
        }
        ensure(2);
        buf[len++] = (byte) (v >>> 8);
        buf[len++] = (byte) v;
    }

    /** {@code v} as four bytes, most significant first. */
    public void putInt32(int v) {
        if (discarding) {
            return;
        }
        ensure(4);
        buf[len++] = (byte) (v >>> 24);
        buf[len++] = (byte) (v >>> 16);
        buf[len++] = (byte) (v >>> 8);
        buf[len++] = (byte) v;
    }

    /** {@code v} as eight bytes, most significant first. */
    public void putInt64(long v) {
        putInt32((int) (v >>> 32));
        putInt32((int) v);
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, len);
    }
}
