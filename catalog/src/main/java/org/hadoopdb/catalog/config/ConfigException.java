package org.hadoopdb.catalog.config;

import org.hadoopdb.catalog.CatalogException;

/** A configuration value is malformed; the message names the key, the value and the expected form. */
public class ConfigException extends CatalogException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
