package org.hadoopdb.engine.session;

import java.util.Map;
import java.util.function.Consumer;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.cluster.embedded.ClusterLease;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.connector.pool.IdleSessions;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;

/**
 * HadoopDB inside one process: the configuration, the catalog store, the node connection pools and,
 * on an embedded cluster, the lease that keeps the embedded PostgreSQL nodes running. Sessions
 * (the shell's, each JDBC connection's) are opened from it and share all of that.
 *
 * <pre>{@code
 * try (HadoopDbEngine engine = HadoopDbEngine.start(config, System.err::println);
 *      Session session = engine.openSession(Map.of())) {
 *     StatementResult r = session.execute("SELECT COUNT(*) FROM uservisits", StatementListener.NONE);
 *     ...
 * }
 * }</pre>
 */
public final class HadoopDbEngine implements AutoCloseable {
    private final HadoopDbConfig config;
    private final CatalogStore store;
    private final NodePools pools;
    private final QueryPlanner planner;
    private final PlanCache plans;
    private final ClusterLease lease;

    private HadoopDbEngine(HadoopDbConfig config, ClusterLease lease) {
        this.config = config;
        this.store = config.home().catalogStore();
        this.pools = new NodePools(config);
        this.planner = PlannerServices.queryPlanner();
        this.plans = new PlanCache(config.get(ConfigKeys.PLAN_CACHE_ENTRIES));
        this.lease = lease;
    }

    /**
     * Starts the engine on the cluster {@code config} names. On a home whose catalog lists embedded
     * nodes (or no nodes at all: the default embedded cluster is then created, announced through
     * {@code notices}), the embedded nodes are started and stay up until {@link #close()}.
     */
    public static HadoopDbEngine start(HadoopDbConfig config, Consumer<String> notices) {
        Catalog catalog = config.home().catalogStore().load();
        boolean embedded = catalog.nodes().isEmpty() || catalog.nodes().stream().anyMatch(NodeInfo::embedded);
        ClusterLease lease = embedded ? new EmbeddedCluster(config).acquire(notices) : null;
        return new HadoopDbEngine(config, lease);
    }

    /** The plans of the queries this engine's sessions ran, for when they run again. */
    PlanCache plans() {
        return plans;
    }

    /** A new session whose settings start from the engine's configuration plus {@code settings}. */
    public Session openSession(Map<String, String> settings) {
        return new Session(this, settings);
    }

    /**
     * A new session as {@link #openSession(Map)}, in database {@code database} ({@code USE}; null or
     * blank for {@code default}), as a JDBC URL's or HiveServer2's database chooses it.
     *
     * @throws org.hadoopdb.planner.SemanticException when the database does not exist (no session is left open)
     */
    public Session openSession(Map<String, String> settings, String database) {
        Session session = openSession(settings);
        if (database != null && !database.isBlank()) {
            try {
                session.use(database.trim());
            } catch (RuntimeException e) {
                session.close();
                throw e;
            }
        }
        return session;
    }

    public HadoopDbConfig config() {
        return config;
    }

    public CatalogStore catalogStore() {
        return store;
    }

    /** The latest published catalog version. */
    public Catalog catalog() {
        return store.load();
    }

    public NodePools pools() {
        return pools;
    }

    public QueryPlanner planner() {
        return planner;
    }

    @Override
    public void close() {
        try {
            pools.close();
            IdleSessions.closeAll(); // the node sessions this process's chunk reads kept
        } finally {
            if (lease != null) {
                lease.close();
            }
        }
    }
}
