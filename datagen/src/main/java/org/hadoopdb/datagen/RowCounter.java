package org.hadoopdb.datagen;

import java.io.InterruptedIOException;
import java.util.concurrent.atomic.AtomicLong;

/** Counts the rows a part has written into its table's shared counter, in batches to keep contention off the hot loop. */
final class RowCounter {

    private static final int BATCH = 4096;

    private final AtomicLong shared;
    private int pending;

    RowCounter(AtomicLong shared) {
        this.shared = shared;
    }

    /** Counts one row; every batch also notices a cancelled run, so a failed generation stops promptly. */
    void add() throws InterruptedIOException {
        if (++pending == BATCH) {
            flush();
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("data generation cancelled");
            }
        }
    }

    void flush() {
        shared.addAndGet(pending);
        pending = 0;
    }
}
