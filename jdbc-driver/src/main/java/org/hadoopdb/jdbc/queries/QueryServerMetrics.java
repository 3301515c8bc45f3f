package org.hadoopdb.jdbc.queries;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.hadoopdb.connector.pool.PoolConnections;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link QueryRegistry}'s metrics registered as an MXBean in the platform MBean server while the query
 * server runs ({@link #register}, then {@link #close}).
 */
public final class QueryServerMetrics implements QueryServerMXBean, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QueryServerMetrics.class);

    private final QueryRegistry queries;
    private final DurationHistogram queueWaits;
    private final Supplier<List<PoolConnections.Node>> connections;
    private final ObjectName name;

    private QueryServerMetrics(QueryRegistry queries, DurationHistogram queueWaits,
                               Supplier<List<PoolConnections.Node>> connections, ObjectName name) {
        this.queries = queries;
        this.queueWaits = queueWaits;
        this.connections = connections;
        this.name = name;
    }

    /** The name the metrics of the server on {@code port} are registered under. */
    public static ObjectName nameFor(int port) {
        try {
            return new ObjectName("org.hadoopdb:type=QueryServer,port=" + port);
        } catch (JMException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Registers the metrics of {@code queries} for the server on {@code port}. A failure to register
     * (another MBean of that name) is logged: the server runs without JMX then.
     *
     * @param queueWaits  the waits of the server's query gate
     * @param connections the node sessions of the server's process now
     */
    public static QueryServerMetrics register(QueryRegistry queries, DurationHistogram queueWaits,
                                              Supplier<List<PoolConnections.Node>> connections, int port) {
        QueryServerMetrics metrics = new QueryServerMetrics(queries, queueWaits, connections, nameFor(port));
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(metrics, metrics.name);
        } catch (JMException e) {
            LOG.warn("The query server's metrics are not available over JMX as {}: {}", metrics.name, e.getMessage());
        }
        return metrics;
    }

    @Override
    public int getRunning() {
        return queries.runningCount();
    }

    @Override
    public int getQueued() {
        return queries.queued();
    }

    @Override
    public Map<String, Long> getStartedByKind() {
        return queries.metrics().startedByKind();
    }

    @Override
    public long getFinished() {
        return total(QueryState.FINISHED);
    }

    @Override
    public long getFailed() {
        return total(QueryState.FAILED);
    }

    @Override
    public long getCancelled() {
        return total(QueryState.CANCELLED);
    }

    @Override
    public long getLatencyCount() {
        return queries.metrics().latencyCount();
    }

    @Override
    public double getLatencySumSeconds() {
        return queries.metrics().latencySumSeconds();
    }

    @Override
    public long getStagesInClient() {
        return queries.metrics().stages(true);
    }

    @Override
    public long getStagesAsJobs() {
        return queries.metrics().stages(false);
    }

    @Override
    public long getJobs() {
        return queries.metrics().jobs();
    }

    @Override
    public long getMapTasks() {
        return queries.metrics().tasks(true);
    }

    @Override
    public long getReduceTasks() {
        return queries.metrics().tasks(false);
    }

    @Override
    public Map<String, Long> getRowsReadByNode() {
        return queries.metrics().rowsReadByNode();
    }

    @Override
    public Map<String, Long> getBytesReadByNode() {
        return queries.metrics().bytesReadByNode();
    }

    @Override
    public long getQueueWaitCount() {
        return queueWaits.count();
    }

    @Override
    public double getQueueWaitSumSeconds() {
        return queueWaits.sumSeconds();
    }

    @Override
    public Map<String, Integer> getNodeConnectionsActive() {
        Map<String, Integer> out = new TreeMap<>();
        connections.get().forEach(n -> out.put(n.node() + "/" + n.pool(), n.active()));
        return out;
    }

    @Override
    public Map<String, Integer> getNodeConnectionsIdle() {
        Map<String, Integer> out = new TreeMap<>();
        connections.get().forEach(n -> out.put(n.node() + "/" + n.pool(), n.idle()));
        return out;
    }

    private long total(QueryState state) {
        return queries.metrics().endedByKind(state).values().stream().mapToLong(Long::longValue).sum();
    }

    /** Unregisters the MXBean. */
    @Override
    public void close() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
        } catch (JMException e) {
            LOG.warn("Could not unregister {}: {}", name, e.getMessage());
        }
    }
}
