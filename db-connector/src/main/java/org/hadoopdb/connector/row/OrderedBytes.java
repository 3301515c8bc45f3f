package org.hadoopdb.connector.row;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Order-preserving ("memcomparable") encodings of single values: comparing two encodings as
 * unsigned bytes gives the SQL order of the values. Every encoding is prefix-free (no encoding is a
 * proper prefix of another of the same type), so encodings can be concatenated column after column
 * and inverted bit by bit for descending order, and the byte comparison still decides on the first
 * column that differs. Equal values always encode to identical bytes.
 *
 * <ul>
 *   <li>Integers of any width (and DATE days, TIMESTAMP seconds and nanos): one header byte, then
 *       the value's significant bytes big-endian. Header {@code 0x80 + n} for a value {@code >= 0}
 *       of {@code n} significant bytes; {@code 0x7F - n} for a negative value whose complement has
 *       {@code n} significant bytes. 0 is {@code 0x80}, -1 is {@code 0x7F}, 300 is {@code 0x82 01 2C}.
 *   <li>FLOAT and DOUBLE: the value as a double (a float widens exactly, so both compare by value),
 *       -0.0 folded into 0.0 and every NaN into one NaN, sign-flipped IEEE bits: 8 bytes. NaN sorts
 *       above +Infinity.
 *   <li>DECIMAL, by numeric value whatever the scale: {@code 0x02} for zero; otherwise the value
 *       is {@code 0.d1d2d3... x 10^E} with {@code d1 != 0} and no trailing zero digit, written as
 *       {@code 0x03} (positive) then E as an integer (above) then the digits two per byte, each pair
 *       {@code p} as {@code 2p+1}, the last as {@code 2p} (a final odd digit is padded with 0); a
 *       negative value is {@code 0x01} then the bytes of its magnitude inverted.
 *   <li>Strings (UTF-8) and binary: the bytes with 0x00 escaped as {@code 00 FF}, terminated by
 *       {@code 00 01}; unsigned byte order is code point order for UTF-8.
 * </ul>
 */
final class OrderedBytes {
    /** Column headers of a sort key: a NULL that sorts first, a value, a NULL that sorts last. Never inverted. */
    static final int NULL_FIRST = 0x00;
    static final int VALUE = 0x01;
    static final int NULL_LAST = 0x02;

    static final int DECIMAL_NEGATIVE = 0x01;
    static final int DECIMAL_ZERO = 0x02;
    static final int DECIMAL_POSITIVE = 0x03;

    private OrderedBytes() {
    }

    // ---------------------------------------------------------------- encoding

    static void putLong(ByteBuilder b, long v) {
        int n;
        if (v >= 0) {
            n = significantBytes(v);
            b.put(0x80 + n);
        } else {
            n = significantBytes(~v);
            b.put(0x7F - n);
        }
        for (int shift = (n - 1) * 8; shift >= 0; shift -= 8) {
            b.put((int) (v >>> shift));
        }
    }

    private static int significantBytes(long nonNegative) {
        return (71 - Long.numberOfLeadingZeros(nonNegative)) >>> 3;
    }

    static void putDouble(ByteBuilder b, double d) {
        // SQL (and PostgreSQL) treat -0.0 and 0.0 as one value, and all NaNs as one value
        long bits = d == 0.0 ? 0L : Double.doubleToLongBits(d);
        b.putLong(bits < 0 ? ~bits : bits ^ Long.MIN_VALUE);
    }

    static void putDecimal(ByteBuilder b, BigDecimal d) {
        int sign = d.signum();
        if (sign == 0) {
            b.put(DECIMAL_ZERO);
            return;
        }
        BigDecimal stripped = d.stripTrailingZeros();
        String digits = stripped.unscaledValue().abs().toString();
        long exponent = (long) digits.length() - stripped.scale();
        b.put(sign > 0 ? DECIMAL_POSITIVE : DECIMAL_NEGATIVE);
        int start = b.length();
        putLong(b, exponent);
        int n = digits.length();
        for (int i = 0; i < n; i += 2) {
            int pair = (digits.charAt(i) - '0') * 10 + (i + 1 < n ? digits.charAt(i + 1) - '0' : 0);
            b.put(i + 2 >= n ? 2 * pair : 2 * pair + 1);
        }
        if (sign < 0) {
            b.invertFrom(start);
        }
    }

    static void putBytes(ByteBuilder b, byte[] src, int off, int len) {
        b.ensure(len + 2);
        for (int i = off; i < off + len; i++) {
            byte x = src[i];
            if (x == 0) {
                b.put(0);
                b.put(0xFF);
            } else {
                b.put(x);
            }
        }
        b.put(0);
        b.put(1);
    }

    // ---------------------------------------------------------------- decoding

    /** Reads encodings back; bytes are XOR-ed with {@link #mask} (0xFF for descending columns). */
    static final class Reader {
        private byte[] buf;
        private int pos;
        private int end;
        int mask;

        void reset(byte[] bytes, int offset, int length) {
            buf = bytes;
            pos = offset;
            end = offset + length;
            mask = 0;
        }

        boolean atEnd() {
            return pos >= end;
        }

        /** The next byte, unmasked: column headers are never inverted. */
        int header() {
            if (pos >= end) {
                throw malformed("the key ends early");
            }
            return buf[pos++] & 0xFF;
        }

        int next() {
            if (pos >= end) {
                throw malformed("the key ends early");
            }
            return (buf[pos++] ^ mask) & 0xFF;
        }

        long readLong() {
            int h = next();
            int n;
            long v;
            if (h >= 0x80) {
                n = h - 0x80;
                v = 0;
            } else {
                n = 0x7F - h;
                v = -1;
            }
            if (n > 8) {
                throw malformed("integer header " + h);
            }
            for (int i = 0; i < n; i++) {
                v = (v << 8) | next();
            }
            return v;
        }

        double readDouble() {
            long bits = 0;
            for (int i = 0; i < 8; i++) {
                bits = (bits << 8) | next();
            }
            return Double.longBitsToDouble(bits < 0 ? bits ^ Long.MIN_VALUE : ~bits);
        }

        BigDecimal readDecimal() {
            int h = next();
            if (h == DECIMAL_ZERO) {
                return BigDecimal.ZERO;
            }
            if (h != DECIMAL_POSITIVE && h != DECIMAL_NEGATIVE) {
                throw malformed("decimal header " + h);
            }
            int savedMask = mask;
            if (h == DECIMAL_NEGATIVE) {
                mask ^= 0xFF;
            }
            long exponent = readLong();
            StringBuilder digits = new StringBuilder(20);
            while (true) {
                int x = next();
                int pair = x >>> 1;
                if (pair > 99) {
                    throw malformed("decimal digit pair " + x);
                }
                digits.append((char) ('0' + pair / 10)).append((char) ('0' + pair % 10));
                if ((x & 1) == 0) {
                    if (pair % 10 == 0) {
                        digits.setLength(digits.length() - 1);
                    }
                    break;
                }
            }
            mask = savedMask;
            long scale = digits.length() - exponent;
            if (scale < Integer.MIN_VALUE || scale > Integer.MAX_VALUE) {
                throw malformed("decimal exponent " + exponent);
            }
            BigInteger unscaled = new BigInteger(digits.toString());
            return new BigDecimal(h == DECIMAL_NEGATIVE ? unscaled.negate() : unscaled, (int) scale);
        }

        /** Appends the unescaped bytes of a string or binary encoding to {@code out}. */
        void readBytes(ByteBuilder out) {
            while (true) {
                int x = next();
                if (x != 0) {
                    out.put(x);
                    continue;
                }
                int y = next();
                if (y == 0xFF) {
                    out.put(0);
                } else if (y == 0x01) {
                    return;
                } else {
                    throw malformed("escape 00 " + Integer.toHexString(y));
                }
            }
        }

        private static IllegalArgumentException malformed(String what) {
            return new IllegalArgumentException("Malformed sort key: " + what);
        }
    }
}
