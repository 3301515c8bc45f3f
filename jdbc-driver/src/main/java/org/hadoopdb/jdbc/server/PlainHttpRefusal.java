package org.hadoopdb.jdbc.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.OptionalSslConnectionFactory;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;

/**
 * On a TLS port, answers plain HTTP with {@code 400} and closes, instead of waiting for a TLS
 * handshake that never comes (or dropping the connection, which HTTP clients retry forever); the
 * driver then tells the user to add {@code ssl=true}.
 */
final class PlainHttpRefusal extends OptionalSslConnectionFactory {
    private static final byte[] RESPONSE = ("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: 49\r\n"
            + "Connection: close\r\n\r\nThis is a TLS port: connect with HTTPS (ssl=true)").getBytes(StandardCharsets.US_ASCII);

    PlainHttpRefusal(SslConnectionFactory tls) {
        super(tls, null);
    }

    @Override
    protected void nextProtocol(Connector connector, EndPoint endPoint, ByteBuffer buffer) {
        endPoint.write(Callback.from(endPoint::close), ByteBuffer.wrap(RESPONSE));
    }
}
