package org.hadoopdb.hs2;

import java.net.InetAddress;
import java.net.Socket;
import java.util.Map;
import org.apache.thrift.transport.TSaslServerTransport;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.TTransportFactory;
import org.hadoopdb.jdbc.server.Logins;

/**
 * Wraps each accepted socket for the connection's thread: SASL PLAIN checked against the users file
 * when authentication is on (the client's address is recorded first, so failed logins are throttled
 * per address), the bare socket (NOSASL) when it is off. Either way the connection's
 * {@link ClientConnection} is recorded for the thread.
 */
final class AuthenticatingTransportFactory extends TTransportFactory {
    /** Null when authentication is off. */
    private final TSaslServerTransport.Factory sasl;

    private AuthenticatingTransportFactory(TSaslServerTransport.Factory sasl) {
        this.sasl = sasl;
    }

    /** SASL PLAIN against {@code logins}. */
    static AuthenticatingTransportFactory plain(Logins logins) {
        PlainSaslProvider.install();
        TSaslServerTransport.Factory sasl = new TSaslServerTransport.Factory();
        sasl.addServerDefinition(PlainSaslServer.MECHANISM, "hive", "hadoopdb", Map.of(), new LoginCallbacks(logins));
        return new AuthenticatingTransportFactory(sasl);
    }

    /** No SASL: the client's own user name (from OpenSession) is taken as given. */
    static AuthenticatingTransportFactory noSasl() {
        return new AuthenticatingTransportFactory(null);
    }

    @Override
    public TTransport getTransport(TTransport base) throws TTransportException {
        String address = address(base);
        // recorded before the handshake: the login check throttles per address
        ClientConnection.set(new ClientConnection(base, address, null));
        if (sasl == null) {
            return base;
        }
        // Thrift asks twice per connection (input and output side); the SASL factory hands out the same transport
        TTransport wrapped = sasl.getTransport(base);
        if (wrapped instanceof TSaslServerTransport t) {
            ClientConnection.set(new ClientConnection(base, address, t.getSaslServer().getAuthorizationID()));
        }
        return wrapped;
    }

    private static String address(TTransport base) {
        if (base instanceof TSocket s) {
            Socket socket = s.getSocket();
            InetAddress a = socket == null ? null : socket.getInetAddress();
            return a == null ? "" : a.getHostAddress();
        }
        return "";
    }
}
