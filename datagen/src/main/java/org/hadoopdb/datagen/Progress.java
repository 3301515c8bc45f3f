package org.hadoopdb.datagen;

import java.time.Duration;

/**
 * A snapshot of one table's generation.
 *
 * @param table the table (or output directory) name, e.g. {@code uservisits} or {@code lineitem}
 * @param rowsDone rows written so far
 * @param rowsTotal rows planned (an estimate for TPC-H)
 * @param bytesDone bytes written so far, over all of the table's representations
 * @param elapsed time since the table's first part started
 * @param finished whether every part of the table is done
 */
public record Progress(String table, long rowsDone, long rowsTotal, long bytesDone, Duration elapsed, boolean finished) {

    /** Rows per second since the table started. */
    public double rowsPerSecond() {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds > 0 ? rowsDone / seconds : 0;
    }

    /** Megabytes (10^6 bytes) per second since the table started. */
    public double megabytesPerSecond() {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds > 0 ? bytesDone / 1e6 / seconds : 0;
    }

    /** The fraction of planned rows written, in [0, 1]. */
    public double fractionDone() {
        return rowsTotal > 0 ? Math.min(1.0, (double) rowsDone / rowsTotal) : 1.0;
    }
}
