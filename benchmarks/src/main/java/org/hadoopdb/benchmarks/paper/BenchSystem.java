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

    /** One run's answer and its seconds. */
    record TimedAnswer(Answer answer, double seconds) {
    }

    /**
     * Runs the task once and says how long it took: by default the wall time of {@link #run} in this JVM; a system
     * in a process of its own reports the time it measured itself, without the cost of talking to it.
     */
    default TimedAnswer timed(PaperTask task) throws Exception {
        long start = System.nanoTime();
        Answer answer = run(task);
        return new TimedAnswer(answer, (System.nanoTime() - start) / 1e9);
    }
}
