package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.config.ConfigKey;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.hiveql.HiveQlException;
import org.hadoopdb.hiveql.parse.QuotedIdentifiers;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.runtime.ListResult;

/**
 * A session's {@code SET key=value} settings over the engine's configuration. HadoopDB keys are
 * checked when set (an unknown {@code hadoopdb.*} key or a value of the wrong type is an error naming
 * it); any other key (Hadoop's {@code mapreduce.*}, ...) is passed to the session's jobs as given.
 */
final class SessionSettings {
    private static final RowSchema SET_ROWS = RowSchema.builder().add("set", "string").build();
    /** Keys fixed for the life of the engine: changing them in a session would have no effect. */
    private static final List<String> ENGINE_KEYS = List.of(ConfigKeys.HOME.name(), ConfigKeys.CATALOG_PATH.name());

    private final HadoopDbConfig base;
    private final Map<String, String> overrides = new LinkedHashMap<>();
    private HadoopDbConfig effective;

    SessionSettings(HadoopDbConfig base, Map<String, String> initial) {
        this.base = base;
        initial.forEach(this::set);
        this.effective = base.with(overrides);
    }

    /** The configuration statements of this session run with. */
    HadoopDbConfig config() {
        return effective;
    }

    Map<String, String> overrides() {
        return Map.copyOf(overrides);
    }

    void set(String key, String value) {
        String k = key.trim();
        if (k.isEmpty()) {
            throw new SemanticException("SET needs a key: SET key=value");
        }
        if (ENGINE_KEYS.contains(k)) {
            throw new SemanticException(k + " cannot be changed in a session; start HadoopDB with --home / -D" + k + "=...");
        }
        if (k.startsWith("hadoopdb.")) {
            ConfigKey<?> declared = declared(k).orElseThrow(() -> new SemanticException("Unknown configuration key '" + k + "'"
                    + Names.didYouMean(k, ConfigKeys.all().stream().map(ConfigKey::name).toList())));
            try {
                declared.parse(value);
            } catch (RuntimeException e) {
                throw new SemanticException("Invalid value '" + value + "' for " + k + ": " + e.getMessage()
                        + " (expected a " + declared.typeName() + ")", e);
            }
        }
        if (k.equals(QuotedIdentifiers.SETTING)) {
            try {
                QuotedIdentifiers.of(value);
            } catch (HiveQlException e) {
                throw new SemanticException(e.getMessage(), e);
            }
        }
        overrides.put(k, value);
        effective = base.with(overrides);
    }

    /** {@code SET key}: the key's effective value, as Hive prints it ({@code key=value}, or {@code key is undefined}). */
    ListResult show(String key) {
        String k = key.trim();
        String value = effective.hadoopConf().get(k);
        if (value == null) {
            value = declared(k).map(ConfigKey::defaultValue).orElse(null);
        }
        return single(value == null ? k + " is undefined" : k + "=" + value);
    }

    /** {@code SET}: every HadoopDB key with its effective value, then the session's other settings. */
    ListResult showAll() {
        List<Row> rows = new ArrayList<>();
        for (ConfigKey<?> key : ConfigKeys.all()) {
            String value = effective.hadoopConf().get(key.name());
            if (value == null) {
                value = key.defaultValue() == null ? "" : key.defaultValue();
            }
            rows.add(Row.of(SET_ROWS, key.name() + "=" + value));
        }
        overrides.forEach((k, v) -> {
            if (declared(k).isEmpty()) {
                rows.add(Row.of(SET_ROWS, k + "=" + v));
            }
        });
        return new ListResult(SET_ROWS, rows);
    }

    private static ListResult single(String line) {
        return new ListResult(SET_ROWS, List.of(Row.of(SET_ROWS, line)));
    }

    private static Optional<ConfigKey<?>> declared(String name) {
        return ConfigKeys.all().stream().filter(c -> c.name().equals(name)).findFirst();
    }
}
