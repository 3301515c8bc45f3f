package org.hadoopdb.runtime;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageGraph;
import org.hadoopdb.runtime.mr.StageSizes;

/**
 * How a query runs, decided once by {@link RunTimePlanner} just before it runs: the physical plan after
 * the run-time adjustments, how each of its stages runs, and the reasons EXPLAIN's RUN TIME section
 * prints. {@link QueryExecutor} carries it out as it stands; nothing in it changes while the query runs (a stage whose
 * chunk statements wait for an earlier stage's join keys gets them when it starts: {@link KeyFilters}).
 *
 * <p>The result comes from {@code plan().result()}: read from the chunks (after the stages, if any:
 * a direct read runs none), or the output of the stage it names, which is its files or, for a stage
 * that runs {@link InClient in the client} and that no other stage reads, the rows the client computed.
 * Any stage may run in the client: one that reads chunk statements only is decided here, from
 * PostgreSQL's estimates; one that reads earlier stages' output is decided {@link WhenSmall when it
 * starts}, from the rows those stages wrote.
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
    sealed interface Mode permits Job, InClient, WhenSmall {
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
     * before it returned or wrote a row and the stage runs as the {@code fallback} job instead.
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

    /**
     * Decided when the stage starts, from what enters it then: the rows the earlier stages it reads wrote
     * (counted as they ran) and PostgreSQL's estimate of its chunk statements, if any. In the client when
     * at most {@code maxRows} rows enter it and the job would need one reducer (or none); else the job.
     *
     * @param maxRows  {@code hadoopdb.exec.client-stage.max-rows}
     * @param inClient how it runs in the client
     * @param job      the job it runs as otherwise
     */
    record WhenSmall(long maxRows, InClient inClient, Job job) implements Mode {
        /** The mode chosen when the stage starts, and why. */
        record Choice(Mode mode, String why) {
        }

        /**
         * Chooses from what enters the stage now.
         *
         * @param measured the earlier stages' files (bytes), their counted rows and PostgreSQL's estimate of
         *                 the stage's chunk statements (rows -1 when any of them is unknown)
         */
        Choice choose(Stage stage, StageSizes.Estimate measured) {
            int reducers = stage.mapOnly() ? 0 : job.reducers().count(stage, () -> measured);
            ClientStageRule.Decision d = ClientStageRule.whenStarting(stage, maxRows, reducers, measured.rows());
            return new Choice(d.inClient() ? inClient : new Job(new Fixed(reducers)), d.why());
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "in the client when at most %,d rows enter it as it starts, else %s", maxRows, job);
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

    /**
     * The stage whose rows stream to the caller without files: the result's stage when it may run in the
     * client, repartitions (a map-only stage in the client writes a file per chunk, as its map tasks would)
     * and no other stage reads it; null otherwise (the result is then read from files).
     */
    StageRun streamed() {
        if (!(plan.result() instanceof QueryPlan.FromStage from)) {
            return null;
        }
        for (Map.Entry<Integer, Set<Integer>> e : StageGraph.dependencies(plan.stages()).entrySet()) {
            if (e.getKey() != from.stage() && e.getValue().contains(from.stage())) {
                return null;
            }
        }
        return stages.stream().filter(s -> s.stage().id() == from.stage() && !s.stage().mapOnly() && !(s.mode() instanceof Job))
                .findFirst().orElse(null);
    }
}
