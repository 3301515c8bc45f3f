package org.hadoopdb.runtime.ops;

import org.hadoopdb.planner.PlannerException;

/**
 * Whether the query that a task (or the client's stage) works for has been cancelled. Hadoop's local
 * runner does not stop the threads of a job it kills, so every loop over many rows asks this now and
 * then (through a {@link Ticker}) and stops the task with a "Query cancelled" error.
 */
@FunctionalInterface
public interface Cancellation {
    /** Never cancelled: for callers that stop their operators otherwise (tests, samplers). */
    Cancellation NONE = () -> false;

    /** Rows between two looks at the signal: cheap enough per row, prompt enough to stop within milliseconds. */
    int ROWS_BETWEEN_CHECKS = 1024;

    boolean cancelled();

    /**
     * @throws PlannerException "Query cancelled" when the query was cancelled
     */
    default void check() {
        if (cancelled()) {
            throw new PlannerException("Query cancelled");
        }
    }

    /** A counter that checks this signal every {@link #ROWS_BETWEEN_CHECKS} rows. */
    default Ticker ticker() {
        return new Ticker(this);
    }

    /** Checks its signal every {@link #ROWS_BETWEEN_CHECKS} calls of {@link #tick()}; one per loop, not thread-safe. */
    final class Ticker {
        private final Cancellation signal;
        private int rows;

        Ticker(Cancellation signal) {
            this.signal = signal;
        }

        /** One more row: every ROWS_BETWEEN_CHECKS-th call checks the signal. */
        public void tick() {
            if (++rows == ROWS_BETWEEN_CHECKS) {
                rows = 0;
                signal.check();
            }
        }
    }
}
