package org.hadoopdb.benchmarks.report;

import java.util.List;
import java.util.Map;

/**
 * One benchmark run, ready to be written out.
 *
 * @param title        e.g. "HadoopDB paper benchmark (Pavlo et al. tasks)"
 * @param command      the exact command line that produced it
 * @param machine      cores, memory, OS, JDK, PostgreSQL version
 * @param setup        what was measured on what: nodes, rows per table, chunk layout, runs per task, ...
 * @param measurements every (task, system) measured; a system may miss a task it cannot run
 * @param notes        free text for the report (loads, warnings, why a system skipped a task)
 */
public record BenchReport(String title, String command, String machine, Map<String, String> setup,
                          List<Measurement> measurements, List<String> notes) {
    public BenchReport {
        setup = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(setup)); // keeps the given order
        measurements = List.copyOf(measurements);
        notes = List.copyOf(notes);
    }
}
