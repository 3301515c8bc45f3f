package org.hadoopdb.benchmarks.paper;

/** One of the systems the paper benchmark runs its tasks on. */
interface BenchSystem {
    /** The name reports use (see {@code org.hadoopdb.benchmarks.report.Systems}). */
    String name();

    /** Null when the system runs the task; otherwise why it does not (for the report). */
    default String cannotRun(PaperTask task) {
        return null;
    }

    /** Runs the task once, reading the whole result. Only this call is timed. */
    Answer run(PaperTask task) throws Exception;
}
