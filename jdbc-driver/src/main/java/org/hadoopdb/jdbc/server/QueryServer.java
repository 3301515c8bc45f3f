package org.hadoopdb.jdbc.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.calcite.avatica.metrics.noop.NoopMetricsSystem;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.remote.Service;
import org.apache.calcite.avatica.server.AvaticaProtobufHandler;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.security.ConstraintMapping;
import org.eclipse.jetty.security.ConstraintSecurityHandler;
import org.eclipse.jetty.security.authentication.BasicAuthenticator;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.handler.StatisticsHandler;
import org.eclipse.jetty.util.security.Constraint;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.jdbc.meta.HadoopDbMeta;
import org.hadoopdb.jdbc.meta.QueryGate;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.hadoopdb.jdbc.queries.QueryServerMetrics;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.connector.pool.PoolConnections;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The query server behind {@code jdbc:hadoopdb://host:port}: Avatica's protobuf-over-HTTP protocol
 * served by Jetty, in front of a {@link HadoopDbMeta}. Many clients, a session per connection, a
 * bounded pool of running statements with a queue, HTTP BASIC against a {@link UsersFile} (checked
 * before any request reaches HadoopDB; failed logins throttled), optional TLS, idle connections
 * closed, and a graceful close.
 *
 * <pre>{@code
 * try (HadoopDbEngine engine = HadoopDbEngine.start(config, System.err::println);
 *      QueryServer server = QueryServer.start(engine, ServerSettings.from(config))) {
 *     server.awaitClose();
 * }
 * }</pre>
 */
public final class QueryServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QueryServer.class);
    /** Longer than any request may run between bytes: a statement's MapReduce jobs run inside one request. */
    private static final long CONNECTOR_IDLE_MILLIS = TimeUnit.HOURS.toMillis(4);
    /** After the statements' grace, how long the last answers may take to be written. */
    private static final long STOP_TIMEOUT_MILLIS = 5_000;

    private final ServerSettings settings;
    private final HadoopDbMeta meta;
    private final Server jetty;
    private final ServerConnector connector;
    private final ScheduledExecutorService reaper;
    private final Logins logins;
    private final QueryServerMetrics jmx;
    private final NodePools pools;
    private volatile boolean closed;

    private QueryServer(ServerSettings settings, Logins logins, HadoopDbMeta meta, Server jetty, ServerConnector connector,
                        ScheduledExecutorService reaper, NodePools pools) {
        this.settings = settings;
        this.meta = meta;
        this.jetty = jetty;
        this.connector = connector;
        this.reaper = reaper;
        this.logins = logins;
        this.pools = pools;
        this.jmx = QueryServerMetrics.register(meta.queries(), meta.gate().waits(),
                this::nodeConnections, connector.getLocalPort());
    }

    /** Starts serving {@code engine}; fails with a {@link JdbcException} saying which setting is wrong. */
    public static QueryServer start(HadoopDbEngine engine, ServerSettings settings) {
        return start(engine, settings, new QueryRegistry(0));
    }

    /** Starts serving {@code engine}, recording every statement in {@code queries} (read by the web console). */
    public static QueryServer start(HadoopDbEngine engine, ServerSettings settings, QueryRegistry queries) {
        checkAuthentication(settings);
        HadoopDbMeta meta = new HadoopDbMeta(engine, new QueryGate(settings.maxRunning(), settings.maxQueued(),
                settings.queueTimeout()), UserHandler::currentUser, queries, UserHandler::currentAddress);
        Service service = new LocalService(meta);
        QueuedThreadPool threads = new QueuedThreadPool(Math.max(8, settings.threads()), 8);
        threads.setName("hadoopdb-server");
        threads.setDaemon(true);
        Server jetty = new Server(threads);
        ServerConnector connector = connector(jetty, settings);
        jetty.addConnector(connector);
        UserHandler avatica = new UserHandler(service);
        // counts requests in flight, so stopping waits for the answers of cancelled statements to go out
        StatisticsHandler inFlight = new StatisticsHandler();
        Logins logins = newLogins(settings);
        if (settings.authenticate()) {
            inFlight.setHandler(basicAuthentication(jetty, logins, avatica));
        } else {
            inFlight.setHandler(avatica);
        }
        jetty.setHandler(inFlight);
        jetty.setStopTimeout(STOP_TIMEOUT_MILLIS);
        jetty.setStopAtShutdown(false);
        try {
            jetty.start();
        } catch (Exception e) {
            stopQuietly(jetty);
            meta.close();
            throw new JdbcException(JdbcException.GENERAL, "Cannot start the query server on " + settings.bindAddress() + ":"
                    + settings.port() + ": " + e.getMessage() + " (hadoopdb.server.port, hadoopdb.server.bind-address)", e);
        }
        avatica.setServerRpcMetadata(new Service.RpcMetadataResponse(settings.bindAddress() + ":" + connector.getLocalPort()));
        ScheduledExecutorService reaper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hadoopdb-server-idle");
            t.setDaemon(true);
            return t;
        });
        Duration idle = settings.idleTimeout();
        long every = Math.max(1, Math.min(30, idle.toSeconds() / 4));
        reaper.scheduleWithFixedDelay(() -> meta.expireIdle(idle), every, every, TimeUnit.SECONDS);
        QueryServer server = new QueryServer(settings, logins, meta, jetty, connector, reaper, engine.pools());
        LOG.info("HadoopDB query server listening on {} ({})", server.jdbcUrl(), settings);
        return server;
    }

    private static void checkAuthentication(ServerSettings settings) {
        if (!settings.authenticate()) {
            if (!isLoopback(settings.bindAddress())) {
                throw new JdbcException(JdbcException.GENERAL, "hadoopdb.server.auth=none is allowed only on a loopback "
                        + "address, but hadoopdb.server.bind-address is " + settings.bindAddress()
                        + "; add users (hadoopdb server add-user) and use auth basic");
            }
            LOG.warn("Authentication is off (hadoopdb.server.auth=none): any local process may connect");
            return;
        }
        if (!Files.isRegularFile(settings.usersFile()) || new UsersFile(settings.usersFile()).users().isEmpty()) {
            throw new JdbcException(JdbcException.GENERAL, "No users in " + settings.usersFile() + ": add one with "
                    + "'hadoopdb server add-user NAME' (or set hadoopdb.server.users-file)");
        }
    }

    static boolean isLoopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * An HTTP(S) connector for {@code settings}' address and port, with TLS when they name a key store
     * (plain HTTP to it is answered with an error); the HiveServer2 endpoint's HTTP transport uses it too.
     */
    public static ServerConnector connector(Server jetty, ServerSettings settings) {
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setRequestHeaderSize(64 * 1024);
        ServerConnector connector;
        if (settings.tls()) {
            if (!Files.isReadable(settings.keystore())) {
                throw new JdbcException(JdbcException.GENERAL, "Cannot read the TLS key store " + settings.keystore()
                        + " (hadoopdb.server.tls.keystore)");
            }
            SslContextFactory.Server ssl = new SslContextFactory.Server();
            ssl.setKeyStorePath(settings.keystore().toString());
            ssl.setKeyStorePassword(settings.keystorePassword());
            ssl.setKeyManagerPassword(settings.keystorePassword());
            ssl.setKeyStoreType(settings.keystoreType());
            http.addCustomizer(new SecureRequestCustomizer());
            SslConnectionFactory tls = new SslConnectionFactory(ssl, HttpVersion.HTTP_1_1.asString());
            // plain HTTP to this port gets "400 this is a TLS port" at once instead of waiting for a handshake
            connector = new ServerConnector(jetty, new PlainHttpRefusal(tls), tls,
                    new HttpConnectionFactory(http));
        } else {
            connector = new ServerConnector(jetty, new HttpConnectionFactory(http));
        }
        connector.setHost(settings.bindAddress());
        connector.setPort(settings.port());
        connector.setIdleTimeout(CONNECTOR_IDLE_MILLIS);
        return connector;
    }

    /**
     * {@code next} behind HTTP BASIC checked by {@code logins} (the users file, failed logins
     * throttled); the HiveServer2 endpoint's HTTP transport uses it too.
     */
    public static Handler basicAuthentication(Server jetty, Logins logins, Handler next) {
        UsersLoginService login = new UsersLoginService(logins);
        jetty.addBean(login);
        return security(login, new ThrottlingBasicAuthenticator(logins), next);
    }

    /**
     * Every request must carry a listed user's password (BASIC); nothing else reaches the handler.
     * Failed logins are throttled per client address and per user name ({@link LoginThrottle}).
     */
    private static ConstraintSecurityHandler security(UsersLoginService login, BasicAuthenticator authenticator,
                                                      Handler next) {
        Constraint constraint = new Constraint(Constraint.__BASIC_AUTH, UsersLoginService.ROLE);
        constraint.setAuthenticate(true);
        constraint.setRoles(new String[] {UsersLoginService.ROLE});
        ConstraintMapping mapping = new ConstraintMapping();
        mapping.setConstraint(constraint);
        mapping.setPathSpec("/*");
        ConstraintSecurityHandler security = new ConstraintSecurityHandler();
        security.setAuthenticator(authenticator);
        security.setLoginService(login);
        security.setRealmName("HadoopDB");
        security.setConstraintMappings(new ConstraintMapping[] {mapping});
        security.setHandler(next);
        return security;
    }

    /** The login checks of {@code settings}' users file, with their limits on failed logins. */
    public static Logins newLogins(ServerSettings settings) {
        return new Logins(new UsersFile(settings.usersFile()), new LoginThrottle(settings.loginLimits(), System::nanoTime));
    }

    /**
     * This server's login checks: other endpoints of the same server (HiveServer2) check logins
     * through them, so failed logins count against one limit whichever endpoint they come through.
     */
    public Logins logins() {
        return logins;
    }

    /** The port listened on (the one picked when the settings said 0). */
    public int port() {
        return connector.getLocalPort();
    }

    /** The URL clients connect with, e.g. {@code jdbc:hadoopdb://127.0.0.1:8765;ssl=true}. */
    public String jdbcUrl() {
        String host = settings.bindAddress().equals("0.0.0.0") ? "localhost" : settings.bindAddress();
        return "jdbc:hadoopdb://" + host + ":" + port() + (settings.tls() ? ";ssl=true" : "");
    }

    /** The node sessions this server's process holds now: its chunk reads' and its engine's pools'. */
    public List<PoolConnections.Node> nodeConnections() {
        return PoolConnections.now(pools);
    }

    public QueryGate gate() {
        return meta.gate();
    }

    /** The statements this server runs and ran. */
    public QueryRegistry queries() {
        return meta.queries();
    }

    /** Open client connections now. */
    public int connections() {
        return meta.connectionCount();
    }

    /** Blocks until {@link #close()} has run (from another thread, e.g. a shutdown hook). */
    public void awaitClose() throws InterruptedException {
        jetty.join();
    }

    /**
     * Refuses new connections and statements, lets running statements finish for the shutdown grace,
     * cancels the rest, closes every session, and stops listening.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        LOG.info("Query server on port {} shutting down: {} connection(s), {} running statement(s)", port(),
                meta.connectionCount(), meta.gate().running());
        reaper.shutdownNow();
        try {
            meta.shutdown(settings.shutdownGrace());
        } finally {
            stopQuietly(jetty);
            jmx.close();
        }
        LOG.info("Query server stopped");
    }

    private static void stopQuietly(Server jetty) {
        try {
            jetty.stop();
        } catch (Exception e) {
            LOG.warn("Stopping the HTTP server failed: {}", e.toString());
        }
    }

    /** Avatica's handler, with the authenticated user known to the Meta for the request's duration. */
    static final class UserHandler extends AvaticaProtobufHandler {
        private static final ThreadLocal<String> USER = new ThreadLocal<>();
        private static final ThreadLocal<String> ADDRESS = new ThreadLocal<>();

        UserHandler(Service service) {
            super(service, NoopMetricsSystem.getInstance());
        }

        static String currentUser() {
            return USER.get();
        }

        static String currentAddress() {
            return ADDRESS.get();
        }

        @Override
        public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
                throws IOException, ServletException {
            USER.set(request.getRemoteUser());
            ADDRESS.set(request.getRemoteAddr());
            try {
                super.handle(target, baseRequest, request, response);
            } finally {
                USER.remove();
                ADDRESS.remove();
            }
        }
    }
}
