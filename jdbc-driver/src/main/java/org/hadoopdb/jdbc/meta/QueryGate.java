package org.hadoopdb.jdbc.meta;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.jdbc.queries.DurationHistogram;

/**
 * The bounded pool of statements that may run at once (so 50 clients do not launch 50 MapReduce jobs
 * together), with a bounded first-come first-served queue in front of it. A statement that finds the
 * queue full is refused at once; one that waits longer than the queue timeout gives up; a queued
 * statement that is cancelled leaves the queue.
 *
 * <p>Admission is strictly in arrival order: a statement that arrives while others wait queues behind
 * them even if a slot is free at that instant, and a freed slot is handed to the first waiter
 * directly, so no newcomer can take it first. Waiters look at their cancel flag every
 * {@value #POLL_MILLIS} ms and keep their place while they do.
 *
 * <p>How long each statement waited, from its arrival to its slot or to giving up (a timeout, a
 * cancel), is kept in {@link #waits()}; one refused because the queue was full never waited.
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

    private final int maxRunning;
    private final int maxQueued;
    private final Duration queueTimeout;
    private final ReentrantLock lock = new ReentrantLock();
    /** Waiting statements, first come first. */
    private final Deque<Waiter> waiting = new ArrayDeque<>();
    private int free;
    private final DurationHistogram waits = new DurationHistogram();

    public QueryGate(int maxRunning, int maxQueued, Duration queueTimeout) {
        if (maxRunning < 1) {
            throw new IllegalArgumentException("At least one query must be allowed to run, got " + maxRunning);
        }
        this.maxRunning = maxRunning;
        this.free = maxRunning;
        this.maxQueued = Math.max(0, maxQueued);
        this.queueTimeout = queueTimeout;
    }

    /** No limit: for the embedded driver, where the application decides how much it runs. */
    public static QueryGate unbounded() {
        return new QueryGate(Integer.MAX_VALUE / 2, 0, Duration.ZERO);
    }

    /** Statements running now. */
    public int running() {
        lock.lock();
        try {
            return maxRunning - free;
        } finally {
            lock.unlock();
        }
    }

    /** Statements waiting for a slot now. */
    public int queued() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    /** How long the statements that asked for a slot waited for it (0 for those admitted at once). */
    public DurationHistogram waits() {
        return waits;
    }

    /**
     * Waits for a slot, behind every statement that came earlier. Fails with a {@link JdbcException}
     * saying why (queue full, waited too long, cancelled while queued).
     */
    public Permit enter(BooleanSupplier cancelled) {
        long arrived = System.nanoTime();
        lock.lock();
        try {
            if (waiting.isEmpty() && free > 0) {
                free--;
                waits.record(System.nanoTime() - arrived);
                return new Permit();
            }
            if (waiting.size() >= maxQueued) {
                throw new JdbcException(JdbcException.BUSY, "The server is busy: " + maxRunning
                        + " statements are running and " + maxQueued + " are queued (hadoopdb.server.max-running-queries, "
                        + "hadoopdb.server.max-queued-queries); try again later");
            }
            Waiter me = new Waiter(lock.newCondition());
            waiting.addLast(me);
            try {
                return await(me, cancelled);
            } finally {
                waits.record(System.nanoTime() - arrived);
                if (!me.admitted) {
                    waiting.remove(me);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits, holding the lock between waits, until {@code me} is handed a slot or gives up. */
    private Permit await(Waiter me, BooleanSupplier cancelled) {
        long deadline = System.nanoTime() + queueTimeout.toNanos();
        try {
            while (!me.admitted) {
                if (cancelled.getAsBoolean()) {
                    throw new JdbcException(JdbcException.CANCELLED, "Query cancelled while it waited in the queue");
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new JdbcException(JdbcException.TIMEOUT, "The statement waited " + queueTimeout
                            + " for one of the " + maxRunning + " running slots (hadoopdb.server.queue-timeout) and gave up");
                }
                me.turn.awaitNanos(Math.min(TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS), left));
            }
            return new Permit();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (me.admitted) {
                // the slot was handed over as the thread was interrupted: pass it on
                release();
                me.admitted = false;
            }
            throw new JdbcException(JdbcException.CANCELLED, "Interrupted while waiting in the query queue");
        }
    }

    /** Hands a freed slot to the first waiter, or keeps it free when nobody waits. */
    private void release() {
        lock.lock();
        try {
            Waiter next = waiting.pollFirst();
            if (next == null) {
                free++;
            } else {
                next.admitted = true;
                next.turn.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /** A statement in the queue; {@code admitted} once a slot has been handed to it. */
    private static final class Waiter {
        final Condition turn;
        boolean admitted;

        Waiter(Condition turn) {
            this.turn = turn;
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
                release();
            }
        }
    }
}
