package org.hadoopdb.connector.chunk;

import java.sql.SQLException;
import org.hadoopdb.connector.ConnectorException;

/**
 * Reading a chunk failed. {@link #nodeFailure()} separates a node that could not be reached or broke
 * off (another copy may succeed) from a statement the database refused (every copy would refuse it:
 * fail at once instead of retrying).
 */
public final class ChunkReadException extends ConnectorException {
    private final boolean nodeFailure;
    private final String nodeId;

    private ChunkReadException(String message, Throwable cause, boolean nodeFailure, String nodeId) {
        super(message, cause);
        this.nodeFailure = nodeFailure;
        this.nodeId = nodeId;
    }

    static ChunkReadException of(ChunkSplit split, ChunkCopy copy, SQLException e) {
        boolean node = isNodeFailure(e);
        String what = node ? "Cannot read " + split + " from node " + copy.node().id() + " (" + copy.node().jdbcUrl() + ")"
                : "The chunk statement failed on " + split + " at node " + copy.node().id();
        String state = e.getSQLState() == null ? "" : " [SQLSTATE " + e.getSQLState() + "]";
        return new ChunkReadException(what + ": " + e.getMessage() + state, e, node, copy.node().id());
    }

    /** Every copy of the split failed as a node: {@code last} is the last failure. */
    static ChunkReadException everyCopyFailed(ChunkSplit split, ChunkReadException last) {
        return new ChunkReadException("Every copy of " + split + " failed; the last error: " + last.getMessage(), last, true,
                last.nodeId());
    }

    /**
     * A read that cannot go on: {@code nodeFailure} as the failure it stems from, so that a task
     * attempt may still be retried on a replica by its framework.
     */
    static ChunkReadException cannotResume(String message, Throwable cause, boolean nodeFailure, String nodeId) {
        return new ChunkReadException(message, cause, nodeFailure, nodeId);
    }

    /** True when another copy of the chunk may succeed: the node was unreachable, shut down or lost the connection. */
    public boolean nodeFailure() {
        return nodeFailure;
    }

    /** The node that failed. */
    public String nodeId() {
        return nodeId;
    }

    /**
     * SQLSTATE classes 08 (connection exception), 57P (operator intervention: shutdown, terminated),
     * 53 (insufficient resources) and 58 (system error) are the node's fault; a missing state means
     * the driver could not talk to the server at all.
     */
    static boolean isNodeFailure(SQLException e) {
        String state = e.getSQLState();
        return state == null || state.startsWith("08") || state.startsWith("57P") || state.startsWith("53")
                || state.startsWith("58");
    }
}
