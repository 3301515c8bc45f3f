package org.hadoopdb.catalog.config;

import java.util.Objects;
import java.util.function.Function;

/**
 * One configuration key: its name (always {@code hadoopdb.}-prefixed), default, meaning and parser.
 * All keys are declared in {@link ConfigKeys} and documented in {@code docs/configuration.md}.
 *
 * @param <T> the parsed value type
 */
public final class ConfigKey<T> {
    private final String name;
    private final String defaultValue;
    private final String description;
    private final Function<String, T> parser;
    private final String typeName;

    ConfigKey(String name, String defaultValue, String typeName, String description, Function<String, T> parser) {
        if (!name.startsWith("hadoopdb.")) {
            throw new IllegalArgumentException("Configuration keys start with 'hadoopdb.': " + name);
        }
        this.name = name;
        this.defaultValue = defaultValue;
        this.typeName = typeName;
        this.description = Objects.requireNonNull(description);
        this.parser = parser;
    }

    public String name() {
        return name;
    }

    /** The default as text; null when the default is computed (the description says how). */
    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /** A word for the value's form: integer, boolean, size, duration, path, string, list. */
    public String typeName() {
        return typeName;
    }

    /** Parses {@code text} as this key's type; throws when it is not a valid value. */
    public T parse(String text) {
        return parser.apply(text.trim());
    }

    @Override
    public String toString() {
        return name;
    }
}
