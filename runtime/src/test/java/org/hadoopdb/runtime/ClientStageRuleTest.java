package org.hadoopdb.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.hadoopdb.runtime.mr.StageSizes;
import org.junit.jupiter.api.Test;

/** When a stage runs in the client, is placed when it starts, or runs as a job, and the reasons EXPLAIN gives. */
class ClientStageRuleTest {
    private static final String JOIN_TASK = "SELECT uv.sourceip, AVG(r.pagerank) AS avgpagerank, SUM(uv.adrevenue) AS totalrevenue "
            + "FROM rankings r JOIN uservisits uv ON r.pageurl = uv.desturl "
            + "WHERE uv.visitdate BETWEEN DATE '2000-01-15' AND DATE '2000-01-22' "
            + "GROUP BY uv.sourceip ORDER BY totalrevenue DESC LIMIT 1";
    private static final String AGGREGATION = "SELECT SUBSTR(sourceip, 1, 7), SUM(adrevenue) FROM uservisits GROUP BY SUBSTR(sourceip, 1, 7)";

    private final Catalog catalog = CatalogFixtures.paperLayout(4, 2, 1);
    /** The stages the rule asked about, in order ("r3" = reducers of stage 3, "e3" = estimate of stage 3). */
    private final List<String> asked = new ArrayList<>();

    private QueryPlan plan(String sql) throws Exception {
        return plan(sql, 32L << 20);
    }

    private QueryPlan plan(String sql, long broadcastBytes) throws Exception {
        var statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        PlanningOptions manyReducers = new PlanningOptions(8, 1, -1, true, 100_000, 64L << 20, broadcastBytes);
        return PlannerServices.queryPlanner().plan(catalog, statement.query(), manyReducers).plan();
    }

    private ClientStageRule.Decision decide(QueryPlan plan, long maxRows, int reducers, double rows) {
        return decide(plan.stages().get(plan.stages().size() - 1), maxRows, reducers, rows);
    }

    private ClientStageRule.Decision decide(Stage stage, long maxRows, int reducers, double rows) {
        return decide(stage, maxRows, reducers, new StageSizes.Estimate(rows, (long) Math.max(0, rows) * 20, false));
    }

    private ClientStageRule.Decision decide(Stage stage, long maxRows, int reducers, StageSizes.Estimate estimate) {
        return ClientStageRule.decide(stage, maxRows, s -> {
            asked.add("r" + s.id());
            return reducers;
        }, s -> {
            asked.add("e" + s.id());
            return estimate;
        });
    }

    @Test
    void aOneReducerStageOverFewEstimatedRowsRunsInTheClient() throws Exception {
        QueryPlan plan = TopMergeFolding.fold(plan(JOIN_TASK), s -> 1);
        Stage last = plan.stages().get(0);

        ClientStageRule.Decision d = decide(plan, 1_000_000, 1, 9_120.4);

        assertThat(d.inClient()).isTrue();
        assertThat(d.stage()).isSameAs(last);
        assertThat(d.estimatedRows()).isEqualTo(9_120.4);
        assertThat(d.why()).isEqualTo("Stage " + last.id() + " runs in the client, not as a MapReduce job: it needs one reducer "
                + "and PostgreSQL estimates 9,121 rows enter it (at most hadoopdb.exec.client-stage.max-rows = 1,000,000); the "
                + "chunks are read in parallel and the reduce operators run in the client");
        assertThat(d.verdict()).isEqualTo(ClientStageRule.Verdict.IN_CLIENT);
        assertThat(asked).containsExactly("r" + last.id(), "e" + last.id());
    }

    @Test
    void theEstimateIsALimitInclusive() throws Exception {
        QueryPlan plan = plan(AGGREGATION);
        assertThat(decide(plan, 500, 1, 500).inClient()).isTrue();
        ClientStageRule.Decision over = decide(plan, 500, 1, 501);
        assertThat(over.inClient()).isFalse();
        assertThat(over.why()).endsWith("runs as a job: PostgreSQL estimates 501 rows enter it, more than "
                + "hadoopdb.exec.client-stage.max-rows = 500");
    }

    @Test
    void anUpperBoundPastMaxRowsIsTriedInTheClientHoldingFewRows() throws Exception {
        // PostgreSQL counts SUBSTR(sourceip, 1, 7)'s groups as the addresses': 1,050 groups estimated at millions
        Stage stage = plan(AGGREGATION).stages().get(0);
        ClientStageRule.Decision tried = decide(stage, 1_000_000, 1, new StageSizes.Estimate(4_900_800, 98_016_000, true));
        assertThat(tried.inClient()).isTrue();
        assertThat(tried.cap()).isEqualTo(ClientStageRule.TRIAL_ROWS);
        assertThat(tried.why()).isEqualTo("Stage " + stage.id() + " is tried in the client: PostgreSQL's 4,900,800 rows count the "
                + "groups of a GROUP BY on an expression, an upper bound; it runs as a job if more than 100,000 rows arrive");
        assertThat(decide(stage, 50_000, 1, new StageSizes.Estimate(4_900_800, 98_016_000, true)).cap()).isEqualTo(50_000);
        // the same count as an estimate of columns' groups keeps the job
        ClientStageRule.Decision estimated = decide(stage, 1_000_000, 1, new StageSizes.Estimate(4_900_800, 98_016_000, false));
        assertThat(estimated.inClient()).isFalse();
        assertThat(estimated.cap()).isZero();
        // and an upper bound within max-rows runs in the client with the usual caps
        assertThat(decide(stage, 1_000_000, 1, new StageSizes.Estimate(900, 18_000, true)).cap()).isZero();
    }

    @Test
    void zeroTurnsTheRuleOffWithoutAskingPostgresql() throws Exception {
        ClientStageRule.Decision d = decide(plan(AGGREGATION), 0, 1, 10);
        assertThat(d.inClient()).isFalse();
        assertThat(d.why()).endsWith("runs as a job: running stages in the client is off (hadoopdb.exec.client-stage.max-rows = 0)");
        assertThat(asked).isEmpty();
    }

    @Test
    void severalReducersKeepTheJobAndTheEstimateIsNotAsked() throws Exception {
        QueryPlan plan = plan(AGGREGATION);
        ClientStageRule.Decision d = decide(plan, 1_000_000, 3, 10);
        assertThat(d.inClient()).isFalse();
        assertThat(d.why()).endsWith("runs as a job: it needs 3 reducers");
        assertThat(asked).containsExactly("r" + plan.stages().get(0).id());
    }

    @Test
    void anUnknownEstimateKeepsTheJob() throws Exception {
        ClientStageRule.Decision d = decide(plan(AGGREGATION), 1_000_000, 1, -1);
        assertThat(d.inClient()).isFalse();
        assertThat(d.why()).endsWith("PostgreSQL gave no estimate of the rows entering it");
    }

    @Test
    void aStageReadingEarlierStagesIsPlacedWhenItStartsWithoutAskingAnything() throws Exception {
        // the merge stage of the unfolded Join task reads the aggregate's files
        QueryPlan plan = plan(JOIN_TASK);
        assertThat(plan.stages()).hasSize(2);
        ClientStageRule.Decision d = decide(plan, 1_000_000, 1, 10);
        assertThat(d.verdict()).isEqualTo(ClientStageRule.Verdict.AT_START);
        assertThat(d.stage()).isSameAs(plan.stages().get(1));
        assertThat(d.why()).isEqualTo("Stage " + d.stage().id() + " is placed when it starts: in the client if at most 1,000,000 "
                + "rows (hadoopdb.exec.client-stage.max-rows) enter it from the earlier stages it reads and it needs one reducer, "
                + "else as a job");
        assertThat(asked).isEmpty();
    }

    @Test
    void anIntermediateStageOverFewRowsRunsInTheClientToo() throws Exception {
        // the aggregate below the Join task's merge: other stages read its output
        QueryPlan plan = plan(JOIN_TASK);
        Stage aggregate = plan.stages().get(0);
        ClientStageRule.Decision d = decide(aggregate, 1_000_000, 1, 300);
        assertThat(d.inClient()).isTrue();
        assertThat(asked).containsExactly("r" + aggregate.id(), "e" + aggregate.id());
    }

    @Test
    void aMapOnlyStageNeedsNoReducerCountOnlyFewRows() throws Exception {
        var statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of("SELECT sourceip, adrevenue FROM uservisits WHERE adrevenue > 1"));
        PlanningOptions noDirectRead = new PlanningOptions(8, 1, -1, false, 100_000, 64L << 20, 32L << 20);
        Stage stage = PlannerServices.queryPlanner().plan(catalog, statement.query(), noDirectRead).plan().stages().get(0);
        assertThat(stage.mapOnly()).isTrue();
        ClientStageRule.Decision small = decide(stage, 1_000_000, 7, 10);
        assertThat(small.inClient()).isTrue();
        assertThat(small.why()).contains("it is map-only and PostgreSQL estimates 10 rows enter it").endsWith("the map operators "
                + "run in the client");
        assertThat(asked).containsExactly("e" + stage.id());
        assertThat(decide(stage, 1_000_000, 7, 2_000_000).inClient()).isFalse();
    }

    @Test
    void aRepartitionJoinStageQualifiesWhenItsResultIsSmall() throws Exception {
        QueryPlan plan = plan("SELECT r.pagerank, uv.adrevenue FROM rankings r JOIN uservisits uv ON r.pagerank = uv.duration", 0);
        Stage last = plan.stages().get(plan.stages().size() - 1);
        assertThat(last.inputs()).hasSize(2);
        ClientStageRule.Decision d = decide(plan, 1_000_000, 1, 20_000);
        assertThat(d.inClient()).isTrue();
        assertThat(d.stage()).isSameAs(last);
    }
}
