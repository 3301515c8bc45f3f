package org.hadoopdb.jdbc.queries;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * A histogram of durations as Prometheus keeps one: a count per bucket of {@link #BOUNDS}, cumulative
 * when read, their count and their sum, since it was made. Thread-safe.
 */
public final class DurationHistogram {
    /** Upper bounds of the buckets, in seconds (the last, +Inf, is implied). */
    public static final double[] BOUNDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600};

    /** Per bucket (not cumulative), the last one for +Inf. */
    private final AtomicLongArray buckets = new AtomicLongArray(BOUNDS.length + 1);
    private final LongAdder count = new LongAdder();
    private final LongAdder nanos = new LongAdder();

    /** Adds one duration. */
    public void record(long durationNanos) {
        double seconds = durationNanos / 1e9;
        int bucket = BOUNDS.length;
        for (int i = 0; i < BOUNDS.length; i++) {
            if (seconds <= BOUNDS[i]) {
                bucket = i;
                break;
            }
        }
        buckets.incrementAndGet(bucket);
        count.increment();
        nanos.add(durationNanos);
    }

    /** Cumulative counts of the buckets, one per {@link #BOUNDS} and a last one for +Inf. */
    public long[] cumulativeBuckets() {
        long[] out = new long[buckets.length()];
        long sum = 0;
        for (int i = 0; i < out.length; i++) {
            sum += buckets.get(i);
            out[i] = sum;
        }
        return out;
    }

    /** Durations recorded. */
    public long count() {
        return count.sum();
    }

    /** Their sum, in seconds. */
    public double sumSeconds() {
        return nanos.sum() / 1e9;
    }
}
