package org.hadoopdb.jdbc.server;

import java.time.Duration;
import org.hadoopdb.catalog.config.ConfigKey;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.jdbc.JdbcException;

/**
 * How many failed logins the query server takes before it refuses further attempts without checking
 * them: the {@code hadoopdb.server.auth.*} keys (see docs/configuration.md).
 *
 * @param maxFailuresPerAddress failed logins from one client address within {@code window}; 0 for no limit
 * @param maxFailuresPerUser    failed logins for one user name within {@code window}; 0 for no limit
 * @param window                how long failures count, from the first one; refusals last until it ends
 */
public record LoginLimits(int maxFailuresPerAddress, int maxFailuresPerUser, Duration window) {
    /** The keys' defaults. */
    public static final LoginLimits DEFAULTS = new LoginLimits(parsedDefault(ConfigKeys.SERVER_AUTH_MAX_FAILURES_PER_ADDRESS),
            parsedDefault(ConfigKeys.SERVER_AUTH_MAX_FAILURES_PER_USER), parsedDefault(ConfigKeys.SERVER_AUTH_FAILURE_WINDOW));

    public LoginLimits {
        if (maxFailuresPerAddress < 0 || maxFailuresPerUser < 0) {
            throw new JdbcException(JdbcException.GENERAL, "hadoopdb.server.auth.max-failures-per-address and "
                    + "-per-user must be 0 (no limit) or more, got " + maxFailuresPerAddress + " and " + maxFailuresPerUser);
        }
        if (window.isNegative() || window.isZero()) {
            throw new JdbcException(JdbcException.GENERAL, "hadoopdb.server.auth.failure-window must be positive, got " + window);
        }
    }

    /** The limits {@code config} holds. */
    public static LoginLimits from(HadoopDbConfig config) {
        return new LoginLimits(config.get(ConfigKeys.SERVER_AUTH_MAX_FAILURES_PER_ADDRESS),
                config.get(ConfigKeys.SERVER_AUTH_MAX_FAILURES_PER_USER), config.get(ConfigKeys.SERVER_AUTH_FAILURE_WINDOW));
    }

    private static <T> T parsedDefault(ConfigKey<T> key) {
        return key.parse(key.defaultValue());
    }
}
