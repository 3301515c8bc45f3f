package org.hadoopdb.console;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;

/**
 * Where the web console listens: the {@code hadoopdb.server.ui.*} keys (see docs/configuration.md).
 *
 * @param port        TCP port, 0 for a free one, -1 for no console
 * @param bindAddress address to listen on (loopback by default)
 * @param history     finished statements kept for the pages
 * @param admins      users who may cancel anyone's statement ({@code hadoopdb.server.ui.admins})
 */
public record ConsoleSettings(int port, String bindAddress, int history, Set<String> admins) {

    public ConsoleSettings {
        admins = Set.copyOf(admins);
    }

    /** Without admins: each user cancels only their own statements. */
    public ConsoleSettings(int port, String bindAddress, int history) {
        this(port, bindAddress, history, Set.of());
    }

    public static ConsoleSettings from(HadoopDbConfig config) {
        return new ConsoleSettings(config.get(ConfigKeys.SERVER_UI_PORT), config.get(ConfigKeys.SERVER_UI_BIND_ADDRESS),
                config.get(ConfigKeys.SERVER_UI_HISTORY), users(config.get(ConfigKeys.SERVER_UI_ADMINS)));
    }

    /** {@code alice, bob} as its names; none for an empty or unset list. */
    static Set<String> users(String list) {
        if (list == null) {
            return Set.of();
        }
        return Arrays.stream(list.split(",")).map(String::strip).filter(u -> !u.isEmpty()).collect(Collectors.toSet());
    }

    public boolean enabled() {
        return port >= 0;
    }

    public ConsoleSettings withPort(int newPort) {
        return new ConsoleSettings(newPort, bindAddress, history, admins);
    }
}
