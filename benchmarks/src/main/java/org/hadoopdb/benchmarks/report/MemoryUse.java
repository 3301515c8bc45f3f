package org.hadoopdb.benchmarks.report;

/**
 * How much memory one process (or group of processes) of a benchmark run used.
 *
 * @param process what was measured, e.g. "duckdb runner (pid 4242)"
 * @param systems the systems of the report it served
 * @param bytes   the amount, -1 when the system did not say
 * @param measure what the number is, e.g. "peak resident (VmHWM)"
 */
public record MemoryUse(String process, String systems, long bytes, String measure) {
    /** The amount in MiB, or "unknown". */
    public String mebibytes() {
        return bytes < 0 ? "unknown" : String.format(java.util.Locale.ROOT, "%,.0f MiB", bytes / (1024.0 * 1024));
    }
}
