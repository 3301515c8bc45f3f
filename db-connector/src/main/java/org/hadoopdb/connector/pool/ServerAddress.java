package org.hadoopdb.connector.pool;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Optional;

/**
 * The host and port of a PostgreSQL JDBC URL ({@code jdbc:postgresql://host[:port]/database?…}), and
 * a quick check of whether that server refuses connections outright.
 */
final class ServerAddress {
    private static final int DEFAULT_PORT = 5432;
    private static final int PROBE_TIMEOUT_MILLIS = 2000;

    private ServerAddress() {
    }

    /** Host and port of a single-host URL; empty for URLs this class does not understand (several hosts, sockets). */
    static Optional<InetSocketAddress> of(String jdbcUrl) {
        String prefix = "jdbc:postgresql://";
        if (jdbcUrl == null || !jdbcUrl.startsWith(prefix)) {
            return Optional.empty();
        }
        String rest = jdbcUrl.substring(prefix.length());
        int end = rest.length();
        for (char c : new char[] {'/', '?'}) {
            int i = rest.indexOf(c);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        String hostPort = rest.substring(0, end);
        if (hostPort.isEmpty() || hostPort.contains(",")) {
            return Optional.empty();
        }
        String host;
        String port = null;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0) {
                return Optional.empty();
            }
            host = hostPort.substring(1, close);
            if (hostPort.length() > close + 1 && hostPort.charAt(close + 1) == ':') {
                port = hostPort.substring(close + 2);
            }
        } else {
            int colon = hostPort.lastIndexOf(':');
            host = colon < 0 ? hostPort : hostPort.substring(0, colon);
            port = colon < 0 ? null : hostPort.substring(colon + 1);
        }
        try {
            int p = port == null || port.isEmpty() ? DEFAULT_PORT : Integer.parseInt(port);
            return Optional.of(InetSocketAddress.createUnresolved(host, p));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * True only when the server's host answers that nothing listens on the port (a stopped server).
     * A slow or unreachable host, or a URL this class cannot read, is not judged here: the pool's own
     * timeout applies to those.
     */
    static boolean refusesConnections(String jdbcUrl) {
        Optional<InetSocketAddress> address = of(jdbcUrl);
        if (address.isEmpty()) {
            return false;
        }
        InetSocketAddress a = new InetSocketAddress(address.get().getHostString(), address.get().getPort());
        if (a.isUnresolved()) {
            return false;
        }
        try (Socket s = new Socket()) {
            s.connect(a, PROBE_TIMEOUT_MILLIS);
            return false;
        } catch (ConnectException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
