package org.hadoopdb.cluster.embedded;

import java.nio.file.Path;

/**
 * What {@code hadoopdb cluster status} shows for one embedded node.
 *
 * @param id        node id
 * @param port      TCP port on localhost
 * @param running   a postmaster process owns the data directory
 * @param healthy   the server answered {@code SELECT 1}
 * @param pid       postmaster process id, or -1
 * @param diskBytes bytes used by the node's directory
 * @param dataDir   the PGDATA directory
 */
public record NodeStatus(String id, int port, boolean running, boolean healthy, long pid, long diskBytes, Path dataDir) {
}
