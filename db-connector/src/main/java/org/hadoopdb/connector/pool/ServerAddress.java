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
    private static final int PROBE_TIMEOUT_MILLIS = 2000;

    private ServerAddress() {
    }

    /** Host and port of a single-host URL as pgjdbc reads it; empty for URLs naming several hosts or none, or not pgjdbc's. */
    static Optional<InetSocketAddress> of(String jdbcUrl) {
        return PostgresUrl.parse(jdbcUrl).flatMap(PostgresUrl::singleServer);
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
