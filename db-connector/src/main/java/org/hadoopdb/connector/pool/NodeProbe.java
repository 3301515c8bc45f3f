package org.hadoopdb.connector.pool;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.ConnectorException;

/**
 * Checks that a node's database answers with its credentials, before it is registered: a typo in a
 * URL or password is reported at once instead of by the first query's tasks.
 */
public final class NodeProbe {
    private NodeProbe() {
    }

    /**
     * Connects to {@code node} and asks for its server version.
     *
     * @return e.g. {@code "PostgreSQL 17.6"}
     * @throws ConnectorException naming the node, its URL and the server's (or driver's) answer
     */
    public static String check(NodeInfo node, Configuration conf, int timeoutSeconds) {
        try (Connection c = NodeSession.open(node, new CredentialResolver(conf), "hadoopdb", timeoutSeconds);
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SHOW server_version")) {
            rs.next();
            return "PostgreSQL " + rs.getString(1);
        } catch (SQLException e) {
            throw new ConnectorException("Node " + node.id() + " (" + node.jdbcUrl() + ", user " + node.user() + ") does not answer: "
                    + e.getMessage() + (e.getSQLState() == null ? "" : " [SQLSTATE " + e.getSQLState() + "]"), e);
        }
    }
}
