package org.hadoopdb.connector.chunk;

import java.sql.Connection;
import java.sql.SQLException;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.pool.NodeSession;

/** Direct (unpooled) connections to node databases, for tasks that read one chunk and exit. */
final class NodeConnections {
    private NodeConnections() {
    }

    /** A session with HadoopDB's settings ({@link NodeSession}), waiting at most the connect timeout. */
    static Connection open(NodeInfo node, ChunkReadSettings settings, CredentialResolver credentials) throws SQLException {
        int seconds = (int) Math.min(Integer.MAX_VALUE, Math.max(1, settings.connectTimeout().toSeconds()));
        return NodeSession.open(node, credentials, "hadoopdb-task", seconds);
    }
}
