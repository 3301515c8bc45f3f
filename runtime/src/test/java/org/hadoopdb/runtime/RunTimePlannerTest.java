package org.hadoopdb.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.hadoopdb.runtime.ExecutionPlan.AtStart;
import org.hadoopdb.runtime.ExecutionPlan.Fixed;
import org.hadoopdb.runtime.ExecutionPlan.InClient;
import org.hadoopdb.runtime.ExecutionPlan.Job;
import org.hadoopdb.runtime.ExecutionPlan.WhenSmall;
import org.hadoopdb.runtime.mr.StageSizes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one run-time decision: how each stage of a plan runs, given PostgreSQL's estimates as values, and
 * the lines EXPLAIN's RUN TIME section prints for it.
 */
class RunTimePlannerTest {
    private static final String JOIN_TASK = "SELECT uv.sourceip, AVG(r.pagerank) AS avgpagerank, SUM(uv.adrevenue) AS totalrevenue "
            + "FROM rankings r JOIN uservisits uv ON r.pageurl = uv.desturl "
            + "WHERE uv.visitdate BETWEEN DATE '2000-01-15' AND DATE '2000-01-22' "
            + "GROUP BY uv.sourceip ORDER BY totalrevenue DESC LIMIT 1";
    private static final String AGGREGATION = "SELECT sourceip, SUM(adrevenue) FROM uservisits GROUP BY sourceip";
    private static final String SELECTION = "SELECT sourceip, adrevenue FROM uservisits WHERE adrevenue > 1";
    private static final long MB = 1L << 20;
    /** A reducer per byte and no direct read in the planner: several reducers, as on the benchmark's millions of rows. */
    private static final PlanningOptions MANY_REDUCERS = new PlanningOptions(8, 1, -1, false, 100_000, 64L << 20, 32L << 20);
    private static final PlanningOptions ONE_REDUCER = new PlanningOptions(8, 1L << 40, -1, false, 100_000, 64L << 20, 32L << 20);

    /** The stages PostgreSQL was asked about, in order. */
    private final List<Integer> asked = new ArrayList<>();

    @TempDir
    Path home;

    private static QueryPlan plan(String sql, PlanningOptions options) throws Exception {
        var statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        return PlannerServices.queryPlanner().plan(CatalogFixtures.paperLayout(4, 2, 1), statement.query(), options).plan();
    }

    private HadoopDbConfig config(Map<String, String> settings) {
        return HadoopDbConfig.builder().environment(Map.of()).home(home).overrides(settings).build();
    }

    /** The decision under {@code settings}, the local runner having {@code slots} reduce slots, PostgreSQL estimating {@code e}. */
    private ExecutionPlan decide(QueryPlan plan, Map<String, String> settings, int slots, StageSizes.Estimate e) {
        HadoopDbConfig config = config(settings);
        ReducerSizing sizing = ReducerSizing.from(config, config.hadoopConf());
        sizing = new ReducerSizing(sizing.forced(), sizing.bytesPerReducer(), sizing.max(), slots, sizing.largeRows());
        return new RunTimePlanner(config, sizing).plan(plan, s -> {
            asked.add(s.id());
            return e;
        });
    }

    private static Stage last(QueryPlan plan) {
        return plan.stages().get(plan.stages().size() - 1);
    }

    @Test
    void aSmallMapOnlyResultIsReadFromTheChunksWithoutAStage() throws Exception {
        QueryPlan plan = plan(SELECTION, MANY_REDUCERS);
        assertThat(plan.stages()).hasSize(1);
        Stage stage = plan.stages().get(0);

        ExecutionPlan exec = decide(plan, Map.of(), 1, new StageSizes.Estimate(5_000, 80_000, false));

        assertThat(exec.stages()).isEmpty();
        assertThat(exec.plan().stages()).isEmpty();
        assertThat(exec.plan().result()).isEqualTo(new QueryPlan.Direct(((StageInput.Chunks) stage.inputs().get(0)).source()));
        assertThat(exec.plan().schema()).isEqualTo(plan.schema());
        assertThat(exec.explanation()).containsExactly("Stage " + stage.id() + " does not run: its result is read directly from "
                + "the chunks (PostgreSQL estimates at most hadoopdb.fetch.direct.max-rows rows)");
        assertThat(asked).containsExactly(stage.id());
    }

    @Test
    void aMapOnlyResultTooLargeForADirectReadRunsInTheClient() throws Exception {
        QueryPlan plan = plan(SELECTION, MANY_REDUCERS);
        Stage stage = plan.stages().get(0);

        ExecutionPlan exec = decide(plan, Map.of(), 1, new StageSizes.Estimate(100_001, 8 * MB, false));

        assertThat(exec.plan()).isSameAs(plan);
        assertThat(exec.stages()).extracting(ExecutionPlan.StageRun::mode).containsExactly(new InClient(2_000_000, 256 * MB,
                new Job(new Fixed(0))));
        // it writes a file per chunk, as its map tasks would, and the result is read from them
        assertThat(exec.streamed()).isNull();
        assertThat(exec.explanation()).containsExactly("Stage " + stage.id() + " runs in the client, not as a MapReduce job: it is "
                + "map-only and PostgreSQL estimates 100,001 rows enter it (at most hadoopdb.exec.client-stage.max-rows = 1,000,000); "
                + "the chunks are read in parallel and the map operators run in the client");
        // the direct read asked, the rest reused its answer
        assertThat(asked).containsExactly(stage.id());
    }

    @Test
    void anAggregateOnAnExpressionEstimatedPastMaxRowsIsTriedInTheClientHoldingFewRows() throws Exception {
        QueryPlan plan = plan("SELECT SUBSTR(sourceip, 1, 7), SUM(adrevenue) FROM uservisits GROUP BY SUBSTR(sourceip, 1, 7)",
                MANY_REDUCERS);
        Stage stage = plan.stages().get(0);

        ExecutionPlan exec = decide(plan, Map.of(), 1, new StageSizes.Estimate(4_900_800, 98_016_000, true));

        assertThat(exec.stages()).extracting(ExecutionPlan.StageRun::mode).containsExactly(new InClient(100_000, 256 * MB,
                new Job(new Fixed(1))));
        assertThat(exec.explanation()).first().asString().startsWith("Stage " + stage.id() + " is tried in the client");
    }

    @Test
    void aLargeMapOnlyResultRunsAsAMapOnlyJob() throws Exception {
        QueryPlan plan = plan(SELECTION, MANY_REDUCERS);
        Stage stage = plan.stages().get(0);

        ExecutionPlan exec = decide(plan, Map.of(), 1, new StageSizes.Estimate(2_000_000, 160 * MB, false));

        assertThat(exec.stages()).containsExactly(new ExecutionPlan.StageRun(stage, new Job(new Fixed(0))));
        assertThat(exec.streamed()).isNull();
        assertThat(exec.explanation()).containsExactly("Stage " + stage.id() + " runs as a job: PostgreSQL estimates 2,000,000 rows "
                + "enter it, more than hadoopdb.exec.client-stage.max-rows = 1,000,000");
        assertThat(asked).containsExactly(stage.id());
    }

    @Test
    void withoutDirectReadsASmallMapOnlyStageRunsInTheClient() throws Exception {
        QueryPlan plan = plan(SELECTION, MANY_REDUCERS);
        ExecutionPlan exec = decide(plan, Map.of("hadoopdb.fetch.direct", "false"), 1, new StageSizes.Estimate(5, 80, false));
        assertThat(exec.stages()).extracting(ExecutionPlan.StageRun::mode).containsExactly(new InClient(2_000_000, 256 * MB,
                new Job(new Fixed(0))));
        assertThat(asked).containsExactly(plan.stages().get(0).id());
    }

    @Test
    void theJoinTaskLosesItsMergeStageAndRunsInTheClientWhenFewRowsEnter() throws Exception {
        QueryPlan plan = plan(JOIN_TASK, MANY_REDUCERS);
        assertThat(plan.stages()).hasSize(2);
        Stage aggregate = plan.stages().get(0);
        Stage merge = plan.stages().get(1);
        assertThat(aggregate.shuffle().reducers()).isGreaterThan(1);

        ExecutionPlan exec = decide(plan, Map.of("hadoopdb.exec.client-stage.max-buffered-rows", "100",
                "hadoopdb.exec.client-stage.max-buffer-bytes", "4KB"), 2, new StageSizes.Estimate(9_120.4, 400_000, false));

        assertThat(exec.plan().stages()).hasSize(1);
        Stage folded = exec.plan().stages().get(0);
        assertThat(folded.id()).isEqualTo(aggregate.id());
        assertThat(folded.shuffle().reducers()).isEqualTo(1);
        assertThat(exec.plan().result()).isEqualTo(new QueryPlan.FromStage(aggregate.id()));
        InClient client = new InClient(100, 4096, new Job(new Fixed(1)));
        assertThat(exec.stages()).containsExactly(new ExecutionPlan.StageRun(folded, client));
        assertThat(exec.stages()).filteredOn(s -> s.mode() instanceof InClient).extracting(ExecutionPlan.StageRun::stage)
                .containsExactly(folded);
        assertThat(exec.streamed().stage()).isSameAs(folded);
        assertThat(client).hasToString("in the client, falling back to a MapReduce job with 1 reducer past 100 rows or 4,096 bytes");
        assertThat(exec.explanation()).containsExactly(
                "Stage " + merge.id() + " does not run: stage " + aggregate.id() + " needs one reducer, whose top rows are the result",
                "Stage " + aggregate.id() + " runs in the client, not as a MapReduce job: it needs one reducer and PostgreSQL "
                        + "estimates 9,121 rows enter it (at most hadoopdb.exec.client-stage.max-rows = 1,000,000); the chunks are "
                        + "read in parallel and the reduce operators run in the client");
        // folding, the client rule and the reducer count all needed the estimate: PostgreSQL was asked once
        assertThat(asked).containsExactly(aggregate.id());
    }

    @Test
    void theJoinTaskKeepsItsMergeWhenManyRowsEnterAndItsReducersFollowTheBytes() throws Exception {
        QueryPlan plan = plan(JOIN_TASK, MANY_REDUCERS);
        Stage aggregate = plan.stages().get(0);
        Stage merge = plan.stages().get(1);
        int planned = aggregate.shuffle().reducers();
        assertThat(planned).isGreaterThan(3);

        // 3 x 256 MB: three reducers, fewer than planned
        ExecutionPlan exec = decide(plan, Map.of(), 2, new StageSizes.Estimate(7_000_000, 768 * MB, false));

        assertThat(exec.plan()).isSameAs(plan);
        assertThat(exec.stages()).containsExactly(new ExecutionPlan.StageRun(aggregate, new Job(new Fixed(3))),
                new ExecutionPlan.StageRun(merge, new WhenSmall(1_000_000, new InClient(2_000_000, 256 * MB, new Job(new Fixed(1))),
                        new Job(new Fixed(1)))));
        assertThat(exec.stages()).filteredOn(s -> s.mode() instanceof InClient).isEmpty();
        assertThat(exec.streamed().stage()).isSameAs(merge);
        assertThat(exec.explanation()).containsExactly("Stage " + aggregate.id() + " runs as a job: it needs 3 reducers",
                "Stage " + merge.id() + " is placed when it starts: in the client if at most 1,000,000 rows "
                        + "(hadoopdb.exec.client-stage.max-rows) enter it from the earlier stages it reads and it needs one reducer, "
                        + "else as a job");
        assertThat(asked).containsExactly(aggregate.id());
    }

    @Test
    void setReducersKeepsThePlannedCountsWithoutAskingPostgresql() throws Exception {
        QueryPlan plan = plan(JOIN_TASK, MANY_REDUCERS);
        Stage aggregate = plan.stages().get(0);

        ExecutionPlan exec = decide(plan, Map.of("hadoopdb.reducers", "5"), 2, new StageSizes.Estimate(10, 100, false));

        assertThat(exec.plan()).isSameAs(plan);
        assertThat(exec.stages().get(0).mode()).isEqualTo(new Job(new Fixed(aggregate.shuffle().reducers())));
        assertThat(asked).isEmpty();
    }

    @Test
    void aLargeUnorderedAggregationGetsTheLocalRunnersReducers() throws Exception {
        QueryPlan plan = plan(AGGREGATION, ONE_REDUCER);
        Stage stage = last(plan);
        assertThat(stage.shuffle().reducers()).isEqualTo(1);

        // 230 MB fit one reducer by bytes; 7.7 million rows are past the large-stage mark, so two local slots
        ExecutionPlan exec = decide(plan, Map.of("hadoopdb.exec.client-stage.max-rows", "1000000"), 2,
                new StageSizes.Estimate(7_664_128, 230 * MB, false));

        assertThat(exec.stages()).extracting(ExecutionPlan.StageRun::mode).containsExactly(new Job(new Fixed(2)));
        assertThat(exec.explanation()).containsExactly(
                "Stage " + stage.id() + " runs as a job: it needs 2 reducers",
                "Stage " + stage.id() + " runs with 2 reducers, not the planned 1: PostgreSQL estimates 7,664,128 rows enter it");
        assertThat(asked).containsExactly(stage.id());
    }

    @Test
    void anUpperBoundOfGroupsDoesNotRaiseTheReducersAndSaysSo() throws Exception {
        QueryPlan plan = plan("SELECT SUBSTR(sourceip, 1, 7) AS k, SUM(adrevenue) FROM uservisits GROUP BY SUBSTR(sourceip, 1, 7)",
                ONE_REDUCER);
        Stage stage = last(plan);
        assertThat(ReducerRaise.raisableStage(plan)).isEqualTo(stage.id());

        ExecutionPlan exec = decide(plan, Map.of("hadoopdb.exec.client-stage.max-rows", "0"), 2,
                new StageSizes.Estimate(2_500_000, 600 * MB, true));

        assertThat(exec.stages()).extracting(ExecutionPlan.StageRun::mode).containsExactly(new Job(new Fixed(1)));
        assertThat(exec.explanation()).containsExactly(
                "Stage " + stage.id() + " runs as a job: running stages in the client is off "
                        + "(hadoopdb.exec.client-stage.max-rows = 0)",
                "Stage " + stage.id() + " keeps 1 reducer: PostgreSQL's 2,500,000 rows count the groups of a GROUP BY on an "
                        + "expression, an upper bound, so they do not raise it");
    }

    @Test
    void aStageReadingEarlierStagesIsSizedWhenItStarts() throws Exception {
        QueryPlan plan = plan("SELECT d, COUNT(*) AS c FROM (SELECT sourceip, COUNT(DISTINCT desturl) AS d FROM uservisits "
                + "GROUP BY sourceip) t GROUP BY d", ONE_REDUCER);
        assertThat(plan.stages()).hasSize(2);
        Stage first = plan.stages().get(0);
        Stage second = plan.stages().get(1);
        assertThat(ReducerRaise.raisableStage(plan)).isEqualTo(second.id());

        ExecutionPlan exec = decide(plan, Map.of(), 2, new StageSizes.Estimate(50_000, 2 * MB, false));

        InClient client = new InClient(2_000_000, 256 * MB, new Job(new Fixed(1)));
        assertThat(exec.stages().get(0)).isEqualTo(new ExecutionPlan.StageRun(first, client));
        WhenSmall atStart = (WhenSmall) exec.stages().get(1).mode();
        assertThat(atStart.inClient()).isEqualTo(client);
        ExecutionPlan.Job job = atStart.job();
        assertThat(job.reducers()).isInstanceOf(AtStart.class);
        assertThat(((AtStart) job.reducers()).raisable()).isTrue();
        assertThat(exec.explanation()).hasSize(2).last().asString().startsWith("Stage " + second.id() + " is placed when it starts");
        // PostgreSQL is never asked about the files: their sizes are measured when the stage starts
        assertThat(asked).doesNotContain(second.id());
        assertThat(job.reducers().count(second, () -> new StageSizes.Estimate(-1, 1000 * MB, false))).isEqualTo(4);
        assertThat(job.reducers().count(second, () -> new StageSizes.Estimate(-1, 0, false))).isEqualTo(1);
        assertThat(job.reducers().count(second, () -> StageSizes.Estimate.UNKNOWN)).isEqualTo(1);

        // when it starts: the rows the first stage wrote decide
        WhenSmall.Choice few = atStart.choose(second, new StageSizes.Estimate(40_000, 3 * MB, false));
        assertThat(few.mode()).isEqualTo(client);
        assertThat(few.why()).isEqualTo("Stage " + second.id() + " runs in the client: 40,000 rows enter it (at most "
                + "hadoopdb.exec.client-stage.max-rows = 1,000,000)");
        WhenSmall.Choice many = atStart.choose(second, new StageSizes.Estimate(1_500_000, 100 * MB, false));
        assertThat(many.mode()).isEqualTo(new Job(new Fixed(2)));
        assertThat(many.why()).isEqualTo("Stage " + second.id() + " runs as a job: it needs 2 reducers");
        WhenSmall.Choice unknown = atStart.choose(second, new StageSizes.Estimate(-1, 3 * MB, false));
        assertThat(unknown.mode()).isEqualTo(new Job(new Fixed(1)));
        assertThat(unknown.why()).endsWith("runs as a job: the rows entering it are not known");
    }

    @Test
    void aPlanWithoutStagesRunsAsItIsAndExplainsNothing() throws Exception {
        Stage stage = plan(SELECTION, MANY_REDUCERS).stages().get(0);
        QueryPlan direct = new QueryPlan(List.of(), new QueryPlan.Direct(((StageInput.Chunks) stage.inputs().get(0)).source()),
                stage.output(), false, List.of());

        ExecutionPlan exec = decide(direct, Map.of(), 2, StageSizes.Estimate.UNKNOWN);

        assertThat(exec.plan()).isSameAs(direct);
        assertThat(exec.stages()).isEmpty();
        assertThat(exec.explanation()).isEmpty();
        assertThat(asked).isEmpty();
    }

    @Test
    void anExecutionPlanNeedsAModeForEveryStage() throws Exception {
        QueryPlan plan = plan(JOIN_TASK, MANY_REDUCERS);
        assertThatThrownBy(() -> new ExecutionPlan(plan, List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 stages, not 0");
    }
}
