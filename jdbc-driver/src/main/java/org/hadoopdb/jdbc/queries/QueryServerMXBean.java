package org.hadoopdb.jdbc.queries;

import java.util.Map;

/**
 * The query server's statement metrics over JMX ({@code org.hadoopdb:type=QueryServer,port=<port>}),
 * the same numbers the web console's {@code /metrics} gives Prometheus: for jconsole, VisualVM or a
 * JMX exporter.
 */
public interface QueryServerMXBean {
    /** Statements running (or being fetched) now. */
    int getRunning();

    /** Statements waiting for a slot or for their session. */
    int getQueued();

    /** Statements received since the server started, by kind (query, insert, load, ddl, …). */
    Map<String, Long> getStartedByKind();

    /** Statements that finished, failed or were cancelled since the server started. */
    long getFinished();

    long getFailed();

    long getCancelled();

    /** Statements that ended, and their summed duration in seconds (their mean is the ratio). */
    long getLatencyCount();

    double getLatencySumSeconds();

    /** Stages that ended well in the server's process (small stages run there, not as MapReduce jobs). */
    long getStagesInClient();

    /** Stages that ended well as MapReduce jobs. */
    long getStagesAsJobs();

    /** MapReduce jobs the statements ran (ended, well or not). */
    long getJobs();

    /** Map tasks those jobs ran (on YARN the attempts launched). */
    long getMapTasks();

    /** Reduce tasks those jobs ran. */
    long getReduceTasks();

    /** Rows the statements' chunk reads took from each node, by node id. */
    Map<String, Long> getRowsReadByNode();

    /** The bytes of those rows (their binary row encoding), by node id. */
    Map<String, Long> getBytesReadByNode();

    /** Statements that asked the query gate for a running slot, once they got it or gave up. */
    long getQueueWaitCount();

    /** Their summed wait in seconds. */
    double getQueueWaitSumSeconds();

    /** Node sessions in use by this process, by {@code <node>/<pool>} (pools: chunk-reads, node-pool). */
    Map<String, Integer> getNodeConnectionsActive();

    /** Node sessions kept open unused, by {@code <node>/<pool>}. */
    Map<String, Integer> getNodeConnectionsIdle();
}
