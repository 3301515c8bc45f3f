package org.hadoopdb.hs2;

import java.io.IOException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.thrift.TException;
import org.apache.thrift.TProcessor;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.TIOStreamTransport;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.AbstractHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.hadoopdb.jdbc.server.Logins;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.ServerSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HiveServer2's HTTP transport ({@code transportMode=http;httpPath=cliservice}): each Thrift call is
 * one POST to {@code /cliservice}, its body the binary-protocol message, answered by the same
 * {@link Hs2Service} as the binary transport. Users authenticate with HTTP BASIC against the users
 * file (the query server's Jetty set-up: throttling, TLS with its key store).
 */
final class Hs2HttpTransport implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Hs2HttpTransport.class);
    static final String PATH = "/cliservice";
    private static final long STOP_TIMEOUT_MILLIS = 5_000;

    private final Server jetty;
    private final ServerConnector connector;

    private Hs2HttpTransport(Server jetty, ServerConnector connector) {
        this.jetty = jetty;
        this.connector = connector;
    }

    static Hs2HttpTransport start(TProcessor processor, Hs2Settings settings, Logins logins) {
        ServerSettings http = settings.httpConnectorSettings();
        QueuedThreadPool threads = new QueuedThreadPool(Math.max(8, http.threads()), 4);
        threads.setName("hadoopdb-hs2-http");
        threads.setDaemon(true);
        Server jetty = new Server(threads);
        ServerConnector connector = QueryServer.connector(jetty, http);
        jetty.addConnector(connector);
        ThriftHandler thrift = new ThriftHandler(processor, http.authenticate());
        jetty.setHandler(http.authenticate() ? QueryServer.basicAuthentication(jetty, logins, thrift) : thrift);
        jetty.setStopTimeout(STOP_TIMEOUT_MILLIS);
        jetty.setStopAtShutdown(false);
        try {
            jetty.start();
        } catch (Exception e) {
            stop(jetty);
            throw new Hs2Exception("08001", "Cannot serve HiveServer2's HTTP transport on " + settings.bindAddress() + ":"
                    + settings.httpPort() + ": " + e.getMessage() + " (hadoopdb.server.hs2.http-port)", e);
        }
        return new Hs2HttpTransport(jetty, connector);
    }

    int port() {
        return connector.getLocalPort();
    }

    @Override
    public void close() {
        stop(jetty);
    }

    private static void stop(Server jetty) {
        try {
            jetty.stop();
        } catch (Exception e) {
            LOG.warn("Stopping HiveServer2's HTTP transport failed: {}", e.toString());
        }
    }

    /** One Thrift call per POST, by the user BASIC authenticated (or the client's own name without authentication). */
    private static final class ThriftHandler extends AbstractHandler {
        private final TProcessor processor;
        private final boolean authenticated;

        ThriftHandler(TProcessor processor, boolean authenticated) {
            this.processor = processor;
            this.authenticated = authenticated;
        }

        @Override
        public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
                throws IOException {
            baseRequest.setHandled(true);
            if (!target.equals(PATH) && !target.equals(PATH + "/")) {
                response.sendError(HttpServletResponse.SC_NOT_FOUND, "HiveServer2 is served at " + PATH);
                return;
            }
            if (!"POST".equals(request.getMethod())) {
                response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED, "Thrift calls are POSTs");
                return;
            }
            response.setStatus(HttpServletResponse.SC_OK);
            response.setContentType("application/x-thrift");
            ClientConnection.set(new ClientConnection(null, request.getRemoteAddr(),
                    authenticated ? request.getRemoteUser() : null));
            try {
                TProtocol protocol = new TBinaryProtocol(new TIOStreamTransport(request.getInputStream(),
                        response.getOutputStream()));
                processor.process(protocol, protocol);
                response.getOutputStream().flush();
            } catch (TException e) {
                throw new IOException("Malformed HiveServer2 request from " + request.getRemoteAddr() + ": " + e.getMessage(), e);
            } finally {
                ClientConnection.clear();
            }
        }
    }
}
