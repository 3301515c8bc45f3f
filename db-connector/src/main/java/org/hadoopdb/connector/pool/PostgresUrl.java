package org.hadoopdb.connector.pool;

import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.Properties;
import org.postgresql.Driver;
import org.postgresql.PGProperty;

/**
 * A PostgreSQL JDBC URL as pgjdbc itself reads it ({@link Driver#parseURL}), so that HadoopDB never
 * understands a node's URL differently from the driver that connects to it.
 *
 * <pre>{@code
 * PostgresUrl url = PostgresUrl.parse("jdbc:postgresql://worker1:6543/hadoopdb?user=loader").orElseThrow();
 * url.singleServer();     // worker1:6543
 * url.property("user");   // loader
 * }</pre>
 */
public final class PostgresUrl {
    private final Properties properties;

    private PostgresUrl(Properties properties) {
        this.properties = properties;
    }

    /** The URL as pgjdbc reads it; empty when pgjdbc does not accept it (another database, a bad port, no '/'). */
    public static Optional<PostgresUrl> parse(String jdbcUrl) {
        Properties properties = jdbcUrl == null ? null : Driver.parseURL(jdbcUrl, null);
        return Optional.ofNullable(properties).map(PostgresUrl::new);
    }

    /**
     * Host and port of the one server the URL names (an IPv6 host without its brackets); empty when
     * it names several servers for failover, or an empty host (a Unix socket).
     */
    public Optional<InetSocketAddress> singleServer() {
        String hosts = properties.getProperty(PGProperty.PG_HOST.getName(), "");
        String port = properties.getProperty(PGProperty.PG_PORT.getName(), "");
        if (hosts.isEmpty() || hosts.contains(",")) {
            return Optional.empty();
        }
        String host = hosts.startsWith("[") && hosts.endsWith("]") ? hosts.substring(1, hosts.length() - 1) : hosts;
        return Optional.of(InetSocketAddress.createUnresolved(host, Integer.parseInt(port)));
    }

    /** A connection property the URL's query sets (URL-decoded), e.g. {@code user}; empty when it sets none. */
    public Optional<String> property(String name) {
        return Optional.ofNullable(properties.getProperty(name));
    }
}
