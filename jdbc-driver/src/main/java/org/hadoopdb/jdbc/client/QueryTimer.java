package org.hadoopdb.jdbc.client;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code Statement.setQueryTimeout}: cancels a statement that runs longer than its timeout, and turns
 * the failure that follows into a {@link SQLTimeoutException}.
 */
final class QueryTimer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QueryTimer.class);
    private static final ScheduledExecutorService TIMERS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "hadoopdb-jdbc-query-timeout");
        t.setDaemon(true);
        return t;
    });

    private final int seconds;
    private final ScheduledFuture<?> task;
    private volatile boolean fired;

    private QueryTimer(Statement statement, int seconds) {
        this.seconds = seconds;
        this.task = seconds <= 0 ? null : TIMERS.schedule(() -> {
            fired = true;
            try {
                statement.cancel();
            } catch (SQLException e) {
                // The statement still fails or finishes on its own; the timeout is reported then.
                LOG.debug("Cancelling a statement past its query timeout failed", e);
            }
        }, seconds, TimeUnit.SECONDS);
    }

    static QueryTimer arm(Statement statement) throws SQLException {
        return new QueryTimer(statement, statement.getQueryTimeout());
    }

    boolean fired() {
        return fired;
    }

    SQLTimeoutException timeout(Exception cause) {
        return new SQLTimeoutException("The statement ran longer than its query timeout of " + seconds
                + " s and was cancelled", "HYT00", cause);
    }

    @Override
    public void close() {
        if (task != null) {
            task.cancel(false);
        }
    }
}
