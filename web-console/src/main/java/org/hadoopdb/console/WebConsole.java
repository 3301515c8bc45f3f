package org.hadoopdb.console;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The query server's web console on its own port: the queries and cluster pages, the JSON API
 * behind them and {@code /metrics}, all behind the query server's users (HTTP BASIC, the same login
 * throttling) and TLS key store.
 *
 * <pre>{@code
 * QueryServer server = QueryServer.start(engine, settings, new QueryRegistry(1000));
 * WebConsole console = WebConsole.start(engine, server, settings, ConsoleSettings.from(config));
 * }</pre>
 */
public final class WebConsole implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WebConsole.class);

    private final Server jetty;
    private final ServerConnector connector;
    private final ClusterView cluster;
    private final boolean tls;
    private final String host;

    private WebConsole(Server jetty, ServerConnector connector, ClusterView cluster, boolean tls, String host) {
        this.jetty = jetty;
        this.connector = connector;
        this.cluster = cluster;
        this.tls = tls;
        this.host = host;
    }

    /**
     * Starts the console of {@code server}, whose statements it shows.
     *
     * @param serverSettings the query server's settings: its users file, authentication and key store
     */
    public static WebConsole start(HadoopDbEngine engine, QueryServer server, ServerSettings serverSettings,
                                   ConsoleSettings settings) {
        if (!serverSettings.authenticate() && !isLoopback(settings.bindAddress())) {
            throw new ConsoleException("The web console may run without authentication (hadoopdb.server.auth=none) only on "
                    + "a loopback address, but hadoopdb.server.ui.bind-address is " + settings.bindAddress());
        }
        QueuedThreadPool threads = new QueuedThreadPool(16, 2);
        threads.setName("hadoopdb-console");
        threads.setDaemon(true);
        Server jetty = new Server(threads);
        ServerSettings listen = new ServerSettings(settings.port(), settings.bindAddress(), serverSettings.authenticate(),
                serverSettings.usersFile(), serverSettings.keystore(), serverSettings.keystorePassword(),
                serverSettings.keystoreType(), serverSettings.maxRunning(), serverSettings.maxQueued(),
                serverSettings.queueTimeout(), serverSettings.idleTimeout(), serverSettings.shutdownGrace(),
                serverSettings.threads(), serverSettings.loginLimits());
        ServerConnector connector = QueryServer.connector(jetty, listen);
        jetty.addConnector(connector);
        ClusterView cluster = new ClusterView(engine);
        ConsoleHandler pages = new ConsoleHandler(server.queries(), cluster, server.gate(), server::nodeConnections,
                YarnLinks.of(engine.config().hadoopConf()), settings.admins());
        jetty.setHandler(serverSettings.authenticate() ? QueryServer.basicAuthentication(jetty, server.logins(), pages) : pages);
        jetty.setStopAtShutdown(false);
        try {
            jetty.start();
        } catch (Exception e) {
            try {
                jetty.stop();
            } catch (Exception stopping) {
                e.addSuppressed(stopping);
            }
            cluster.close();
            throw new ConsoleException("Cannot start the web console on " + settings.bindAddress() + ":" + settings.port()
                    + ": " + e.getMessage() + " (hadoopdb.server.ui.port, hadoopdb.server.ui.bind-address)", e);
        }
        WebConsole console = new WebConsole(jetty, connector, cluster, serverSettings.tls(),
                settings.bindAddress().equals("0.0.0.0") ? "localhost" : settings.bindAddress());
        LOG.info("HadoopDB web console on {}", console.url());
        return console;
    }

    private static boolean isLoopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** The port listened on (the one picked when the settings said 0). */
    public int port() {
        return connector.getLocalPort();
    }

    /** The console's address, e.g. {@code http://127.0.0.1:8766/}. */
    public String url() {
        return (tls ? "https" : "http") + "://" + host + ":" + port() + "/";
    }

    @Override
    public void close() {
        try {
            jetty.stop();
        } catch (Exception e) {
            throw new ConsoleException("Stopping the web console on port " + port() + " failed: " + e.getMessage(), e);
        } finally {
            cluster.close();
        }
    }
}
