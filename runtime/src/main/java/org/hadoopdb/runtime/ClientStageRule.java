package org.hadoopdb.runtime;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageGraph;
import org.hadoopdb.planner.plan.StageInput;

/**
 * Decides whether the stage that produces a query's result runs in the client instead of as a
 * MapReduce job (Hive's automatic local mode, for the stage after the last repartition).
 *
 * <p>It does when the stage repartitions (a map-only result is the direct read's business), every
 * input is a chunk statement, it needs one reducer, and PostgreSQL estimates that at most
 * {@code hadoopdb.exec.client-stage.max-rows} rows enter it. A job then costs about half a second of
 * submission, task start, sort, merge and output commit under the local runner, for an answer the
 * client computes faster from the same rows: the paper's Join task shuffles a few thousand partial
 * aggregates. Earlier stages still run as jobs. The estimate is a guard, not a promise: the stage
 * itself stops and falls back to a job when more rows arrive than it may hold.
 *
 * <pre>{@code
 * Decision d = ClientStageRule.decide(plan, 1_000_000, stage -> reducers(stage), stage -> estimatedRows(stage));
 * if (d.inClient()) { ... run d.stage() in the client ... }
 * }</pre>
 */
final class ClientStageRule {
    private ClientStageRule() {
    }

    /**
     * The decision, and the reason for EXPLAIN.
     *
     * @param stage         the stage the rule looked at (the result's), or null when the plan runs no job
     * @param inClient      true when that stage runs in the client
     * @param estimatedRows PostgreSQL's estimate of the rows entering the stage, or -1 when not asked / unknown
     * @param why           one line: why it does or does not
     */
    record Decision(Stage stage, boolean inClient, double estimatedRows, String why) {
    }

    /**
     * Decides for {@code plan}. The functions are asked only when the cheaper conditions hold, in this
     * order, since each asks PostgreSQL.
     *
     * @param maxRows       {@code hadoopdb.exec.client-stage.max-rows}; 0 or less turns the rule off
     * @param reducers      the reducers the stage would run with as a job
     * @param estimatedRows PostgreSQL's estimate of the rows its chunk statements return, negative when unknown
     */
    static Decision decide(QueryPlan plan, long maxRows, ToIntFunction<Stage> reducers, ToDoubleFunction<Stage> estimatedRows) {
        if (!(plan.result() instanceof QueryPlan.FromStage from)) {
            return new Decision(null, false, -1, "no MapReduce job runs");
        }
        Stage stage = plan.stages().stream().filter(s -> s.id() == from.stage()).findFirst()
                .orElseThrow(() -> new IllegalStateException("The plan's result stage " + from.stage() + " is not among its stages"));
        String name = "Stage " + stage.id();
        if (maxRows <= 0) {
            return new Decision(stage, false, -1, name + " runs as a job: running the last stage in the client is off ("
                    + ConfigKeys.CLIENT_STAGE_MAX_ROWS.name() + " = " + maxRows + ")");
        }
        if (stage.mapOnly()) {
            return new Decision(stage, false, -1, name + " runs as a job: it is map-only, with no reduce side to run in the client");
        }
        if (readByOthers(plan, stage)) {
            return new Decision(stage, false, -1, name + " runs as a job: other stages read its output");
        }
        if (!stage.inputs().stream().allMatch(StageInput.Chunks.class::isInstance)) {
            return new Decision(stage, false, -1, name + " runs as a job: it reads an earlier stage's files, which PostgreSQL "
                    + "cannot estimate");
        }
        int n = reducers.applyAsInt(stage);
        if (n != 1) {
            return new Decision(stage, false, -1, name + " runs as a job: it needs " + n + " reducers");
        }
        double rows = estimatedRows.applyAsDouble(stage);
        if (rows < 0) {
            return new Decision(stage, false, rows, name + " runs as a job: PostgreSQL gave no estimate of the rows entering it");
        }
        if (rows > maxRows) {
            return new Decision(stage, false, rows, name + " runs as a job: PostgreSQL estimates " + count(rows)
                    + " rows enter it, more than " + ConfigKeys.CLIENT_STAGE_MAX_ROWS.name() + " = " + count(maxRows));
        }
        return new Decision(stage, true, rows, name + " runs in the client, not as a MapReduce job: it needs one reducer and "
                + "PostgreSQL estimates " + count(rows) + " rows enter it (at most " + ConfigKeys.CLIENT_STAGE_MAX_ROWS.name()
                + " = " + count(maxRows) + "); the chunks are read in parallel and the reduce operators run in the client");
    }

    private static boolean readByOthers(QueryPlan plan, Stage stage) {
        for (Map.Entry<Integer, Set<Integer>> e : StageGraph.dependencies(plan.stages()).entrySet()) {
            if (e.getKey() != stage.id() && e.getValue().contains(stage.id())) {
                return true;
            }
        }
        return false;
    }

    private static String count(double rows) {
        return String.format(Locale.ROOT, "%,d", (long) Math.ceil(rows));
    }
}
