package org.hadoopdb.jdbc.server;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.jdbc.JdbcException;

/**
 * How the query server runs: the {@code hadoopdb.server.*} keys (see docs/configuration.md).
 *
 * @param port          TCP port, 0 for a free one
 * @param bindAddress   address to listen on
 * @param authenticate  HTTP BASIC against {@code usersFile} (false only on loopback addresses)
 * @param usersFile     the users file
 * @param keystore      TLS key store, or null for plain HTTP
 * @param loginLimits   when failed logins are throttled ({@code hadoopdb.server.auth.*})
 */
public record ServerSettings(int port, String bindAddress, boolean authenticate, Path usersFile, Path keystore,
                             String keystorePassword, String keystoreType, int maxRunning, int maxQueued,
                             Duration queueTimeout, Duration idleTimeout, Duration shutdownGrace, int threads,
                             LoginLimits loginLimits) {

    /** With the default {@link LoginLimits}. */
    public ServerSettings(int port, String bindAddress, boolean authenticate, Path usersFile, Path keystore,
                          String keystorePassword, String keystoreType, int maxRunning, int maxQueued,
                          Duration queueTimeout, Duration idleTimeout, Duration shutdownGrace, int threads) {
        this(port, bindAddress, authenticate, usersFile, keystore, keystorePassword, keystoreType, maxRunning, maxQueued,
                queueTimeout, idleTimeout, shutdownGrace, threads, LoginLimits.DEFAULTS);
    }

    /** The settings {@code config} holds. */
    public static ServerSettings from(HadoopDbConfig config) {
        String auth = config.get(ConfigKeys.SERVER_AUTH).trim().toLowerCase(Locale.ROOT);
        if (!auth.equals("basic") && !auth.equals("none")) {
            throw new JdbcException(JdbcException.GENERAL, "hadoopdb.server.auth is '" + auth + "': use basic or none");
        }
        String users = config.get(ConfigKeys.SERVER_USERS_FILE);
        String keystore = config.get(ConfigKeys.SERVER_TLS_KEYSTORE);
        return new ServerSettings(config.get(ConfigKeys.SERVER_PORT), config.get(ConfigKeys.SERVER_BIND_ADDRESS),
                auth.equals("basic"), users == null || users.isBlank() ? defaultUsersFile(config) : Path.of(users),
                keystore == null || keystore.isBlank() ? null : Path.of(keystore),
                config.get(ConfigKeys.SERVER_TLS_KEYSTORE_PASSWORD), config.get(ConfigKeys.SERVER_TLS_KEYSTORE_TYPE),
                config.get(ConfigKeys.SERVER_MAX_RUNNING), config.get(ConfigKeys.SERVER_MAX_QUEUED),
                config.get(ConfigKeys.SERVER_QUEUE_TIMEOUT), config.get(ConfigKeys.SERVER_IDLE_TIMEOUT),
                config.get(ConfigKeys.SERVER_SHUTDOWN_GRACE), config.get(ConfigKeys.SERVER_THREADS), LoginLimits.from(config));
    }

    /** {@code <home>/conf/users}. */
    public static Path defaultUsersFile(HadoopDbConfig config) {
        return config.home().confDir().resolve("users");
    }

    public ServerSettings withPort(int newPort) {
        return new ServerSettings(newPort, bindAddress, authenticate, usersFile, keystore, keystorePassword, keystoreType,
                maxRunning, maxQueued, queueTimeout, idleTimeout, shutdownGrace, threads, loginLimits);
    }

    /** The same settings with other login limits. */
    public ServerSettings withLoginLimits(LoginLimits limits) {
        return new ServerSettings(port, bindAddress, authenticate, usersFile, keystore, keystorePassword, keystoreType,
                maxRunning, maxQueued, queueTimeout, idleTimeout, shutdownGrace, threads, limits);
    }

    public boolean tls() {
        return keystore != null;
    }

    /** Never shows the key store password. */
    @Override
    public String toString() {
        return "ServerSettings[" + bindAddress + ":" + port + ", auth " + (authenticate ? "basic (" + usersFile + ")" : "none")
                + ", tls " + (tls() ? keystore : "off") + ", running " + maxRunning + ", queued " + maxQueued + "]";
    }
}
