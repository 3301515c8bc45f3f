package org.hadoopdb.connector.row;

import java.io.DataInput;
import java.io.IOException;

/**
 * Variable-length integers of the row encoding: unsigned LEB128 (7 bits a byte, low groups first)
 * for lengths, and zig-zag LEB128 for signed values, so that small magnitudes of either sign take
 * one byte (-64..63) where Hadoop's {@code WritableUtils} VLong favours non-negative values.
 */
final class VarInts {
    private VarInts() {
    }

    static void putUnsigned(ByteBuilder out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.put((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.put((int) v);
    }

    static void putSigned(ByteBuilder out, long v) {
        putUnsigned(out, (v << 1) ^ (v >> 63));
    }

    /** The bytes {@link #putUnsigned} writes for {@code v}. */
    static int unsignedLength(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            n++;
            v >>>= 7;
        }
        return n;
    }

    /** The bytes {@link #putSigned} writes for {@code v}. */
    static int signedLength(long v) {
        return unsignedLength((v << 1) ^ (v >> 63));
    }

    static long readUnsigned(DataInput in) throws IOException {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = in.readByte();
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return result;
            }
        }
        throw new IOException("Malformed row encoding: a variable-length integer runs over 10 bytes");
    }

    static long readSigned(DataInput in) throws IOException {
        long z = readUnsigned(in);
        return (z >>> 1) ^ -(z & 1);
    }

    /** An unsigned value that must fit {@code [0, max]}: lengths, scales, nanos. */
    static int readBounded(DataInput in, int max, String what) throws IOException {
        long v = readUnsigned(in);
        if (v < 0 || v > max) {
            throw new IOException("Malformed row encoding: " + what + " " + v + " is outside [0, " + max + "]");
        }
        return (int) v;
    }
}
