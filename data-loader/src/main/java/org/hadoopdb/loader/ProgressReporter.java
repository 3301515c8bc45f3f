package org.hadoopdb.loader;

import java.time.Duration;

/**
 * Tells a load's listener how far it is. The rate it reports is that of the current phase, so each
 * phase marks its own start.
 */
final class ProgressReporter {
    private final LoadProgressListener listener;
    private final long loadStart;
    private long phaseStart;

    /** @param loadStart {@link System#nanoTime()} when the load started */
    ProgressReporter(LoadProgressListener listener, long loadStart) {
        this.listener = listener;
        this.loadStart = loadStart;
        this.phaseStart = loadStart;
    }

    /** A new phase starts now: rates count from here. */
    void startPhase() {
        phaseStart = System.nanoTime();
    }

    void report(LoadPhase phase, double percent, long rows) {
        long now = System.nanoTime();
        double seconds = Math.max(1e-3, (now - phaseStart) / 1e9);
        listener.progress(new LoadProgress(phase, Math.max(0, Math.min(100, percent)), rows, rows / seconds,
                Duration.ofNanos(now - loadStart)));
    }
}
