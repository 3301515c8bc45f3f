package org.hadoopdb.cluster.embedded;

/**
 * The embedded cluster's one exception type: a node would not start, a port is taken, the home's
 * nodes are leased by another process. Messages name the node, port or directory at fault.
 */
public class EmbeddedClusterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EmbeddedClusterException(String message) {
        super(message);
    }

    public EmbeddedClusterException(String message, Throwable cause) {
        super(message, cause);
    }
}
