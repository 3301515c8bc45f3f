package org.hadoopdb.connector.chunk;

import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets another thread stop the chunk statement a reader runs while PostgreSQL is still computing it.
 * A reader checks for a cancel between rows, but a statement that computes for minutes before its first
 * row (a pushed join or aggregate) returns no row to check at: {@link #cancel()} sends PostgreSQL's
 * cancel request for it. The reader then fails with a {@link ChunkReadException} that is not a node
 * failure (SQLSTATE 57014), so it never moves to a replica; a statement started after the cancel is
 * refused before it runs.
 *
 * <pre>{@code
 * ChunkStatementCancel cancel = new ChunkStatementCancel();
 * // another thread: cancel.cancel();
 * try (FailoverChunkReader reader = FailoverChunkReader.open(split, 0, settings, credentials, cancel)) { ... }
 * }</pre>
 */
public final class ChunkStatementCancel {
    private static final Logger LOG = LoggerFactory.getLogger(ChunkStatementCancel.class);
    private static final String QUERY_CANCELED = "57014";

    private Statement running; // guarded by this
    private boolean cancelled; // guarded by this

    /** Stops the running statement, if any, and every statement started after this. */
    public void cancel() {
        Statement st;
        synchronized (this) {
            cancelled = true;
            st = running;
        }
        if (st != null) {
            try {
                st.cancel();
            } catch (SQLException e) {
                // the reader still stops at its next row check; only the node's work goes on meanwhile
                LOG.warn("Could not cancel a chunk statement on its node: {}", e.getMessage());
            }
        }
    }

    public synchronized boolean cancelled() {
        return cancelled;
    }

    /** {@code st} is about to run; refused when the read was cancelled already. */
    synchronized void starting(Statement st) throws SQLException {
        if (cancelled) {
            throw new SQLException("canceling statement: the read was cancelled before it started", QUERY_CANCELED);
        }
        running = st;
    }

    /** {@code st} is closed: a cancel no longer concerns it. */
    synchronized void ended(Statement st) {
        if (running == st) {
            running = null;
        }
    }
}
