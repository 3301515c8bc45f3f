package org.hadoopdb.loader;

import java.time.Duration;

/**
 * A load's progress, reported about twice a second.
 *
 * @param phase         the phase running
 * @param percent       how far the phase is, 0 to 100
 * @param rows          rows (records) the phase has processed
 * @param rowsPerSecond the phase's rate so far
 * @param elapsed       time since the load started
 */
public record LoadProgress(LoadPhase phase, double percent, long rows, double rowsPerSecond, Duration elapsed) {
}
