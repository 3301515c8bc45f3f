package org.hadoopdb.jdbc.client;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import org.apache.calcite.avatica.Helper;

/**
 * The {@link BatchUpdateException} JDBC asks {@code executeBatch} to throw, with the server's message
 * and SQLState. Its update counts are empty: the server stops at the first failure and does not say
 * how far it got (a run of {@code INSERT ... VALUES} entries, which runs as one insert, adds no rows
 * at all when it fails).
 */
final class BatchFailure {
    private BatchFailure() {
    }

    static BatchUpdateException of(Exception e) {
        if (e instanceof BatchUpdateException b) {
            return b;
        }
        SQLException s = e instanceof SQLException q ? q
                : Helper.INSTANCE.createException("Error while executing a batch: " + e.getMessage(), null, e);
        return new BatchUpdateException(s.getMessage(), s.getSQLState(), s.getErrorCode(), new long[0], s);
    }
}
