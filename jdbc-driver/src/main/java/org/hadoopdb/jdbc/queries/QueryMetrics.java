package org.hadoopdb.jdbc.queries;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.hadoopdb.connector.chunk.NodeReads;

/**
 * Counters of the statements a registry saw, by kind, a histogram of their latency (receipt to final
 * state), their stages, their MapReduce jobs and tasks, and the rows and bytes their chunk reads took
 * from each node, cumulative since the server started, as Prometheus expects counters to be.
 */
public final class QueryMetrics {
    /** Upper bounds of the latency buckets, in seconds (the last, +Inf, is implied). */
    public static final double[] LATENCY_BOUNDS = DurationHistogram.BOUNDS;

    private final Map<String, LongAdder> started = new ConcurrentHashMap<>();
    private final Map<String, Map<QueryState, LongAdder>> ended = new ConcurrentHashMap<>();
    private final DurationHistogram latency = new DurationHistogram();
    private final LongAdder jobs = new LongAdder();
    private final LongAdder mapTasks = new LongAdder();
    private final LongAdder reduceTasks = new LongAdder();
    private final Map<String, LongAdder> nodeRows = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> nodeBytes = new ConcurrentHashMap<>();
    private final LongAdder stagesInClient = new LongAdder();
    private final LongAdder stagesAsJobs = new LongAdder();
    private final LongAdder stageMillisInClient = new LongAdder();
    private final LongAdder stageMillisAsJobs = new LongAdder();

    void started(String kind) {
        started.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    void ended(String kind, QueryState state, long nanos) {
        ended.computeIfAbsent(kind, k -> new ConcurrentHashMap<>()).computeIfAbsent(state, s -> new LongAdder()).increment();
        latency.record(nanos);
    }

    /** A statement's MapReduce job ended, having run these tasks. */
    void jobEnded(int maps, int reduces) {
        jobs.increment();
        mapTasks.add(maps);
        reduceTasks.add(reduces);
    }

    /** A statement's chunk reads took these rows and bytes from their nodes. */
    void chunksRead(NodeReads reads) {
        reads.byNode().forEach((node, count) -> {
            nodeRows.computeIfAbsent(node, n -> new LongAdder()).add(count.rows());
            nodeBytes.computeIfAbsent(node, n -> new LongAdder()).add(count.bytes());
        });
    }

    /** MapReduce jobs the statements ran (ended, well or not). */
    public long jobs() {
        return jobs.sum();
    }

    /** Map ({@code true}) or reduce tasks those jobs ran. */
    public long tasks(boolean map) {
        return (map ? mapTasks : reduceTasks).sum();
    }

    /** Rows the statements' chunk reads took from each node, by node id. */
    public Map<String, Long> rowsReadByNode() {
        return sums(nodeRows);
    }

    /** Bytes of those rows (their binary row encoding), by node id. */
    public Map<String, Long> bytesReadByNode() {
        return sums(nodeBytes);
    }

    private static Map<String, Long> sums(Map<String, LongAdder> adders) {
        Map<String, Long> out = new TreeMap<>();
        adders.forEach((k, v) -> out.put(k, v.sum()));
        return out;
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
        return latency.cumulativeBuckets();
    }

    public long latencyCount() {
        return latency.count();
    }

    public double latencySumSeconds() {
        return latency.sumSeconds();
    }

    /** The statements' latency. */
    public DurationHistogram latency() {
        return latency;
    }
}
