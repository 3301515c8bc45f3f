package org.hadoopdb.runtime;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.hadoopdb.planner.PlannerException;

/**
 * A bounded queue between producer threads and one consumer, with an end, a failure and a close:
 * producers wait for room (so memory stays bounded) but stop waiting once the consumer has gone; the
 * consumer sees the first failure instead of the rows after it.
 *
 * @param <T> what is handed over (a batch of rows)
 */
final class Handoff<T> {
    private static final Object END = new Object();

    private final BlockingQueue<Object> queue;
    private volatile boolean closed;
    private volatile RuntimeException failure;
    private boolean ended;

    Handoff(int capacity) {
        this.queue = new ArrayBlockingQueue<>(Math.max(1, capacity));
    }

    /** Hands {@code item} over, waiting for room; false when the consumer has closed the hand-off. */
    boolean put(T item) {
        try {
            while (!closed) {
                if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
                    return true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /** No more items will come. */
    void end() {
        put(uncheckedEnd());
    }

    /** Fails the hand-off: the consumer's next {@link #take()} throws {@code e} (the first failure wins). */
    void fail(RuntimeException e) {
        synchronized (this) {
            if (failure == null) {
                failure = e;
            }
        }
        // a full queue must not hide the failure: drop what is queued, the consumer gets no more rows
        queue.clear();
        put(uncheckedEnd());
    }

    /**
     * The next item, waiting for it; null at the end.
     *
     * @throws RuntimeException the producer's failure
     * @throws PlannerException when interrupted (the hand-off is then closed)
     */
    @SuppressWarnings("unchecked")
    T take() {
        if (ended || closed) {
            return null;
        }
        Object next;
        try {
            next = queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new PlannerException("Interrupted while waiting for rows", e);
        }
        if (failure != null) {
            close();
            throw failure;
        }
        if (next == END) {
            ended = true;
            return null;
        }
        return (T) next;
    }

    /** The consumer is gone: producers stop waiting and everything queued is dropped. */
    void close() {
        closed = true;
        queue.clear();
    }

    boolean closed() {
        return closed;
    }

    /** Wakes a consumer waiting in {@link #take()} after {@link #close()} from another thread. */
    void wake() {
        queue.offer(END);
    }

    @SuppressWarnings("unchecked")
    private static <T> T uncheckedEnd() {
        return (T) END;
    }
}
