package org.hadoopdb.loader;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.physical.ChunkSql;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drops what a failed load created in the nodes' databases: every schema tagged with its load id,
 * staging or already renamed. A node it cannot reach keeps them for 'hadoopdb cluster gc'.
 */
final class StagingCleanup {
    private static final Logger LOG = LoggerFactory.getLogger(StagingCleanup.class);

    private StagingCleanup() {
    }

    static void dropSchemasOf(String loadId, List<NodeInfo> nodes, HadoopDbConfig config) {
        // A node that failed the load is likely still down: do not wait the full connection timeout for it.
        HadoopDbConfig quick = config.with(Map.of(ConfigKeys.POOL_CONNECTION_TIMEOUT.name(), "5s"));
        try (NodePools pools = new NodePools(quick)) {
            for (NodeInfo node : nodes) {
                try (Connection c = pools.connect(node)) {
                    c.setAutoCommit(true);
                    for (ChunkSql.TaggedSchema s : ChunkSql.taggedSchemas(c)) {
                        if (s.tag().loadId().equals(loadId)) {
                            ChunkSql.dropSchema(c, s.name());
                        }
                    }
                } catch (SQLException | ConnectorException e) {
                    LOG.warn("Could not drop the staging data of failed load {} on node {} ({}); 'hadoopdb cluster gc' will",
                            loadId, node.id(), e.getMessage());
                }
            }
        }
    }
}
