package org.hadoopdb.jdbc.client;

import java.sql.ClientInfoStatus;
import java.sql.Connection;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * A connection's client info ({@code ApplicationName}, {@code ClientUser}, {@code ClientHostname} and
 * any other name a tool sets): kept in the driver for the tool to read back; a null value removes one.
 */
final class ClientInfo {
    private final Properties values = new Properties();

    synchronized void set(String name, String value, Connection c) throws SQLClientInfoException {
        checkOpen(c, Map.of(name == null ? "" : name, ClientInfoStatus.REASON_UNKNOWN));
        if (name == null) {
            throw new SQLClientInfoException("A client info property needs a name", "HY024",
                    Map.of("", ClientInfoStatus.REASON_UNKNOWN_PROPERTY));
        }
        if (value == null) {
            values.remove(name);
        } else {
            values.setProperty(name, value);
        }
    }

    /** Replaces all the client info with {@code properties} (JDBC: names not in it are cleared). */
    synchronized void setAll(Properties properties, Connection c) throws SQLClientInfoException {
        Map<String, ClientInfoStatus> failed = new HashMap<>();
        if (properties != null) {
            properties.stringPropertyNames().forEach(n -> failed.put(n, ClientInfoStatus.REASON_UNKNOWN));
        }
        checkOpen(c, failed);
        values.clear();
        if (properties != null) {
            for (String name : properties.stringPropertyNames()) {
                values.setProperty(name, properties.getProperty(name));
            }
        }
    }

    synchronized String get(String name) {
        return name == null ? null : values.getProperty(name);
    }

    synchronized Properties all() {
        Properties copy = new Properties();
        copy.putAll(values);
        return copy;
    }

    private static void checkOpen(Connection c, Map<String, ClientInfoStatus> failed) throws SQLClientInfoException {
        boolean closed;
        try {
            closed = c.isClosed();
        } catch (SQLException e) {
            throw new SQLClientInfoException("Cannot tell whether the connection is open", "08003", failed, e);
        }
        if (closed) {
            throw new SQLClientInfoException("The connection is closed", "08003", failed);
        }
    }
}
