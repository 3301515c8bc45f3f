package org.hadoopdb.connector.pool;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.ConnectorException;

/**
 * One HikariCP connection pool per node, opened on first use and all closed by {@link #close()}.
 * Pools are keyed by node id and JDBC URL, so a node re-registered at a new address gets a new pool.
 * Every connection starts with {@link NodeSession}'s settings: among them {@code search_path} is
 * {@code pg_catalog} only, so statements name their tables with their schemas.
 *
 * <pre>{@code
 * try (NodePools pools = new NodePools(config);
 *      Connection c = pools.connect(catalog.node("node1"))) {
 *     ...
 * }
 * }</pre>
 */
public final class NodePools implements AutoCloseable {
    private final HadoopDbConfig config;
    private final CredentialResolver credentials;
    private final Map<String, HikariDataSource> pools = new ConcurrentHashMap<>();
    private volatile boolean closed;

    public NodePools(HadoopDbConfig config) {
        this.config = config;
        this.credentials = new CredentialResolver(config.hadoopConf());
    }

    /** The pooled data source of {@code node}. */
    public DataSource dataSource(NodeInfo node) {
        if (closed) {
            throw new ConnectorException("Connection pools are closed");
        }
        return pools.computeIfAbsent(node.id() + " " + node.jdbcUrl(), k -> open(node));
    }

    /** A pooled connection to {@code node}; errors name the node and its URL. */
    public Connection connect(NodeInfo node) {
        HikariDataSource ds = (HikariDataSource) dataSource(node);
        // A pool keeps retrying a server that refuses connections for the whole connection timeout; a
        // node that is down should fail its caller at once (the caller then moves to a replica).
        var pool = ds.getHikariPoolMXBean();
        if (pool != null && pool.getTotalConnections() == 0 && ServerAddress.refusesConnections(node.jdbcUrl())) {
            throw new ConnectorException("Cannot connect to node " + node.id() + " (" + node.jdbcUrl()
                    + "): connection refused; is its PostgreSQL server running?");
        }
        try {
            return ds.getConnection();
        } catch (SQLException e) {
            throw new ConnectorException("Cannot connect to node " + node.id() + " (" + node.jdbcUrl() + "): " + e.getMessage(), e);
        }
    }

    /** The connections of the pools opened so far by node id: in use and idle. */
    public Map<String, PoolConnections.Count> connections() {
        Map<String, PoolConnections.Count> out = new java.util.TreeMap<>();
        pools.forEach((key, ds) -> {
            var pool = ds.getHikariPoolMXBean();
            if (pool != null) {
                out.merge(key.substring(0, key.indexOf(' ')), new PoolConnections.Count(pool.getActiveConnections(),
                        pool.getIdleConnections()), PoolConnections.Count::plus);
            }
        });
        return out;
    }

    private HikariDataSource open(NodeInfo node) {
        HikariConfig hc = new HikariConfig();
        hc.setPoolName("hadoopdb-" + node.id());
        hc.setJdbcUrl(node.jdbcUrl());
        hc.setUsername(node.user());
        String password = credentials.password(node);
        if (password != null) {
            hc.setPassword(password);
        }
        hc.setMaximumPoolSize(config.get(ConfigKeys.POOL_MAX_SIZE));
        hc.setMinimumIdle(0);
        hc.setConnectionTimeout(config.get(ConfigKeys.POOL_CONNECTION_TIMEOUT).toMillis());
        hc.setIdleTimeout(60_000);
        // Start lazily: an unreachable node fails its first query with a clear message, not pool construction.
        hc.setInitializationFailTimeout(-1);
        hc.addDataSourceProperty("ApplicationName", "hadoopdb");
        // every new physical connection starts with HadoopDB's session settings, before the pool hands it out
        hc.setConnectionInitSql(NodeSession.INIT_SQL);
        return new HikariDataSource(hc);
    }

    @Override
    public void close() {
        closed = true;
        pools.values().forEach(HikariDataSource::close);
        pools.clear();
    }
}
