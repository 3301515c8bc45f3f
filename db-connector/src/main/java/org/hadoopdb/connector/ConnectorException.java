package org.hadoopdb.connector;

/**
 * The database layer's one exception type: a node is unreachable, a chunk query failed, an embedded
 * server would not start. Messages name the node, chunk or file at fault.
 */
public class ConnectorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConnectorException(String message) {
        super(message);
    }

    public ConnectorException(String message, Throwable cause) {
        super(message, cause);
    }
}
