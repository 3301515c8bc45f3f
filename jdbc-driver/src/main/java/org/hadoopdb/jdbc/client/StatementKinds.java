package org.hadoopdb.jdbc.client;

import java.sql.ResultSet;
import java.sql.SQLWarning;

/**
 * The result set kinds a connection's statements get, and the warnings saying so. Results stream
 * forward from the server and are read-only, so a scrollable or updatable statement asked for is
 * made forward-only and read-only, with an {@link SQLWarning} on the connection (JDBC 4.3 §15.1.1;
 * PostgreSQL's driver does the same for kinds it lacks).
 */
final class StatementKinds {
    private SQLWarning warnings;

    /** The type a statement gets for {@code requested}. */
    synchronized int type(int requested) {
        if (requested == ResultSet.TYPE_FORWARD_ONLY) {
            return requested;
        }
        warn("HadoopDB results are forward-only: the statement's result sets are TYPE_FORWARD_ONLY, not "
                + (requested == ResultSet.TYPE_SCROLL_INSENSITIVE ? "TYPE_SCROLL_INSENSITIVE" : "TYPE_SCROLL_SENSITIVE"));
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    /** The concurrency a statement gets for {@code requested}. */
    synchronized int concurrency(int requested) {
        if (requested == ResultSet.CONCUR_READ_ONLY) {
            return requested;
        }
        warn("HadoopDB results are read-only: the statement's result sets are CONCUR_READ_ONLY");
        return ResultSet.CONCUR_READ_ONLY;
    }

    synchronized SQLWarning first() {
        return warnings;
    }

    synchronized void clear() {
        warnings = null;
    }

    private void warn(String message) {
        // 01000: a warning without a more specific class
        SQLWarning w = new SQLWarning(message, "01000");
        if (warnings == null) {
            warnings = w;
        } else {
            warnings.setNextWarning(w);
        }
    }
}
