package org.hadoopdb.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.runtime.ExecutionPlan.AtStart;
import org.hadoopdb.runtime.ExecutionPlan.Fixed;
import org.hadoopdb.runtime.ExecutionPlan.InClient;
import org.hadoopdb.runtime.ExecutionPlan.Job;
import org.hadoopdb.runtime.ExecutionPlan.Reducers;
import org.hadoopdb.runtime.ExecutionPlan.StageRun;
import org.hadoopdb.runtime.ExecutionPlan.WhenSmall;
import org.hadoopdb.runtime.mr.StageSizes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a physical plan into an {@link ExecutionPlan} from PostgreSQL's estimates of what its chunk
 * statements return, taken just before the query runs. The plan's own estimates come from the logical
 * plan and are often off by orders of magnitude; PostgreSQL knows the chunks' real statistics. In order:
 *
 * <ol>
 *   <li>a plan that is one map-only stage running nothing but its chunk statement, estimated at most
 *       {@code hadoopdb.fetch.direct.max-rows} rows, runs no stage: its result is read straight from the
 *       chunks ({@link DirectResult});</li>
 *   <li>an {@code ORDER BY … LIMIT} plan whose stage below the merge needs one reducer loses the merge
 *       stage, and so does a plan whose last stage only sorts by the order that one reducer returns its rows in
 *       ({@link TopMergeFolding});</li>
 *   <li>a stage whose chunk statements wait for an earlier stage's join keys ({@link KeyFilters}) is placed when it
 *       starts, like one that reads earlier stages' output ({@code hadoopdb.exec.key-filter.max-keys} 0 drops the
 *       filters);</li>
 *   <li>each stage may run in the client ({@link ClientStageRule}): decided now for a stage that reads
 *       chunk statements only, when it starts for one that reads earlier stages' output; it falls back to a
 *       job when more rows arrive than the client may hold;</li>
 *   <li>every job gets its reducer count ({@link ReducerSizing}, raised only for the {@link ReducerRaise}
 *       stage): now for a stage that reads chunk statements only, when it starts for one that reads earlier
 *       stages' files.</li>
 * </ol>
 *
 * <p>The same decision serves the run and EXPLAIN's RUN TIME section, whose lines it writes.
 *
 * <pre>{@code
 * ExecutionPlan exec = new RunTimePlanner(config, ReducerSizing.from(config, jobConf))
 *         .plan(queryPlan, stage -> StageSizes.estimate(jobConf, stage));
 * }</pre>
 */
final class RunTimePlanner {
    private static final Logger LOG = LoggerFactory.getLogger(RunTimePlanner.class);

    /** PostgreSQL's estimate of what enters a stage whose inputs are all chunk statements. */
    @FunctionalInterface
    interface Estimates {
        StageSizes.Estimate of(Stage stage);
    }

    private final HadoopDbConfig config;
    private final ReducerSizing sizing;

    RunTimePlanner(HadoopDbConfig config, ReducerSizing sizing) {
        this.config = config;
        this.sizing = sizing;
    }

    /**
     * Decides how {@code plan} runs.
     *
     * @param estimates asked at most once per stage, only of stages that read chunk statements alone and only
     *                  when a decision needs it (each estimate costs a connection and an {@code EXPLAIN} per input)
     */
    ExecutionPlan plan(QueryPlan planned, Estimates estimates) {
        QueryPlan plan = config.get(ConfigKeys.KEY_FILTER_MAX_KEYS) > 0 ? planned : KeyFilters.without(planned);
        if (plan.stages().isEmpty()) {
            return new ExecutionPlan(plan, List.of(), List.of());
        }
        Estimates asked = once(estimates);
        ChunkSource direct = directRead(plan, asked);
        if (direct != null) {
            QueryPlan read = new QueryPlan(List.of(), new QueryPlan.Direct(direct), plan.schema(), plan.ordered(), plan.notes());
            return new ExecutionPlan(read, List.of(), List.of("Stage " + plan.stages().get(0).id() + " does not run: its result is "
                    + "read directly from the chunks (PostgreSQL estimates at most " + ConfigKeys.FETCH_DIRECT_MAX_ROWS.name()
                    + " rows)"));
        }
        List<String> why = new ArrayList<>();
        // no stage of an ordered plan is raisable, the stage below the merge included
        QueryPlan folded = TopMergeFolding.fold(plan, stage -> sizing.count(stage, false, () -> asked.of(stage)));
        if (folded != plan) {
            Stage merge = plan.stages().get(plan.stages().size() - 1);
            Stage below = folded.stages().get(folded.stages().size() - 1);
            why.add("Stage " + merge.id() + " does not run: stage " + below.id() + " needs one reducer, whose "
                    + (merge.reduceOps().isEmpty() ? "rows, already in order," : "top rows") + " are the result");
        }
        int raisable = ReducerRaise.raisableStage(folded);
        long maxRows = config.get(ConfigKeys.CLIENT_STAGE_MAX_ROWS);
        List<StageRun> runs = new ArrayList<>();
        for (Stage s : folded.stages()) {
            boolean raise = s.id() == raisable;
            ClientStageRule.Decision client = ClientStageRule.decide(s, maxRows, stage -> sizing.count(stage, raise, () -> asked.of(stage)),
                    asked::of);
            why.add(client.why());
            switch (client.verdict()) {
                case IN_CLIENT -> runs.add(new StageRun(s, client.cap() > 0 ? inClient(s, client.cap()) : inClient(s)));
                case AT_START -> runs.add(new StageRun(s, new WhenSmall(maxRows, inClient(s), new Job(reducers(s, raise, asked)))));
                case JOB -> {
                    Reducers reducers = reducers(s, raise, asked);
                    runs.add(new StageRun(s, new Job(reducers)));
                    // a stage reading earlier stages' files is sized when it starts: nothing to say before
                    if (raise && readsChunksOnly(s) && reducers instanceof Fixed f) {
                        raiseReason(s, f.count(), asked.of(s), why);
                    }
                }
            }
        }
        return new ExecutionPlan(folded, runs, why);
    }

    /**
     * The stage in the client, with the caps past which it runs as a job instead: the job it becomes has one
     * reducer (the rule ran it in the client because it needs one), or none for a map-only stage.
     */
    private InClient inClient(Stage stage) {
        return inClient(stage, Long.MAX_VALUE);
    }

    /** As {@link #inClient(Stage)}, holding at most {@code maxRows} rows. */
    private InClient inClient(Stage stage, long maxRows) {
        return new InClient(Math.max(1, Math.min(maxRows, config.get(ConfigKeys.CLIENT_STAGE_MAX_BUFFERED_ROWS))),
                Math.max(1, config.get(ConfigKeys.CLIENT_STAGE_MAX_BUFFER_BYTES)), new Job(new Fixed(stage.mapOnly() ? 0 : 1)));
    }

    /**
     * The chunk source of a plan that is one map-only stage running nothing but its chunk statement, when
     * PostgreSQL estimates its result small enough to read without a job; null otherwise.
     */
    private ChunkSource directRead(QueryPlan plan, Estimates asked) {
        if (!config.get(ConfigKeys.FETCH_DIRECT) || plan.stages().size() != 1 || !(plan.result() instanceof QueryPlan.FromStage)) {
            return null;
        }
        Stage stage = plan.stages().get(0);
        if (stage.shuffle() != null || stage.inputs().size() != 1 || !(stage.inputs().get(0) instanceof StageInput.Chunks c)
                || !c.mapOps().isEmpty()) {
            return null;
        }
        StageSizes.Estimate e = asked.of(stage);
        if (e.bytes() < 0 || e.rows() < 0 || e.rows() > config.get(ConfigKeys.FETCH_DIRECT_MAX_ROWS)) {
            return null;
        }
        LOG.debug("PostgreSQL estimates {} rows in the map-only result: small enough to read directly", (long) e.rows());
        return c.source();
    }

    private Reducers reducers(Stage stage, boolean raisable, Estimates asked) {
        if (stage.mapOnly()) {
            return new Fixed(0);
        }
        if (!sizing.needsEstimate(stage, raisable)) {
            return new Fixed(stage.shuffle().reducers());
        }
        if (readsChunksOnly(stage)) {
            return new Fixed(sizing.count(stage, raisable, () -> asked.of(stage)));
        }
        return new AtStart(sizing, raisable);
    }

    /** Why the raisable stage has more reducers than planned, or why PostgreSQL's estimate did not raise them. */
    private static void raiseReason(Stage stage, int n, StageSizes.Estimate e, List<String> why) {
        int planned = stage.shuffle().reducers();
        String rows = String.format(Locale.ROOT, "%,d", (long) e.rows());
        if (n > planned) {
            why.add("Stage " + stage.id() + " runs with " + n + " reducers, not the planned " + planned
                    + ": PostgreSQL estimates " + rows + " rows enter it");
        } else if (e.rowsUpperBound()) {
            why.add("Stage " + stage.id() + " keeps " + n + " reducer" + (n == 1 ? "" : "s") + ": PostgreSQL's " + rows
                    + " rows count the groups of a GROUP BY on an expression, an upper bound, so they do not raise it");
        }
    }

    /** {@code estimates}, asked once per stage; a stage that reads earlier stages' files cannot be estimated yet. */
    private static Estimates once(Estimates estimates) {
        Map<Integer, StageSizes.Estimate> known = new HashMap<>();
        return stage -> {
            if (!readsChunksOnly(stage)) {
                throw new IllegalStateException("Stage " + stage.id() + " reads earlier stages' files: PostgreSQL cannot "
                        + "estimate it before they ran");
            }
            // a folded stage keeps its id and inputs: the estimate of what enters it is the same
            return known.computeIfAbsent(stage.id(), id -> estimates.of(stage));
        };
    }

    /** True when PostgreSQL can estimate what enters the stage now: it reads chunk statements complete before the query runs. */
    private static boolean readsChunksOnly(Stage stage) {
        return stage.inputs().stream().allMatch(StageInput.Chunks.class::isInstance) && !KeyFilters.has(stage);
    }
}
