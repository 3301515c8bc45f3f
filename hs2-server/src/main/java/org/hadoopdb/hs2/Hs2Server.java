package org.hadoopdb.hs2;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hive.service.rpc.thrift.TCLIService;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.server.ServerContext;
import org.apache.thrift.server.TServerEventHandler;
import org.apache.thrift.server.TThreadPoolServer;
import org.apache.thrift.transport.TServerSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.jdbc.meta.QueryGate;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.hadoopdb.jdbc.server.Logins;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.hadoopdb.jdbc.server.UsersFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HiveServer2 endpoint behind {@code jdbc:hive2://host:port/default}: HiveServer2's Thrift
 * protocol (binary transport) served over the engine's sessions, so beeline, Hive's JDBC driver and
 * BI tools' Hive connectors work unchanged. Users log in with SASL PLAIN against the query server's
 * users file (failed logins throttled as there); with {@code hadoopdb.server.auth=none}, allowed
 * only on a loopback address, clients connect without SASL ({@code ;auth=noSasl}). The HTTP
 * transport ({@link Hs2HttpTransport}) serves the same calls when its port is set. With the query
 * server's key store set, the endpoint speaks TLS only ({@code ;ssl=true}). Statements share
 * a {@link QueryGate} with the JDBC endpoint when they run in the same server, and are recorded in
 * its {@link QueryRegistry} (the web console's queries and metrics) beside the JDBC endpoint's.
 *
 * <pre>{@code
 * try (Hs2Server hs2 = Hs2Server.start(engine, Hs2Settings.from(config), queryServer.gate(), queryServer.logins(),
 *         queryServer.queries())) {
 *     ...
 * }
 * }</pre>
 */
public final class Hs2Server implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Hs2Server.class);
    private static final int BACKLOG = 128;

    private final Hs2Settings settings;
    private final Hs2Service service;
    private final QueryRegistry queries;
    private final TThreadPoolServer thrift;
    private final ServerSocket socket;
    private final Thread acceptor;
    private final ExecutorService workers;
    private final Set<TTransport> connections;
    private final ScheduledExecutorService reaper;
    /** Null when the HTTP transport is off. */
    private Hs2HttpTransport http;
    private volatile boolean closed;

    private Hs2Server(Hs2Settings settings, Hs2Service service, QueryRegistry queries, TThreadPoolServer thrift,
                      ServerSocket socket, Thread acceptor, ExecutorService workers, Set<TTransport> connections,
                      ScheduledExecutorService reaper) {
        this.reaper = reaper;
        this.settings = settings;
        this.service = service;
        this.queries = queries;
        this.thrift = thrift;
        this.socket = socket;
        this.acceptor = acceptor;
        this.workers = workers;
        this.connections = connections;
    }

    /**
     * Starts serving {@code engine} with its own statement limits (from the query server settings),
     * recording no statement.
     */
    public static Hs2Server start(HadoopDbEngine engine, Hs2Settings settings) {
        return start(engine, settings, new QueryRegistry(0));
    }

    /**
     * Starts serving {@code engine} with its own statement limits (from the query server settings),
     * its statements recorded in {@code queries}.
     */
    public static Hs2Server start(HadoopDbEngine engine, Hs2Settings settings, QueryRegistry queries) {
        ServerSettings s = settings.server();
        return start(engine, settings, new QueryGate(s.maxRunning(), s.maxQueued(), s.queueTimeout()),
                QueryServer.newLogins(s), queries);
    }

    /**
     * Starts serving {@code engine}, its statements admitted by {@code gate} and its logins checked by
     * {@code logins} (the JDBC endpoint's, so both count against the same limits), recording no
     * statement; fails with an {@link Hs2Exception} naming the wrong setting.
     */
    public static Hs2Server start(HadoopDbEngine engine, Hs2Settings settings, QueryGate gate, Logins logins) {
        return start(engine, settings, gate, logins, new QueryRegistry(0));
    }

    /**
     * Starts serving {@code engine}, its statements admitted by {@code gate}, its logins checked by
     * {@code logins} and its statements recorded in {@code queries} (all three the JDBC endpoint's in
     * {@code hadoopdb server}, so the limits, login throttling, web console and metrics cover both);
     * fails with an {@link Hs2Exception} naming the wrong setting.
     */
    public static Hs2Server start(HadoopDbEngine engine, Hs2Settings settings, QueryGate gate, Logins logins,
                                  QueryRegistry queries) {
        ServerSettings server = settings.server();
        checkAuthentication(settings);
        ServerSocket socket = server.tls() ? TlsSockets.serverSocket(server) : null;
        try {
            if (socket == null) {
                socket = new ServerSocket();
            }
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(settings.bindAddress(), Math.max(0, settings.port())), BACKLOG);
        } catch (IOException e) {
            if (socket != null) {
                closeQuietly(socket);
            }
            throw new Hs2Exception("08001", "Cannot listen on " + settings.bindAddress() + ":" + settings.port() + " for "
                    + "HiveServer2 clients: " + e.getMessage() + " (hadoopdb.server.hs2.port, hadoopdb.server.hs2.bind-address)", e);
        }
        Hs2Service service = new Hs2Service(engine, gate, server.authenticate(), queries);
        AuthenticatingTransportFactory transports = server.authenticate()
                ? AuthenticatingTransportFactory.plain(logins)
                : AuthenticatingTransportFactory.noSasl();
        Set<TTransport> connections = ConcurrentHashMap.newKeySet();
        // one thread per connection for its whole life, as many as the query server handles requests
        ExecutorService workers = new ThreadPoolExecutor(0, Math.max(8, server.threads()), 60, TimeUnit.SECONDS,
                new SynchronousQueue<>(), daemonThreads());
        TThreadPoolServer thrift;
        try {
            // a connection silent for the idle timeout is dropped, and its sessions closed with it
            int idleMillis = (int) Math.min(Integer.MAX_VALUE, server.idleTimeout().toMillis());
            thrift = new TThreadPoolServer(new TThreadPoolServer.Args(new TServerSocket(socket, idleMillis))
                    .processor(new TCLIService.Processor<>(service))
                    .transportFactory(transports)
                    .protocolFactory(new TBinaryProtocol.Factory())
                    .executorService(workers)
                    .stopTimeoutVal(1)
                    .stopTimeoutUnit(TimeUnit.SECONDS));
        } catch (TTransportException e) {
            closeQuietly(socket);
            throw new Hs2Exception("08001", "Cannot serve HiveServer2 clients on " + settings.bindAddress() + ": "
                    + e.getMessage(), e);
        }
        thrift.setServerEventHandler(new ConnectionEvents(service, connections));
        Thread acceptor = new Thread(thrift::serve, "hadoopdb-hs2-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
        Hs2Server hs2 = new Hs2Server(settings, service, queries, thrift, socket, acceptor, workers, connections,
                reaper(service, server.idleTimeout()));
        if (settings.httpPort() >= 0) {
            try {
                hs2.http = Hs2HttpTransport.start(new TCLIService.Processor<>(service), settings, logins);
            } catch (RuntimeException e) {
                hs2.close();
                throw e;
            }
            LOG.info("HiveServer2 HTTP transport listening on {}", hs2.httpUrl());
        }
        LOG.info("HadoopDB HiveServer2 endpoint listening on {} ({})", hs2.jdbcUrl(), settings);
        return hs2;
    }

    /** Closes sessions unused for {@code idle} (hadoopdb.server.idle-timeout), checking a few times per period. */
    private static ScheduledExecutorService reaper(Hs2Service service, Duration idle) {
        ScheduledExecutorService reaper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hadoopdb-hs2-idle");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(1, Math.min(30, idle.toSeconds() / 4));
        reaper.scheduleWithFixedDelay(() -> service.expireIdle(idle), every, every, TimeUnit.SECONDS);
        return reaper;
    }

    private static void checkAuthentication(Hs2Settings settings) {
        ServerSettings server = settings.server();
        if (!server.authenticate()) {
            if (!isLoopback(settings.bindAddress())) {
                throw new Hs2Exception("28000", "hadoopdb.server.auth=none is allowed only on a loopback address, but the "
                        + "HiveServer2 endpoint would listen on " + settings.bindAddress()
                        + " (hadoopdb.server.hs2.bind-address); add users (hadoopdb server add-user) and use auth basic");
            }
            return;
        }
        if (!Files.isRegularFile(server.usersFile()) || new UsersFile(server.usersFile()).users().isEmpty()) {
            throw new Hs2Exception("28000", "No users in " + server.usersFile() + ": add one with "
                    + "'hadoopdb server add-user NAME' (or set hadoopdb.server.users-file)");
        }
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
        return socket.getLocalPort();
    }

    /** The URL Hive's driver and beeline connect with, e.g. {@code jdbc:hive2://127.0.0.1:10000/default;ssl=true}. */
    public String jdbcUrl() {
        String host = settings.bindAddress().equals("0.0.0.0") ? "localhost" : settings.bindAddress();
        return "jdbc:hive2://" + host + ":" + port() + "/default" + (settings.server().authenticate() ? "" : ";auth=noSasl")
                + (settings.server().tls() ? ";ssl=true" : "");
    }

    /** The port of the HTTP transport, or -1 when it is off. */
    public int httpPort() {
        return http == null ? -1 : http.port();
    }

    /** The URL for the HTTP transport, e.g. {@code jdbc:hive2://127.0.0.1:10001/default;transportMode=http;httpPath=cliservice}. */
    public String httpUrl() {
        if (http == null) {
            throw new Hs2Exception(JdbcException.NOT_SUPPORTED, "The HTTP transport is off (hadoopdb.server.hs2.http-port)");
        }
        String host = settings.bindAddress().equals("0.0.0.0") ? "localhost" : settings.bindAddress();
        return "jdbc:hive2://" + host + ":" + http.port() + "/default;transportMode=http;httpPath=cliservice"
                + (settings.server().tls() ? ";ssl=true" : "");
    }

    /** Where this endpoint's statements are recorded. */
    public QueryRegistry queries() {
        return queries;
    }

    /** Open sessions now. */
    public int sessions() {
        return service.sessionCount();
    }

    /**
     * Stops accepting connections, lets running statements finish for the shutdown grace, cancels the
     * rest, closes every session, and drops the remaining connections.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        LOG.info("HiveServer2 endpoint on port {} shutting down: {} session(s)", port(), service.sessionCount());
        thrift.stop();
        closeQuietly(socket);
        reaper.shutdownNow();
        if (http != null) {
            http.close();
        }
        try {
            service.shutdown(settings.server().shutdownGrace());
        } finally {
            for (TTransport c : connections) {
                c.close();
            }
            workers.shutdownNow();
            try {
                acceptor.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        LOG.info("HiveServer2 endpoint stopped");
    }

    private static void closeQuietly(ServerSocket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.warn("Closing the HiveServer2 socket failed: {}", e.toString());
        }
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "hadoopdb-hs2-connection-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** Tracks connections, and closes the sessions a connection leaves open when it ends. */
    private record ConnectionEvents(Hs2Service service, Set<TTransport> connections) implements TServerEventHandler {
        @Override
        public void preServe() {
        }

        @Override
        public ServerContext createContext(TProtocol input, TProtocol output) {
            TTransport socket = ClientConnection.current().socket();
            if (socket != null) {
                connections.add(socket);
            }
            return null;
        }

        @Override
        public void deleteContext(ServerContext context, TProtocol input, TProtocol output) {
            ClientConnection connection = ClientConnection.current();
            try {
                service.connectionClosed(connection);
            } finally {
                if (connection.socket() != null) {
                    connections.remove(connection.socket());
                }
                ClientConnection.clear();
            }
        }

        @Override
        public void processContext(ServerContext context, TTransport input, TTransport output) {
        }
    }
}
