package org.hadoopdb.datagen;

/**
 * Seed derivation. Every random stream in the generators (a table, a row, a URL, a permutation) gets its
 * own seed computed from the user's seed, so any part of any table can be produced on its own, in any
 * order, on any thread, and come out the same.
 */
final class Seeds {

    /** The golden-ratio increment of SplitMix64; also spaces consecutive indexes far apart before mixing. */
    static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private Seeds() {
    }

    /** The SplitMix64 finalizer: a bijective 64-bit mix with good avalanche. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The seed of a named stream (for example one table) under the user's seed. */
    static long stream(long seed, String name) {
        long h = 0xCBF29CE484222325L; // FNV-1a over the name: stable, unlike String.hashCode's 32 bits
        for (int i = 0; i < name.length(); i++) {
            h = (h ^ name.charAt(i)) * 0x100000001B3L;
        }
        return mix64(mix64(seed) ^ h);
    }

    /** The seed of element {@code index} (a row, a URL, a block) of a stream. */
    static long element(long streamSeed, long index) {
        return mix64(streamSeed + GOLDEN_GAMMA * (index + 1));
    }
}
