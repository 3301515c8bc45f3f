package org.hadoopdb.hs2;

import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.jdbc.server.ServerSettings;

/**
 * How the HiveServer2 endpoint runs: its own port and address ({@code hadoopdb.server.hs2.*}), and
 * the query server's settings for everything it shares with it (users, login limits, running
 * statements, shutdown grace).
 *
 * @param port        TCP port of the binary transport, 0 for a free one, negative when the endpoint is off
 * @param httpPort    TCP port of the HTTP transport, 0 for a free one, negative when it is off
 * @param bindAddress address to listen on
 * @param server      the query server's settings
 */
public record Hs2Settings(int port, int httpPort, String bindAddress, ServerSettings server) {

    /** Without the HTTP transport. */
    public Hs2Settings(int port, String bindAddress, ServerSettings server) {
        this(port, -1, bindAddress, server);
    }

    /** The settings {@code config} holds. */
    public static Hs2Settings from(HadoopDbConfig config) {
        return from(config, ServerSettings.from(config));
    }

    /** The {@code hadoopdb.server.hs2.*} keys of {@code config} beside the given query server settings. */
    public static Hs2Settings from(HadoopDbConfig config, ServerSettings server) {
        String address = config.get(ConfigKeys.SERVER_HS2_BIND_ADDRESS);
        return new Hs2Settings(config.get(ConfigKeys.SERVER_HS2_PORT), config.get(ConfigKeys.SERVER_HS2_HTTP_PORT),
                address == null || address.isBlank() ? server.bindAddress() : address.trim(), server);
    }

    /** The query server settings the HTTP transport's Jetty connector listens with: its port and address. */
    ServerSettings httpConnectorSettings() {
        return new ServerSettings(httpPort, bindAddress, server.authenticate(), server.usersFile(), server.keystore(),
                server.keystorePassword(), server.keystoreType(), server.maxRunning(), server.maxQueued(),
                server.queueTimeout(), server.idleTimeout(), server.shutdownGrace(), server.threads(), server.loginLimits());
    }

    /** Whether {@code hadoopdb server} starts the endpoint at all ({@code hadoopdb.server.hs2.port=-1} turns it off). */
    public boolean enabled() {
        return port >= 0;
    }

    public Hs2Settings withPort(int newPort) {
        return new Hs2Settings(newPort, httpPort, bindAddress, server);
    }

    @Override
    public String toString() {
        return "Hs2Settings[" + bindAddress + ":" + port + (httpPort >= 0 ? ", http " + httpPort : "") + ", auth " + (server.authenticate() ? "SASL PLAIN ("
                + server.usersFile() + ")" : "NOSASL") + "]";
    }
}
