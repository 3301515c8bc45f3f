package org.hadoopdb.runtime;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.runtime.mr.StageSizes;

/**
 * How a query runs, decided once by {@link RunTimePlanner} just before it runs: the physical plan after
 * the run-time adjustments, how each of its stages runs, and the reasons EXPLAIN's RUN TIME section
 * prints. {@link QueryExecutor} carries it out as it stands; nothing in it changes while the query runs.
 *
 * <p>The result comes from {@code plan().result()}: read from the chunks (after the stages, if any:
 * a direct read runs none), or the output of the stage it names, which is its files or, for a stage
 * that runs {@link InClient in the client}, the rows the client computed.
 *
 * @param plan        the plan that runs: the planner's, without the stage a direct read or a top-merge
 *                    folding made unnecessary
 * @param stages      how each stage of {@code plan} runs, in the plan's order
 * @param explanation one line per decision, for EXPLAIN's RUN TIME section; empty when the plan runs no stage
 */
record ExecutionPlan(QueryPlan plan, List<StageRun> stages, List<String> explanation) {

    ExecutionPlan {
        stages = List.copyOf(stages);
        explanation = List.copyOf(explanation);
        if (stages.size() != plan.stages().size()) {
            throw new IllegalArgumentException("An execution plan needs a mode for each of the plan's " + plan.stages().size()
                    + " stages, not " + stages.size());
        }
    }

    /** One stage and how it runs. */
    record StageRun(Stage stage, Mode mode) {
        @Override
        public String toString() {
            return "Stage " + stage.id() + ": " + mode;
        }
    }

    /** How a stage runs. */
    sealed interface Mode permits Job, InClient {
    }

    /** As a MapReduce job. */
    record Job(Reducers reducers) implements Mode {
        @Override
        public String toString() {
            return "a MapReduce job with " + reducers;
        }
    }

    /**
     * In the client ({@link ClientStage}), which holds the stage's whole input in memory to sort it. Past
     * {@code maxBufferedRows} rows or {@code maxBufferBytes} bytes, or when a node breaks off in the middle of
     * a chunk (its rows cannot be read again from another copy without repeating them), the client gives up
     * before it returned a row and the stage runs as the {@code fallback} job instead.
     *
     * @param maxBufferedRows {@code hadoopdb.exec.client-stage.max-buffered-rows}
     * @param maxBufferBytes  {@code hadoopdb.exec.client-stage.max-buffer-bytes}
     * @param fallback        the job the stage becomes
     */
    record InClient(long maxBufferedRows, long maxBufferBytes, Job fallback) implements Mode {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "in the client, falling back to %s past %,d rows or %,d bytes", fallback,
                    maxBufferedRows, maxBufferBytes);
        }
    }

    /** A job's reducer count. */
    sealed interface Reducers permits Fixed, AtStart {
        /**
         * The count to start the job with.
         *
         * @param measured what enters the stage now, its earlier stages having run
         */
        int count(Stage stage, Supplier<StageSizes.Estimate> measured);
    }

    /** Known before the query runs (0 for a map-only stage). */
    record Fixed(int count) implements Reducers {
        @Override
        public int count(Stage stage, Supplier<StageSizes.Estimate> measured) {
            return count;
        }

        @Override
        public String toString() {
            return count + " reducer" + (count == 1 ? "" : "s");
        }
    }

    /**
     * Sized when the stage starts, from the files of the earlier stages it reads (they do not exist before),
     * by {@code sizing}.
     *
     * @param raisable whether the count may grow past the planned one ({@link ReducerRaise})
     */
    record AtStart(ReducerSizing sizing, boolean raisable) implements Reducers {
        @Override
        public int count(Stage stage, Supplier<StageSizes.Estimate> measured) {
            return sizing.count(stage, raisable, measured);
        }

        @Override
        public String toString() {
            return "reducers sized by the earlier stages' files when it starts";
        }
    }

    /** The stages that run as jobs from the start, in the plan's order. */
    List<StageRun> jobs() {
        return stages.stream().filter(s -> s.mode() instanceof Job).toList();
    }

    /** The stage that runs in the client (the result's), or null. */
    StageRun inClient() {
        return stages.stream().filter(s -> s.mode() instanceof InClient).findFirst().orElse(null);
    }
}
