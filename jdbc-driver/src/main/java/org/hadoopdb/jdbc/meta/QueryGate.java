package org.hadoopdb.jdbc.meta;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.hadoopdb.jdbc.JdbcException;

/**
 * The bounded pool of statements that may run at once (so 50 clients do not launch 50 MapReduce jobs
 * together), with a bounded queue in front of it. A statement that finds the queue full is refused at
 * once; one that waits longer than the queue timeout gives up; a queued statement that is cancelled
 * leaves the queue.
 *
 * <pre>{@code
 * QueryGate gate = new QueryGate(4, 64, Duration.ofMinutes(10));
 * try (QueryGate.Permit p = gate.enter(() -> statement.cancelled())) {
 *     ... run the statement ...
 * }
 * }</pre>
 */
public final class QueryGate {
    private static final long POLL_MILLIS = 100;

    private final Semaphore running;
    private final int maxRunning;
    private final int maxQueued;
    private final Duration queueTimeout;
    private final AtomicInteger queued = new AtomicInteger();

    public QueryGate(int maxRunning, int maxQueued, Duration queueTimeout) {
        if (maxRunning < 1) {
            throw new IllegalArgumentException("At least one query must be allowed to run, got " + maxRunning);
        }
        this.maxRunning = maxRunning;
        this.running = new Semaphore(maxRunning, true);
        this.maxQueued = Math.max(0, maxQueued);
        this.queueTimeout = queueTimeout;
    }

    /** No limit: for the embedded driver, where the application decides how much it runs. */
    public static QueryGate unbounded() {
        return new QueryGate(Integer.MAX_VALUE / 2, 0, Duration.ZERO);
    }

    /** Statements running now. */
    public int running() {
        return maxRunning - running.availablePermits();
    }

    /** Statements waiting for a slot now. */
    public int queued() {
        return queued.get();
    }

    /**
     * Waits for a slot. Fails with a {@link JdbcException} saying why (queue full, waited too long,
     * cancelled while queued).
     */
    public Permit enter(BooleanSupplier cancelled) {
        if (running.tryAcquire()) {
            return new Permit();
        }
        if (queued.incrementAndGet() > maxQueued) {
            queued.decrementAndGet();
            throw new JdbcException(JdbcException.BUSY, "The server is busy: " + maxRunning
                    + " statements are running and " + maxQueued + " are queued (hadoopdb.server.max-running-queries, "
                    + "hadoopdb.server.max-queued-queries); try again later");
        }
        try {
            long deadline = System.nanoTime() + queueTimeout.toNanos();
            while (true) {
                if (cancelled.getAsBoolean()) {
                    throw new JdbcException(JdbcException.CANCELLED, "Query cancelled while it waited in the queue");
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new JdbcException(JdbcException.TIMEOUT, "The statement waited " + queueTimeout
                            + " for one of the " + maxRunning + " running slots (hadoopdb.server.queue-timeout) and gave up");
                }
                if (running.tryAcquire(Math.min(POLL_MILLIS, TimeUnit.NANOSECONDS.toMillis(left) + 1), TimeUnit.MILLISECONDS)) {
                    return new Permit();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JdbcException(JdbcException.CANCELLED, "Interrupted while waiting in the query queue");
        } finally {
            queued.decrementAndGet();
        }
    }

    /** A running slot; closing it lets the next queued statement run. */
    public final class Permit implements AutoCloseable {
        private boolean released;

        private Permit() {
        }

        @Override
        public void close() {
            if (!released) {
                released = true;
                running.release();
            }
        }
    }
}
