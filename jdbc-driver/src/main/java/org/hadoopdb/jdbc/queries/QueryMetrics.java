package org.hadoopdb.jdbc.queries;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of the statements a registry saw, by kind, and a histogram of their latency (receipt to
 * final state), cumulative since the server started, as Prometheus expects counters to be.
 */
public final class QueryMetrics {
    /** Upper bounds of the latency buckets, in seconds (the last, +Inf, is implied). */
    public static final double[] LATENCY_BOUNDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600};

    private final Map<String, LongAdder> started = new ConcurrentHashMap<>();
    private final Map<String, Map<QueryState, LongAdder>> ended = new ConcurrentHashMap<>();
    /** Per bucket (not cumulative), the last one for +Inf. */
    private final AtomicLongArray buckets = new AtomicLongArray(LATENCY_BOUNDS.length + 1);
    private final LongAdder latencyCount = new LongAdder();
    private final LongAdder latencyNanos = new LongAdder();
    private final LongAdder stagesInClient = new LongAdder();
    private final LongAdder stagesAsJobs = new LongAdder();
    private final LongAdder stageMillisInClient = new LongAdder();
    private final LongAdder stageMillisAsJobs = new LongAdder();

    void started(String kind) {
        started.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    void ended(String kind, QueryState state, long nanos) {
        ended.computeIfAbsent(kind, k -> new ConcurrentHashMap<>()).computeIfAbsent(state, s -> new LongAdder()).increment();
        double seconds = nanos / 1e9;
        int bucket = LATENCY_BOUNDS.length;
        for (int i = 0; i < LATENCY_BOUNDS.length; i++) {
            if (seconds <= LATENCY_BOUNDS[i]) {
                bucket = i;
                break;
            }
        }
        buckets.incrementAndGet(bucket);
        latencyCount.increment();
        latencyNanos.add(nanos);
    }

    /** A statement's stages that ended well: where each ran and for how long. */
    void stagesEnded(Iterable<StageProgress> stages) {
        for (StageProgress s : stages) {
            if (s.ended() == null) {
                continue;
            }
            (s.inClient() ? stagesInClient : stagesAsJobs).increment();
            (s.inClient() ? stageMillisInClient : stageMillisAsJobs).add(s.elapsedMillis(s.ended()));
        }
    }

    /** Stages that ended well, run in the server's process ({@code true}) or as MapReduce jobs ({@code false}). */
    public long stages(boolean inClient) {
        return (inClient ? stagesInClient : stagesAsJobs).sum();
    }

    /** The summed duration in seconds of the stages {@link #stages} counts. */
    public double stageSeconds(boolean inClient) {
        return (inClient ? stageMillisInClient : stageMillisAsJobs).sum() / 1000.0;
    }

    /** Statements received, by kind. */
    public Map<String, Long> startedByKind() {
        Map<String, Long> out = new TreeMap<>();
        started.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /** Statements that reached {@code state}, by kind. */
    public Map<String, Long> endedByKind(QueryState state) {
        Map<String, Long> out = new TreeMap<>();
        ended.forEach((k, byState) -> {
            LongAdder n = byState.get(state);
            out.put(k, n == null ? 0 : n.sum());
        });
        return out;
    }

    /** Cumulative counts of the latency buckets, one per {@link #LATENCY_BOUNDS} and a last one for +Inf. */
    public long[] cumulativeBuckets() {
        long[] out = new long[buckets.length()];
        long sum = 0;
        for (int i = 0; i < out.length; i++) {
            sum += buckets.get(i);
            out[i] = sum;
        }
        return out;
    }

    public long latencyCount() {
        return latencyCount.sum();
    }

    public double latencySumSeconds() {
        return latencyNanos.sum() / 1e9;
    }
}
