package org.hadoopdb.connector.chunk;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.pool.CredentialResolver;

/** Direct (unpooled) connections to node databases, for tasks that read one chunk and exit. */
final class NodeConnections {
    private NodeConnections() {
    }

    static Connection open(NodeInfo node, ChunkReadSettings settings, CredentialResolver credentials) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", node.user());
        String password = credentials.password(node);
        if (password != null) {
            props.setProperty("password", password);
        }
        long seconds = Math.max(1, settings.connectTimeout().toSeconds());
        props.setProperty("connectTimeout", Long.toString(seconds));
        props.setProperty("loginTimeout", Long.toString(seconds));
        props.setProperty("ApplicationName", "hadoopdb-task");
        return DriverManager.getConnection(node.jdbcUrl(), props);
    }
}
