package org.hadoopdb.jdbc;

import java.sql.SQLException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import org.hadoopdb.jdbc.client.JdbcUrl;

/** Connection failures as SQLExceptions a user can act on. */
final class Exceptions {
    private Exceptions() {
    }

    static SQLException connectFailed(JdbcUrl url, RuntimeException e) {
        String detail = String.valueOf(e.getMessage());
        Throwable t = e;
        while (t != null) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("HTTP/401")) {
                return new SQLInvalidAuthorizationSpecException("The server " + url.serverUrl() + " refused the user name "
                        + "or password (HTTP 401); check user/password", "28000", e);
            }
            if (m.contains("HTTP/429")) {
                return new SQLInvalidAuthorizationSpecException("The server " + url.serverUrl() + " refuses logins from "
                        + "this address or for this user for a while, after too many failed ones (HTTP 429); "
                        + "retry later with the right user/password", "28000", e);
            }
            if (m.contains("HTTP/400") && !url.ssl()) {
                return new SQLNonTransientConnectionException("The server " + url.serverUrl() + " did not understand "
                        + "the request (HTTP 400); if it serves HTTPS, add ssl=true to the URL", "08001", e);
            }
            if (m.contains("HTTP/403")) {
                return new SQLInvalidAuthorizationSpecException("The server " + url.serverUrl() + " does not allow this "
                        + "user (HTTP 403)", "28000", e);
            }
            t = t.getCause();
        }
        String where = url.remote() ? "the HadoopDB server at " + url.serverUrl() : "embedded HadoopDB ("
                + JdbcUrl.redact(url.url()) + ")";
        return new SQLNonTransientConnectionException("Cannot connect to " + where + ": " + detail, "08001", e);
    }
}
