package org.hadoopdb.datagen;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** The live counters of one table during a run, shared by its parts. */
final class TableProgress {

    private final String name;
    private final long plannedRows;
    private final AtomicLong rows = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicInteger partsLeft;
    private final AtomicLong startNanos = new AtomicLong(Long.MIN_VALUE);
    private volatile long endNanos = Long.MIN_VALUE;

    TableProgress(String name, long plannedRows, int parts) {
        this.name = name;
        this.plannedRows = plannedRows;
        this.partsLeft = new AtomicInteger(parts);
    }

    String name() {
        return name;
    }

    AtomicLong rows() {
        return rows;
    }

    AtomicLong bytes() {
        return bytes;
    }

    void partStarted() {
        startNanos.compareAndSet(Long.MIN_VALUE, System.nanoTime());
    }

    /** Records a finished part; true when it was the table's last. */
    boolean partFinished() {
        if (partsLeft.decrementAndGet() == 0) {
            endNanos = System.nanoTime();
            return true;
        }
        return false;
    }

    boolean running() {
        return startNanos.get() != Long.MIN_VALUE && endNanos == Long.MIN_VALUE;
    }

    Progress snapshot() {
        long start = startNanos.get();
        long end = endNanos;
        boolean finished = end != Long.MIN_VALUE;
        long elapsed = start == Long.MIN_VALUE ? 0 : (finished ? end : System.nanoTime()) - start;
        return new Progress(name, rows.get(), plannedRows, bytes.get(), Duration.ofNanos(elapsed), finished);
    }
}
