package org.hadoopdb.datagen;

import java.util.Arrays;

/**
 * A growable buffer of ASCII bytes with the few appends the generators need.
 *
 * <p>All generated text is ASCII, so bytes are written directly: no {@code String}, no charset encoder,
 * no per-row garbage. Numbers are formatted by hand for the same reason.
 */
class AsciiBuilder {

    protected byte[] buf;
    protected int len;

    AsciiBuilder(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    final int length() {
        return len;
    }

    final byte byteAt(int i) {
        return buf[i];
    }

    final void setLength(int newLength) {
        len = newLength;
    }

    final void clear() {
        len = 0;
    }

    final void ensure(int extra) {
        if (len + extra > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
        }
    }

    final AsciiBuilder append(byte b) {
        ensure(1);
        buf[len++] = b;
        return this;
    }

    final AsciiBuilder append(char c) {
        return append((byte) c);
    }

    final AsciiBuilder append(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, len, bytes.length);
        len += bytes.length;
        return this;
    }

    final AsciiBuilder append(AsciiBuilder other) {
        ensure(other.len);
        System.arraycopy(other.buf, 0, buf, len, other.len);
        len += other.len;
        return this;
    }

    /** Appends an ASCII string; callers only pass constants and generated ASCII. */
    final AsciiBuilder append(String ascii) {
        int n = ascii.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[len++] = (byte) ascii.charAt(i);
        }
        return this;
    }

    /** Appends a non-negative integer in decimal. */
    final AsciiBuilder appendDecimal(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("negative value: " + value);
        }
        int digits = decimalDigits(value);
        ensure(digits);
        int end = len + digits;
        for (int i = end - 1; i >= len; i--) {
            buf[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        len = end;
        return this;
    }

    /** Appends {@code thousandths / 1000} with exactly three decimals, e.g. 5 gives {@code 0.005}. */
    final AsciiBuilder appendThousandths(int thousandths) {
        appendDecimal(thousandths / 1000);
        int frac = thousandths % 1000;
        ensure(4);
        buf[len++] = '.';
        buf[len++] = (byte) ('0' + frac / 100);
        buf[len++] = (byte) ('0' + frac / 10 % 10);
        buf[len++] = (byte) ('0' + frac % 10);
        return this;
    }

    /** The number of decimal digits of a non-negative value. */
    static int decimalDigits(long value) {
        int digits = 1;
        while (value >= 10) {
            value /= 10;
            digits++;
        }
        return digits;
    }

    @Override
    public String toString() {
        return new String(buf, 0, len, java.nio.charset.StandardCharsets.US_ASCII);
    }
}
