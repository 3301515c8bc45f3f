package org.hadoopdb.runtime.mr;

/**
 * A least-significant-digit radix sort of unsigned 64-bit keys carrying an int each, a byte per pass; a
 * pass whose byte is the same in every key is skipped (the high bytes of short strings' prefixes, say).
 * Stable, and reads and writes its arrays in sequence, which is what makes it fast on large inputs.
 */
final class RadixSort {
    private RadixSort() {
    }

    /**
     * Sorts {@code keys[from, to)} as unsigned numbers, moving {@code values} along.
     *
     * @param keysTmp   scratch of at least {@code to} elements
     * @param valuesTmp scratch of at least {@code to} elements
     */
    static void sort(long[] keys, int[] values, long[] keysTmp, int[] valuesTmp, int from, int to) {
        if (to - from < 2) {
            return;
        }
        long[] k = keys;
        int[] v = values;
        long[] kOut = keysTmp;
        int[] vOut = valuesTmp;
        int[] counts = new int[256];
        for (int shift = 0; shift < 64; shift += 8) {
            java.util.Arrays.fill(counts, 0);
            for (int i = from; i < to; i++) {
                counts[(int) (k[i] >>> shift) & 0xFF]++;
            }
            if (counts[(int) (k[from] >>> shift) & 0xFF] == to - from) {
                continue; // every key has this byte
            }
            int at = from;
            for (int d = 0; d < 256; d++) {
                int c = counts[d];
                counts[d] = at;
                at += c;
            }
            for (int i = from; i < to; i++) {
                int d = (int) (k[i] >>> shift) & 0xFF;
                int dest = counts[d]++;
                kOut[dest] = k[i];
                vOut[dest] = v[i];
            }
            long[] tk = k;
            k = kOut;
            kOut = tk;
            int[] tv = v;
            v = vOut;
            vOut = tv;
        }
        if (k != keys) {
            System.arraycopy(k, from, keys, from, to - from);
            System.arraycopy(v, from, values, from, to - from);
        }
    }
}
