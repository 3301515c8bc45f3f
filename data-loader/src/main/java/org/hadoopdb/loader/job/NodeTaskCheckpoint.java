package org.hadoopdb.loader.job;

import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.model.NodeInfo;

/**
 * Where a node task of a load is, for a {@link LoadTaskObserver}.
 *
 * @param node       the node the rows are being written to
 * @param attempt    the task's attempt number (1 = first), as {@link LoadJobs#attempt} counts them
 * @param chunk      the chunk being written
 * @param backendPid the PostgreSQL backend on {@code node} running the chunk's {@code COPY}
 * @param conf       the job's configuration
 */
public record NodeTaskCheckpoint(NodeInfo node, int attempt, int chunk, int backendPid, Configuration conf) {
}
