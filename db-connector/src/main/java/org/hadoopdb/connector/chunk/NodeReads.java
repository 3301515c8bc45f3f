package org.hadoopdb.connector.chunk;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.counters.LimitExceededException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rows and bytes that chunk reads took from each node, by node id: the rows a reader handed on and
 * the length of their binary encoding ({@link org.hadoopdb.connector.row.Row#encodedLength()}), each
 * counted on the node that returned it (after a failover, the replica's node). Immutable.
 *
 * <p>A map task adds its reads to its job's counters ({@link #addTo}, two counters per node in the
 * groups {@value #ROWS_GROUP} and {@value #BYTES_GROUP}), and whoever ran the job reads them back
 * ({@link #of(Counters)}); reads without a job (direct reads, stages in the client) are added up in
 * the process ({@link #plus}).
 */
public final class NodeReads {
    private static final Logger LOG = LoggerFactory.getLogger(NodeReads.class);
    /** The job counter group of the rows read, one counter per node id. */
    public static final String ROWS_GROUP = "HadoopDB rows read by node";
    /** The job counter group of the bytes read, one counter per node id. */
    public static final String BYTES_GROUP = "HadoopDB bytes read by node";
    public static final NodeReads NONE = new NodeReads(Map.of());

    /** What was read from one node. */
    public record Count(long rows, long bytes) {
        Count plus(Count other) {
            return new Count(rows + other.rows, bytes + other.bytes);
        }
    }

    private final Map<String, Count> byNode;

    private NodeReads(Map<String, Count> byNode) {
        this.byNode = byNode;
    }

    /** {@code rows} rows of {@code bytes} bytes read from {@code node}. */
    public static NodeReads of(String node, long rows, long bytes) {
        return rows == 0 && bytes == 0 ? NONE : new NodeReads(Map.of(node, new Count(rows, bytes)));
    }

    /** The reads a job's map tasks counted, from its counters; none when it has no such counters. */
    public static NodeReads of(Counters counters) {
        Map<String, Count> out = new TreeMap<>();
        CounterGroup rows = counters.getGroup(ROWS_GROUP);
        CounterGroup bytes = counters.getGroup(BYTES_GROUP);
        for (Counter c : rows) {
            out.merge(c.getName(), new Count(c.getValue(), 0), Count::plus);
        }
        for (Counter c : bytes) {
            out.merge(c.getName(), new Count(0, c.getValue()), Count::plus);
        }
        return out.isEmpty() ? NONE : new NodeReads(Collections.unmodifiableMap(out));
    }

    /** These reads and {@code other}'s, node by node. */
    public NodeReads plus(NodeReads other) {
        if (other.byNode.isEmpty()) {
            return this;
        }
        if (byNode.isEmpty()) {
            return other;
        }
        Map<String, Count> sum = new TreeMap<>(byNode);
        other.byNode.forEach((node, count) -> sum.merge(node, count, Count::plus));
        return new NodeReads(Collections.unmodifiableMap(sum));
    }

    /** What these reads count beyond {@code earlier}, an earlier count of the same reads. */
    NodeReads since(NodeReads earlier) {
        NodeReads out = NONE;
        for (Map.Entry<String, Count> e : byNode.entrySet()) {
            Count was = earlier.byNode.getOrDefault(e.getKey(), new Count(0, 0));
            out = out.plus(of(e.getKey(), e.getValue().rows() - was.rows(), e.getValue().bytes() - was.bytes()));
        }
        return out;
    }

    /** By node id, in the order of the ids. */
    public Map<String, Count> byNode() {
        return byNode;
    }

    public boolean isEmpty() {
        return byNode.isEmpty();
    }

    /**
     * Adds these reads to the task's counters, which the task reports when it ends. A job past Hadoop's
     * counter limit ({@code mapreduce.job.counters.max}, two counters per node) keeps its other counters
     * and the task goes on: the reads of the nodes beyond it are not counted, and the log says so.
     */
    public void addTo(TaskAttemptContext task) {
        for (Map.Entry<String, Count> e : byNode.entrySet()) {
            try {
                task.getCounter(ROWS_GROUP, e.getKey()).increment(e.getValue().rows());
                task.getCounter(BYTES_GROUP, e.getKey()).increment(e.getValue().bytes());
            } catch (LimitExceededException tooMany) {
                LOG.warn("The rows and bytes read from node {} are not counted: {} (raise mapreduce.job.counters.max, "
                        + "two counters per node)", e.getKey(), tooMany.getMessage());
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeReads other && byNode.equals(other.byNode);
    }

    @Override
    public int hashCode() {
        return byNode.hashCode();
    }

    @Override
    public String toString() {
        return byNode.toString();
    }
}
