package org.hadoopdb.loader.text;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte scanning eight bytes at a time ("SIMD within a register"): the loader scans every input
 * byte several times (encoding check, field split, COPY escaping), and byte-at-a-time loops with an
 * early exit are not vectorised by the JIT.
 *
 * <p>{@code flagZero(w)} sets the high bit of the lowest zero byte of {@code w} exactly; bytes above
 * it may be flagged falsely (borrows), so a caller only trusts the lowest flag.
 */
final class Swar {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final long ONES = 0x0101010101010101L;
    static final long HIGHS = 0x8080808080808080L;

    private Swar() {
    }

    /** Eight bytes from {@code b[i]}, the first in the lowest byte. */
    static long word(byte[] b, int i) {
        return (long) LONGS.get(b, i);
    }

    /** A word of eight copies of byte {@code c}. */
    static long broadcast(int c) {
        return (c & 0xFFL) * ONES;
    }

    /** High bit set in the lowest zero byte of {@code w} (and possibly above it); 0 when none is zero. */
    static long flagZero(long w) {
        return (w - ONES) & ~w & HIGHS;
    }

    /** High bit set in the lowest byte of {@code w} below {@code n} (n <= 128), possibly above it; 0 when none. */
    static long flagBelow(long w, int n) {
        return (w - n * ONES) & ~w & HIGHS;
    }

    /** The index (0-7) of the byte a flag word's lowest flag marks. */
    static int firstFlagged(long flags) {
        return Long.numberOfTrailingZeros(flags) >>> 3;
    }
}
