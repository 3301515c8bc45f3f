package org.hadoopdb.benchmarks.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The timed runs of one task on one system, after the warm-up run.
 *
 * @param task    the task, as the report names it (e.g. "Join", "Q7")
 * @param system  the system, as the report names it (see {@link Systems})
 * @param seconds wall time of each timed run
 * @param rows    rows in the system's result
 */
public record Measurement(String task, String system, List<Double> seconds, long rows) {
    public Measurement {
        if (seconds.isEmpty()) {
            throw new IllegalArgumentException("No timed run of " + task + " on " + system);
        }
        seconds = List.copyOf(seconds);
    }

    /** The median run (the mean of the two middle ones for an even count). */
    public double median() {
        List<Double> sorted = new ArrayList<>(seconds);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    public double min() {
        return Collections.min(seconds);
    }

    public double max() {
        return Collections.max(seconds);
    }
}
