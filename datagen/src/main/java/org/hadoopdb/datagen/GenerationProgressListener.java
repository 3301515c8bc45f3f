package org.hadoopdb.datagen;

import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives progress while data is generated: periodically for every table in progress, and once more when
 * a table is finished. Called from a reporting thread and from worker threads; implementations must be
 * thread-safe and quick.
 */
@FunctionalInterface
public interface GenerationProgressListener {

    /** A listener that ignores everything. */
    GenerationProgressListener NONE = progress -> { };

    /** Receives one table's progress. */
    void onProgress(Progress progress);

    /** A listener that logs each report at INFO through SLF4J (logger {@code org.hadoopdb.datagen}). */
    static GenerationProgressListener logging() {
        Logger log = LoggerFactory.getLogger(GenerationProgressListener.class.getPackageName());
        return p -> log.info("{} {}: {}/{} rows ({}%), {} MB, {} rows/s, {} MB/s",
                p.table(), p.finished() ? "done" : "running", p.rowsDone(), p.rowsTotal(),
                Math.round(p.fractionDone() * 100), Math.round(p.bytesDone() / 1e6),
                Math.round(p.rowsPerSecond()), String.format(Locale.ROOT, "%.1f", p.megabytesPerSecond()));
    }
}
