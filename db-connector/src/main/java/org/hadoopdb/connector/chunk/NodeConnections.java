package org.hadoopdb.connector.chunk;

import java.sql.Connection;
import java.sql.SQLException;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.pool.IdleSessions;
import org.hadoopdb.connector.pool.NodeSession;

/**
 * The sessions chunk reads run on: an idle one of this process's when there is one
 * ({@link IdleSessions}), else a new one; never waiting for a pool.
 */
final class NodeConnections {
    private NodeConnections() {
    }

    /** A session with HadoopDB's settings ({@link NodeSession}), waiting at most the connect timeout. */
    static Connection open(NodeInfo node, ChunkReadSettings settings, CredentialResolver credentials) throws SQLException {
        Connection idle = IdleSessions.take(node);
        if (idle != null) {
            return idle;
        }
        int seconds = (int) Math.min(Integer.MAX_VALUE, Math.max(1, settings.connectTimeout().toSeconds()));
        Connection opened = NodeSession.open(node, credentials, "hadoopdb-task", seconds);
        IdleSessions.opened(node);
        return opened;
    }

    /** Hands the session back after a read: kept for reuse when {@code reusable}, else closed. */
    static void release(NodeInfo node, Connection c, boolean reusable) {
        IdleSessions.release(node, c, reusable);
    }
}
