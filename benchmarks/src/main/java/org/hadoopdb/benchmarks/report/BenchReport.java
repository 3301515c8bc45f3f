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
 * @param memory       the memory the systems' processes used (empty when not measured)
 */
public record BenchReport(String title, String command, String machine, Map<String, String> setup,
                          List<Measurement> measurements, List<String> notes, List<MemoryUse> memory) {
    public BenchReport {
        setup = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(setup)); // keeps the given order
        measurements = List.copyOf(measurements);
        notes = List.copyOf(notes);
        memory = List.copyOf(memory);
    }

    /** A report without memory measurements. */
    public BenchReport(String title, String command, String machine, Map<String, String> setup,
                       List<Measurement> measurements, List<String> notes) {
        this(title, command, machine, setup, measurements, notes, List.of());
    }

    /** The systems measured, in {@link Systems#ALL} order, then the others (the peers) in the order measured. */
    public List<String> systems() {
        List<String> present = measurements.stream().map(Measurement::system).distinct().toList();
        List<String> ordered = new java.util.ArrayList<>(Systems.ALL.stream().filter(present::contains).toList());
        present.stream().filter(s -> !ordered.contains(s)).forEach(ordered::add);
        return ordered;
    }
}
