package org.hadoopdb.hs2;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.hadoopdb.hiveql.parse.QuotedIdentifiers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The configuration a client sends with OpenSession, as session settings: {@code set:hiveconf:KEY}
 * and {@code set:hivevar:KEY} become {@code SET KEY=value} when KEY is a HadoopDB or Hadoop setting;
 * Hive's own {@code hive.*} settings (fetch sizes and the like Hive's driver always sends) mean
 * nothing here and are left out, except those a session acts on ({@code hive.support.quoted.identifiers}).
 * {@code use:database} ({@link #database}) names the session's first current database.
 */
final class SessionConfiguration {
    private static final Logger LOG = LoggerFactory.getLogger(SessionConfiguration.class);
    private static final String HIVECONF = "set:hiveconf:";
    private static final String HIVEVAR = "set:hivevar:";
    private static final String USE = "use:database";
    /** The {@code hive.*} settings HadoopDB's sessions act on. */
    private static final Set<String> HONOURED_HIVE_SETTINGS = Set.of(QuotedIdentifiers.SETTING);

    private SessionConfiguration() {
    }

    /** The database {@code use:database} names (the JDBC URL's path), or null for {@code default}. */
    static String database(Map<String, String> configuration) {
        String value = configuration == null ? null : configuration.get(USE);
        return value == null || value.isBlank() ? null : value.trim();
    }

    /** The session settings of {@code configuration} (which may be null). */
    static Map<String, String> settings(Map<String, String> configuration) {
        Map<String, String> settings = new LinkedHashMap<>();
        if (configuration == null) {
            return settings;
        }
        configuration.forEach((key, value) -> {
            if (key.equals(USE)) {
                return;
            }
            String name = key.startsWith(HIVECONF) ? key.substring(HIVECONF.length())
                    : key.startsWith(HIVEVAR) ? key.substring(HIVEVAR.length()) : null;
            if (name == null || name.isBlank() || name.startsWith("hive.") && !HONOURED_HIVE_SETTINGS.contains(name)) {
                LOG.debug("Session configuration {}={} ignored: not a HadoopDB or Hadoop setting", key, value);
                return;
            }
            settings.put(name, value == null ? "" : value);
        });
        return settings;
    }
}
