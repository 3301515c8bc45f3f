package org.hadoopdb.console;

import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;

/**
 * Where the web console listens: the {@code hadoopdb.server.ui.*} keys (see docs/configuration.md).
 *
 * @param port        TCP port, 0 for a free one, -1 for no console
 * @param bindAddress address to listen on (loopback by default)
 * @param history     finished statements kept for the pages
 */
public record ConsoleSettings(int port, String bindAddress, int history) {

    public static ConsoleSettings from(HadoopDbConfig config) {
        return new ConsoleSettings(config.get(ConfigKeys.SERVER_UI_PORT), config.get(ConfigKeys.SERVER_UI_BIND_ADDRESS),
                config.get(ConfigKeys.SERVER_UI_HISTORY));
    }

    public boolean enabled() {
        return port >= 0;
    }

    public ConsoleSettings withPort(int newPort) {
        return new ConsoleSettings(newPort, bindAddress, history);
    }
}
