package org.hadoopdb.datagen;

/**
 * A seeded pseudo-random bijection of [0, size), computable in both directions without a table.
 *
 * <p>A balanced Feistel network on the smallest even number of bits covering the domain, with cycle-walking
 * (re-applying the network until the value falls inside the domain) to trim it to {@code size}. This is how
 * the generators shuffle billions of items without memory: item {@code i} of a shuffled list is just
 * {@code apply(i)}.
 */
final class FeistelPermutation {

    private static final int ROUNDS = 6;

    private final long size;
    private final int halfBits;
    private final long halfMask;
    private final long[] roundKeys = new long[ROUNDS];

    FeistelPermutation(long size, long seed) {
        if (size <= 0) {
            throw new IllegalArgumentException("permutation domain must be non-empty: " + size);
        }
        this.size = size;
        int bits = Math.max(2, 64 - Long.numberOfLeadingZeros(size - 1));
        if (bits % 2 == 1) {
            bits++;
        }
        if (bits > 62) {
            throw new IllegalArgumentException("permutation domain too large: " + size);
        }
        this.halfBits = bits / 2;
        this.halfMask = (1L << halfBits) - 1;
        for (int r = 0; r < ROUNDS; r++) {
            roundKeys[r] = Seeds.element(seed, r);
        }
    }

    long size() {
        return size;
    }

    /** The image of {@code x}, in [0, size). */
    long apply(long x) {
        checkDomain(x);
        do {
            x = encrypt(x);
        } while (x >= size);
        return x;
    }

    /** The pre-image of {@code y}: {@code apply(invert(y)) == y}. */
    long invert(long y) {
        checkDomain(y);
        do {
            y = decrypt(y);
        } while (y >= size);
        return y;
    }

    private long encrypt(long x) {
        long left = x >>> halfBits;
        long right = x & halfMask;
        for (int r = 0; r < ROUNDS; r++) {
            long next = left ^ round(right, r);
            left = right;
            right = next;
        }
        return (left << halfBits) | right;
    }

    private long decrypt(long y) {
        long left = y >>> halfBits;
        long right = y & halfMask;
        for (int r = ROUNDS - 1; r >= 0; r--) {
            long previous = right ^ round(left, r);
            right = left;
            left = previous;
        }
        return (left << halfBits) | right;
    }

    private long round(long half, int r) {
        return Seeds.mix64(half ^ roundKeys[r]) & halfMask;
    }

    private void checkDomain(long x) {
        if (x < 0 || x >= size) {
            throw new IndexOutOfBoundsException("value " + x + " outside [0, " + size + ")");
        }
    }
}
