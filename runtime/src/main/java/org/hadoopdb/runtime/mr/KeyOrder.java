package org.hadoopdb.runtime.mr;

import java.util.Arrays;
import org.hadoopdb.connector.row.SortKey;

/**
 * The order of a map's serialized records by partition, then by {@link org.hadoopdb.connector.row.SortKey}
 * (the shuffle's order), computed from each key's first eight bytes as a number (a radix sort), with the
 * bytes of keys whose prefixes are equal looked at only then ({@link PrefixSortCollector}).
 *
 * <p>Record {@code i} is a serialized sort key at {@code starts[i]} (its two lengths, then its bytes) up to
 * {@code valueStarts[i]}; {@code prefixes[i]} is its {@code SortKey.prefix()}.
 */
final class KeyOrder {
    /** Runs of equal prefixes up to this long are sorted on their next bytes by insertion; longer ones by radix. */
    private static final int SMALL_RUN = 32;
    /** How many times a run is radix-sorted on further bytes (8 each) before its keys are compared in full. */
    private static final int MAX_DEPTH = 4;

    private final byte[] data;
    private final int[] starts;
    private final int[] valueStarts;
    private final long[] prefixes;
    private final short[] partitionOf;
    private final int count;
    private final int partitions;

    KeyOrder(byte[] data, int[] starts, int[] valueStarts, long[] prefixes, short[] partitionOf, int count, int partitions) {
        this.data = data;
        this.starts = starts;
        this.valueStarts = valueStarts;
        this.prefixes = prefixes;
        this.partitionOf = partitionOf;
        this.count = count;
        this.partitions = partitions;
    }

    /** The records' order: by partition, then by key (the prefix first, the bytes for equal prefixes). */
    int[] sorted() {
        int[] order = new int[count];
        long[] keys = new long[count];
        // counting sort on the partition, then a radix sort of each partition's run on its prefixes
        int[] bounds = new int[partitions + 1];
        for (int i = 0; i < count; i++) {
            bounds[partitionOf[i] + 1]++;
        }
        for (int p = 0; p < partitions; p++) {
            bounds[p + 1] += bounds[p];
        }
        int[] next = Arrays.copyOf(bounds, partitions);
        for (int i = 0; i < count; i++) {
            int at = next[partitionOf[i]]++;
            order[at] = i;
            keys[at] = prefixes[i];
        }
        int[] orderTmp = new int[count];
        long[] keysTmp = new long[count];
        for (int p = 0; p < partitions; p++) {
            RadixSort.sort(keys, order, keysTmp, orderTmp, bounds[p], bounds[p + 1]);
        }
        resolve(keys, order, keysTmp, orderTmp, 0, count, 0);
        return order;
    }

    /**
     * Sorts each run of equal prefixes further by the next eight bytes of its keys (up to {@link #MAX_DEPTH}
     * times: URLs share their first bytes), then what is still tied by the keys' bytes compared in full, which
     * also puts a key before the longer keys it starts (zero-padded prefixes cannot tell them apart).
     */
    private void resolve(long[] keys, int[] order, long[] keysTmp, int[] orderTmp, int from, int to, int depth) {
        byte[] b = data;
        int i = from;
        while (i < to) {
            int j = i + 1;
            while (j < to && keys[j] == keys[i] && partitionOf[order[j]] == partitionOf[order[i]]) {
                j++;
            }
            if (j - i > 1) {
                if (depth < MAX_DEPTH) {
                    int offset = 8 * (depth + 1);
                    for (int k = i; k < j; k++) {
                        keys[k] = prefixAt(b, order[k], offset);
                    }
                    if (j - i > SMALL_RUN) {
                        RadixSort.sort(keys, order, keysTmp, orderTmp, i, j);
                    } else {
                        insertionSort(keys, order, i, j);
                    }
                    resolve(keys, order, keysTmp, orderTmp, i, j, depth + 1);
                } else {
                    sortByBytes(b, order, i, j);
                }
            }
            i = j;
        }
    }

    /** Sorts a few (key, record) pairs by key, unsigned: cheaper than a radix sort's 256 counters for a short run. */
    private static void insertionSort(long[] keys, int[] order, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            long k = keys[i];
            int o = order[i];
            int j = i - 1;
            while (j >= from && Long.compareUnsigned(keys[j], k) > 0) {
                keys[j + 1] = keys[j];
                order[j + 1] = order[j];
                j--;
            }
            keys[j + 1] = k;
            order[j + 1] = o;
        }
    }

    private void sortByBytes(byte[] b, int[] order, int from, int to) {
        SortKey.Comparator keys = new SortKey.Comparator();
        Integer[] run = new Integer[to - from];
        for (int k = from; k < to; k++) {
            run[k - from] = order[k];
        }
        Arrays.sort(run, (x, y) -> keys.compare(b, starts[x], valueStarts[x] - starts[x], b, starts[y], valueStarts[y] - starts[y]));
        for (int k = from; k < to; k++) {
            order[k] = run[k - from];
        }
    }

    /** Eight key bytes of record r from {@code offset} as an unsigned number, zero-padded past the key's end. */
    private long prefixAt(byte[] b, int r, int offset) {
        return SortKey.prefix(b, Math.min(SortKey.bytesStart(b, starts[r]) + offset, valueStarts[r]), valueStarts[r]);
    }
}
