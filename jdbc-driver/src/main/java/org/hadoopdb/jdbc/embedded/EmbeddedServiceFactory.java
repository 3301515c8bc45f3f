package org.hadoopdb.jdbc.embedded;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.remote.Service;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.jdbc.client.HadoopDbConnection;
import org.hadoopdb.jdbc.meta.HadoopDbMeta;
import org.hadoopdb.jdbc.meta.QueryGate;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service of an embedded connection ({@code jdbc:hadoopdb:home=...}): HadoopDB in the calling
 * process, reached without a network. All embedded connections to one home share one engine (one
 * set of node pools, one lease on the embedded nodes); the engine stops when the last of them closes.
 */
public final class EmbeddedServiceFactory implements Service.Factory {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedServiceFactory.class);
    private static final Map<Path, Shared> ENGINES = new ConcurrentHashMap<>();

    public EmbeddedServiceFactory() {
    }

    @Override
    public Service create(AvaticaConnection connection) {
        HadoopDbConnection c = (HadoopDbConnection) connection;
        HadoopDbConfig.Builder b = HadoopDbConfig.builder();
        String home = c.property("home");
        if (home != null && !home.isBlank()) {
            b.home(Path.of(home));
        }
        HadoopDbConfig config = b.build();
        Shared shared = acquire(config);
        return new EmbeddedService(new LocalService(shared.meta), () -> release(shared));
    }

    private static synchronized Shared acquire(HadoopDbConfig config) {
        Path home = config.home().root().toAbsolutePath().normalize();
        Shared s = ENGINES.get(home);
        if (s == null) {
            LOG.info("Starting embedded HadoopDB on {}", home);
            HadoopDbEngine engine;
            try {
                engine = HadoopDbEngine.start(config, msg -> LOG.info("{}", msg));
            } catch (RuntimeException e) {
                throw new JdbcException("08001", "Cannot start embedded HadoopDB on " + home + ": " + e.getMessage(), e);
            }
            String user = System.getProperty("user.name");
            s = new Shared(home, engine, new HadoopDbMeta(engine, QueryGate.unbounded(), () -> user));
            ENGINES.put(home, s);
        }
        s.users++;
        return s;
    }

    private static synchronized void release(Shared s) {
        if (--s.users == 0) {
            ENGINES.remove(s.home);
            LOG.info("Last embedded connection to {} closed: stopping its engine", s.home);
            try {
                s.meta.close();
            } finally {
                s.engine.close();
            }
        }
    }

    /** One home's engine and the connections using it. */
    private static final class Shared {
        final Path home;
        final HadoopDbEngine engine;
        final HadoopDbMeta meta;
        int users;

        Shared(Path home, HadoopDbEngine engine, HadoopDbMeta meta) {
            this.home = home;
            this.engine = engine;
            this.meta = meta;
        }
    }
}
