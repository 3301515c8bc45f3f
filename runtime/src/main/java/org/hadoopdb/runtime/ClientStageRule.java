package org.hadoopdb.runtime;

import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.runtime.mr.StageSizes;

/**
 * Decides whether a stage runs in the client instead of as a MapReduce job (Hive's automatic local
 * mode, for every stage whose input is small, not only the last).
 *
 * <p>It does when every input is a chunk statement or an earlier stage's output (an external table's
 * files are read by a job's tasks), the stage needs one reducer (or none: a map-only stage), and at most
 * {@code hadoopdb.exec.client-stage.max-rows} rows enter it. A job costs about half a second of
 * submission, task start, sort, merge and output commit under the local runner, for an answer the
 * client computes faster from the same rows with the same operators: a multi-stage query of small
 * inputs (TPC-H at scale 0.1, the paper's Join task's partial aggregates) is mostly that cost. For a
 * stage that reads chunk statements only, PostgreSQL estimates the rows now; for one that reads earlier
 * stages, the rule is applied when it starts ({@link ExecutionPlan.WhenSmall}), with the rows those
 * stages wrote. The estimate is a guard, not a promise: the stage itself stops and falls back to a job
 * when more rows arrive than it may hold. That guard also lets a stage whose estimate is only an upper bound
 * (PostgreSQL counts the groups of a {@code GROUP BY} on an expression as the distinct values of the columns
 * under it: {@code SUBSTR(sourceip, 1, 7)} as many groups as addresses) be tried in the client past
 * {@code max-rows}: it holds at most {@link #TRIAL_ROWS} rows there ({@link Decision#cap()}) before it gives up.
 *
 * <pre>{@code
 * Decision d = ClientStageRule.decide(stage, 1_000_000, s -> reducers(s), s -> estimatedRows(s));
 * switch (d.verdict()) { case IN_CLIENT -> ...; case AT_START -> ...; case JOB -> ...; }
 * }</pre>
 */
final class ClientStageRule {
    /**
     * The most rows a stage tried in the client on an upper bound holds there (or {@code max-rows}, if lower).
     * A trial that fails has read that many rows for nothing before its job starts; at a few microseconds a
     * row, about the half second of a job's fixed cost under the local runner that the trial hopes to save.
     */
    static final long TRIAL_ROWS = 100_000;

    private ClientStageRule() {
    }

    /** Where the stage runs. */
    enum Verdict {
        /** In the client, decided now. */
        IN_CLIENT,
        /** Decided when the stage starts: it reads earlier stages' output, whose rows are counted as they are written. */
        AT_START,
        /** As a MapReduce job. */
        JOB
    }

    /**
     * The decision, and the reason for EXPLAIN.
     *
     * @param stage         the stage the rule looked at
     * @param verdict       where it runs
     * @param estimatedRows PostgreSQL's estimate of the rows entering the stage, or -1 when not asked / unknown
     * @param why           one line: why it does or does not run in the client
     * @param cap           for a stage tried in the client on an upper bound of its rows, the most rows it may hold
     *                      there before it runs as a job; 0 when the mode's usual caps apply
     */
    record Decision(Stage stage, Verdict verdict, double estimatedRows, String why, long cap) {
        Decision(Stage stage, Verdict verdict, double estimatedRows, String why) {
            this(stage, verdict, estimatedRows, why, 0);
        }

        boolean inClient() {
            return verdict == Verdict.IN_CLIENT;
        }
    }

    /**
     * Decides for {@code stage}. The functions are asked only when the cheaper conditions hold, in this
     * order, since each asks PostgreSQL; neither is asked for a stage that reads earlier stages' output.
     *
     * @param maxRows       {@code hadoopdb.exec.client-stage.max-rows}; 0 or less turns the rule off
     * @param reducers      the reducers the stage would run with as a job (asked only of a stage that repartitions)
     * @param estimates     PostgreSQL's estimate of what its chunk statements return (rows negative when unknown)
     */
    static Decision decide(Stage stage, long maxRows, ToIntFunction<Stage> reducers, Function<Stage, StageSizes.Estimate> estimates) {
        String name = "Stage " + stage.id();
        if (maxRows <= 0) {
            return new Decision(stage, Verdict.JOB, -1, name + " runs as a job: running stages in the client is off ("
                    + ConfigKeys.CLIENT_STAGE_MAX_ROWS.name() + " = " + maxRows + ")");
        }
        if (stage.inputs().stream().anyMatch(StageInput.Files.class::isInstance)) {
            return new Decision(stage, Verdict.JOB, -1, name + " runs as a job: it reads an external table's files, which its "
                    + "map tasks split and parse");
        }
        if (KeyFilters.has(stage)) {
            return new Decision(stage, Verdict.AT_START, -1, name + " is placed when it starts: its chunk statements are filtered "
                    + "by the keys " + KeyFilters.keyStages(stage) + " writes (if at most " + ConfigKeys.KEY_FILTER_MAX_KEYS.name()
                    + "); in the client if at most " + count(maxRows) + " rows ("
                    + ConfigKeys.CLIENT_STAGE_MAX_ROWS.name() + ") enter it then" + (stage.mapOnly() ? "" : " and it needs one reducer")
                    + ", else as a job");
        }
        if (stage.inputs().stream().anyMatch(StageInput.PreviousStage.class::isInstance)) {
            return new Decision(stage, Verdict.AT_START, -1, name + " is placed when it starts: in the client if at most "
                    + count(maxRows) + " rows (" + ConfigKeys.CLIENT_STAGE_MAX_ROWS.name() + ") enter it from the earlier stages "
                    + "it reads" + (stage.mapOnly() ? "" : " and it needs one reducer") + ", else as a job");
        }
        if (!stage.mapOnly()) {
            int n = reducers.applyAsInt(stage);
            if (n != 1) {
                return new Decision(stage, Verdict.JOB, -1, name + " runs as a job: it needs " + n + " reducers");
            }
        }
        StageSizes.Estimate estimate = estimates.apply(stage);
        double rows = estimate.rows();
        if (rows < 0) {
            return new Decision(stage, Verdict.JOB, rows, name + " runs as a job: PostgreSQL gave no estimate of the rows entering it");
        }
        if (rows > maxRows && estimate.rowsUpperBound() && !stage.mapOnly()) {
            long cap = Math.min(maxRows, TRIAL_ROWS);
            return new Decision(stage, Verdict.IN_CLIENT, rows, name + " is tried in the client: PostgreSQL's " + count(rows)
                    + " rows count the groups of a GROUP BY on an expression, an upper bound; it runs as a job if more than "
                    + count(cap) + " rows arrive", cap);
        }
        if (rows > maxRows) {
            return new Decision(stage, Verdict.JOB, rows, name + " runs as a job: PostgreSQL estimates " + count(rows)
                    + " rows enter it, more than " + ConfigKeys.CLIENT_STAGE_MAX_ROWS.name() + " = " + count(maxRows));
        }
        return new Decision(stage, Verdict.IN_CLIENT, rows, name + " runs in the client, not as a MapReduce job: "
                + (stage.mapOnly() ? "it is map-only and " : "it needs one reducer and ") + "PostgreSQL estimates " + count(rows)
                + " rows enter it (at most " + ConfigKeys.CLIENT_STAGE_MAX_ROWS.name() + " = " + count(maxRows)
                + "); the chunks are read in parallel and " + (stage.mapOnly() ? "the map" : "the reduce")
                + " operators run in the client");
    }

    /**
     * Decides for a stage placed when it starts ({@link Verdict#AT_START}), from what enters it then.
     *
     * @param reducers the reducers it would run with as a job, sized from the earlier stages' files (0: map-only)
     * @param rows     the rows entering it: those the earlier stages wrote plus PostgreSQL's estimate of its chunk
     *                 statements, negative when any is unknown
     */
    static Decision whenStarting(Stage stage, long maxRows, int reducers, double rows) {
        String name = "Stage " + stage.id();
        if (reducers > 1) {
            return new Decision(stage, Verdict.JOB, rows, name + " runs as a job: it needs " + reducers + " reducers");
        }
        if (rows < 0) {
            return new Decision(stage, Verdict.JOB, rows, name + " runs as a job: the rows entering it are not known");
        }
        String limit = ConfigKeys.CLIENT_STAGE_MAX_ROWS.name() + " = " + count(maxRows);
        if (rows > maxRows) {
            return new Decision(stage, Verdict.JOB, rows, name + " runs as a job: " + count(rows) + " rows enter it, more than "
                    + limit);
        }
        return new Decision(stage, Verdict.IN_CLIENT, rows, name + " runs in the client: " + count(rows) + " rows enter it (at most "
                + limit + ")");
    }

    private static String count(double rows) {
        return String.format(Locale.ROOT, "%,d", (long) Math.ceil(rows));
    }
}
