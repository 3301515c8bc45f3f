package org.hadoopdb.connector.chunk;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.pool.NodeSession;

/**
 * How chunks are read: cursor fetch size, timeouts, PostgreSQL session settings and how many rows a
 * read may have handed on and still resume on a replica ({@code hadoopdb.connector.*}, settable per job).
 */
public record ChunkReadSettings(int fetchSize, Duration statementTimeout, Duration connectTimeout,
                                Map<String, String> sessionSettings, int resumeMaxRows) {
    private static final Pattern SETTING_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");

    public ChunkReadSettings {
        if (fetchSize < 1) {
            throw new ConnectorException("hadoopdb.connector.fetch-size must be positive, got " + fetchSize);
        }
        for (String name : sessionSettings.keySet()) {
            if (!SETTING_NAME.matcher(name).matches()) {
                throw new ConnectorException("'" + name + "' in hadoopdb.connector.session-settings is not a PostgreSQL setting name");
            }
            // applied after them with SET LOCAL, a job's settings could otherwise change what the generated SQL means
            if (NodeSession.fixedSettings().contains(name.toLowerCase(Locale.ROOT))) {
                throw new ConnectorException("'" + name + "' in hadoopdb.connector.session-settings cannot be changed: HadoopDB "
                        + "fixes it for every node session (the generated SQL depends on it)");
            }
        }
        if (resumeMaxRows < 0) {
            throw new ConnectorException("hadoopdb.connector.resume-max-rows must not be negative, got " + resumeMaxRows);
        }
        sessionSettings = Map.copyOf(sessionSettings);
    }

    /** Settings with the default {@code hadoopdb.connector.resume-max-rows}. */
    public ChunkReadSettings(int fetchSize, Duration statementTimeout, Duration connectTimeout, Map<String, String> sessionSettings) {
        this(fetchSize, statementTimeout, connectTimeout, sessionSettings,
                ConfigKeys.CONNECTOR_RESUME_MAX_ROWS.parse(ConfigKeys.CONNECTOR_RESUME_MAX_ROWS.defaultValue()));
    }

    public static ChunkReadSettings from(HadoopDbConfig config) {
        return new ChunkReadSettings(config.get(ConfigKeys.CONNECTOR_FETCH_SIZE), config.get(ConfigKeys.CONNECTOR_STATEMENT_TIMEOUT),
                config.get(ConfigKeys.CONNECTOR_CONNECT_TIMEOUT), parse(config.get(ConfigKeys.CONNECTOR_SESSION_SETTINGS)),
                config.get(ConfigKeys.CONNECTOR_RESUME_MAX_ROWS));
    }

    /** {@code name=value;name=value} as a map, in order. */
    static Map<String, String> parse(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        if (text == null) {
            return out;
        }
        for (String pair : text.split(";")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new ConnectorException("hadoopdb.connector.session-settings has '" + pair.trim() + "'; expected name=value");
            }
            out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return out;
    }
}
