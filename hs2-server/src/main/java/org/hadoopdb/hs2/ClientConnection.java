package org.hadoopdb.hs2;

import java.util.Set;
import org.apache.thrift.transport.TTransport;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who is at the other end of the connection the current thread serves, and the sessions it opened.
 * The Thrift server gives each connection one thread for its whole life, so this is kept per thread
 * from the handshake until the connection ends; a client that drops its connection without closing
 * its sessions has them closed then.
 */
final class ClientConnection {
    private static final ThreadLocal<ClientConnection> CURRENT = new ThreadLocal<>();

    private final TTransport socket;
    private final String address;
    private final String user;
    private final Set<String> sessions = ConcurrentHashMap.newKeySet();

    /**
     * @param socket  the connection's socket, or null
     * @param address the client's IP address
     * @param user    the user the SASL handshake authenticated, or null without SASL
     */
    ClientConnection(TTransport socket, String address, String user) {
        this.socket = socket;
        this.address = address;
        this.user = user;
    }

    /** The connection of the calling thread; an anonymous one when none was recorded. */
    static ClientConnection current() {
        ClientConnection c = CURRENT.get();
        return c == null ? new ClientConnection(null, "", null) : c;
    }

    static void set(ClientConnection connection) {
        CURRENT.set(connection);
    }

    static void clear() {
        CURRENT.remove();
    }

    /** The connection's socket, or null. */
    TTransport socket() {
        return socket;
    }

    String address() {
        return address;
    }

    /** The authenticated user, or null when the connection did no SASL handshake. */
    String user() {
        return user;
    }

    /** Ids of the sessions opened over this connection and not closed yet. */
    Set<String> sessions() {
        return sessions;
    }
}
