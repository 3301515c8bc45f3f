package org.hadoopdb.connector.chunk;

import java.io.IOException;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.BitSet;
import org.apache.hadoop.io.DataOutputBuffer;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.row.Row;

/**
 * The rows a chunk read has handed on, kept as a multiset of digests so that a read resumed on
 * another copy of the chunk skips exactly those rows, in whatever order that copy returns them.
 *
 * <p>A digest is the first 128 bits of the SHA-256 of the row's binary encoding ({@link Row#write}:
 * every value exactly, -0.0 apart from 0.0, a decimal with its scale). Two different rows share one
 * by accident with a probability of about 2<sup>-128</sup> per pair: negligible for any chunk.
 * Equal rows (a chunk's result may repeat a row) are counted: a copy's result is skipped one
 * occurrence per occurrence handed on.
 *
 * <p>Memory is 16 bytes per row handed on, up to a limit ({@code hadoopdb.connector.resume-max-rows});
 * past it the record is incomplete ({@link #complete()} is false) and a read can no longer resume.
 * Not thread-safe.
 */
final class DeliveredRows {
    private static final int FIRST_CAPACITY = 1024;

    private final int limit;
    private final MessageDigest sha256;
    private final DataOutputBuffer encoded = new DataOutputBuffer();
    private final byte[] digest = new byte[32];
    private long hi;
    private long lo;

    /** Digest pairs (high, low) of the rows handed on, in the order they were handed on until a replay sorts them. */
    private long[] digests;
    private int count;
    private boolean complete = true;

    /** During a replay: which of the sorted first {@code replayed} digests the new copy has returned again. */
    private int replayed;
    private BitSet seenAgain = new BitSet();
    private int pending;

    /** @param limit how many rows may be recorded; 0 records none */
    DeliveredRows(int limit) {
        this.limit = limit;
        this.digests = new long[2 * Math.min(limit, FIRST_CAPACITY)];
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new ConnectorException("This JVM has no SHA-256, which every Java platform must provide: " + e.getMessage(), e);
        }
    }

    /**
     * Decides about the next row read: false when it is one of the rows handed on before the last
     * {@link #beginReplay()} that the new copy returns again (skip it); otherwise true, and the row
     * counts as handed on.
     */
    boolean handOn(Row row) {
        if (pending == 0 && count >= limit) {
            complete = false;
            return true;
        }
        digest(row);
        if (pending > 0 && seenAgain()) {
            return false;
        }
        if (count < limit) {
            append();
        } else {
            complete = false;
        }
        return true;
    }

    /** True while every row handed on has been recorded: a read may resume on another copy. */
    boolean complete() {
        return complete;
    }

    /** Rows handed on before the last replay began that the new copy has not returned yet. */
    int pending() {
        return pending;
    }

    /**
     * Starts reading the chunk again from another copy: from now on, {@link #handOn} skips each row
     * handed on so far (all of them, also those of earlier copies) once, when the copy returns it.
     */
    void beginReplay() {
        if (!complete) {
            throw new IllegalStateException("Rows were handed on without being recorded: the read cannot resume");
        }
        sortPairs(digests, count);
        replayed = count;
        seenAgain = new BitSet(count);
        pending = count;
    }

    private void digest(Row row) {
        encoded.reset();
        try {
            row.write(encoded);
            sha256.update(encoded.getData(), 0, encoded.getLength());
            sha256.digest(digest, 0, digest.length);
        } catch (IOException | DigestException e) {
            throw new ConnectorException("Cannot encode a row of the chunk to remember it: " + e.getMessage(), e);
        }
        hi = longAt(0);
        lo = longAt(8);
    }

    private long longAt(int offset) {
        long v = 0;
        for (int i = offset; i < offset + 8; i++) {
            v = (v << 8) | (digest[i] & 0xffL);
        }
        return v;
    }

    private void append() {
        if (2 * count == digests.length) {
            long capacity = Math.min((long) limit, Math.max(FIRST_CAPACITY, (long) count + (count >> 1)));
            digests = Arrays.copyOf(digests, (int) (2 * capacity));
        }
        digests[2 * count] = hi;
        digests[2 * count + 1] = lo;
        count++;
    }

    /** Marks the first occurrence of the current digest among the replayed ones not seen again yet; false if none is left. */
    private boolean seenAgain() {
        int from = lowerBound(digests, replayed, hi, lo);
        for (int i = from; i < replayed && digests[2 * i] == hi && digests[2 * i + 1] == lo; i++) {
            if (!seenAgain.get(i)) {
                seenAgain.set(i);
                pending--;
                return true;
            }
        }
        return false;
    }

    /** The first pair index in the sorted {@code pairs[0, n)} not less than (hi, lo). */
    static int lowerBound(long[] pairs, int n, long hi, long lo) {
        int low = 0;
        int high = n;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (compare(pairs, mid, hi, lo) < 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /**
     * Sorts the first {@code n} (high, low) pairs of {@code pairs} in place: a heap sort, so a replay
     * needs no memory beyond the digests themselves.
     */
    static void sortPairs(long[] pairs, int n) {
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(pairs, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(pairs, 0, end);
            siftDown(pairs, 0, end);
        }
    }

    private static void siftDown(long[] pairs, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && compare(pairs, child + 1, pairs[2 * child], pairs[2 * child + 1]) > 0) {
                child++;
            }
            if (compare(pairs, i, pairs[2 * child], pairs[2 * child + 1]) >= 0) {
                return;
            }
            swap(pairs, i, child);
            i = child;
        }
    }

    private static int compare(long[] pairs, int i, long hi, long lo) {
        int c = Long.compare(pairs[2 * i], hi);
        return c != 0 ? c : Long.compare(pairs[2 * i + 1], lo);
    }

    private static void swap(long[] pairs, int i, int j) {
        long h = pairs[2 * i];
        long l = pairs[2 * i + 1];
        pairs[2 * i] = pairs[2 * j];
        pairs[2 * i + 1] = pairs[2 * j + 1];
        pairs[2 * j] = h;
        pairs[2 * j + 1] = l;
    }
}
