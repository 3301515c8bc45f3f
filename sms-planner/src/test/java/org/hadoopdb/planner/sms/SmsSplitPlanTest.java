package org.hadoopdb.planner.sms;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.planner.plan.QueryPlan;
import org.junit.jupiter.api.Test;

/** The SMS split of the paper's queries: what is pushed, where the repartitions are. */
class SmsSplitPlanTest {
    private final Catalog catalog = CatalogFixtures.paperLayout(4, 2, 1);
    private final QueryPlanner planner = org.hadoopdb.planner.PlannerServices.queryPlanner();

    private QueryPlanner.PlannedQuery plan(String sql) throws Exception {
        var statement = (org.hadoopdb.hiveql.ast.QueryStatement) org.hadoopdb.hiveql.parse.HiveQlParser.parse(
                org.hadoopdb.hiveql.ast.SourceSpan.of(sql));
        return planner.plan(catalog, statement.query(), PlanningOptions.DEFAULTS);
    }

    @Test
    void largeAggregationPushesAPartialAggregateAndMergesByGroup() throws Exception {
        QueryPlanner.PlannedQuery q = plan("SELECT sourceip, SUM(adrevenue) FROM uservisits GROUP BY sourceip");
        String explain = q.explain(false);
        assertThat(q.plan().stages()).hasSize(1);
        assertThat(q.plan().stages().get(0).mapOnly()).isFalse();
        assertThat(explain).contains("SQL: SELECT \"sourceip\", SUM(CAST(\"adrevenue\" AS DOUBLE PRECISION))").contains("GROUP BY \"sourceip\"")
                .contains("Final aggregate");
    }

    @Test
    void groupByThePartitioningKeyRunsEntirelyInTheChunks() throws Exception {
        QueryPlanner.PlannedQuery q = plan("SELECT desturl, COUNT(*) FROM uservisits GROUP BY desturl");
        assertThat(q.plan().stages()).hasSizeLessThanOrEqualTo(1);
        assertThat(q.plan().stages()).allMatch(s -> s.mapOnly());
        assertThat(q.explain(false)).contains("GROUP BY \"desturl\"").doesNotContain("Final aggregate");
    }

    @Test
    void averageTravelsAsSumAndCount() throws Exception {
        QueryPlanner.PlannedQuery q = plan("SELECT countrycode, AVG(duration) FROM uservisits GROUP BY countrycode");
        assertThat(q.explain(false)).contains("COUNT(\"duration\")").contains("avg($1, $2)");
    }

    @Test
    void keyEqualsLiteralReadsOneChunk() throws Exception {
        QueryPlanner.PlannedQuery q = plan("SELECT sourceip FROM uservisits WHERE desturl = 'http://example.com/a.html'");
        QueryPlan.Result r = q.plan().result();
        var source = r instanceof QueryPlan.Direct d ? d.source() : q.plan().stages().get(0).inputs().get(0) instanceof
                org.hadoopdb.planner.plan.StageInput.Chunks c ? c.source() : null;
        assertThat(source).isNotNull();
        assertThat(source.chunks()).hasSize(1);
    }

    @Test
    void orderByLimitPushesATopNPerChunk() throws Exception {
        QueryPlanner.PlannedQuery q = plan("SELECT pageurl, pagerank FROM rankings ORDER BY pagerank DESC LIMIT 5");
        String explain = q.explain(false);
        assertThat(explain).contains("ORDER BY \"pagerank\" DESC").contains("FETCH NEXT 5 ROWS ONLY").contains("Limit 5")
                .contains("1 reducer");
        assertThat(q.plan().ordered()).isTrue();
    }

    @Test
    void unionAllOfOneTableStaysOneStatementPerChunk() throws Exception {
        QueryPlanner.PlannedQuery q = plan("SELECT sourceip FROM uservisits WHERE duration < 2 "
                + "UNION ALL SELECT sourceip FROM uservisits WHERE duration > 8");
        String explain = q.explain(false);
        assertThat(explain).contains("UNION ALL");
        var source = q.plan().result() instanceof QueryPlan.Direct d ? d.source()
                : ((org.hadoopdb.planner.plan.StageInput.Chunks) q.plan().stages().get(0).inputs().get(0)).source();
        assertThat(source.sql()).contains("UNION ALL");
    }

    @Test
    void unionAllOfUnrelatedTablesReadsEachInOneMapOnlyStage() throws Exception {
        QueryPlanner.PlannedQuery q = plan("SELECT name FROM countries UNION ALL SELECT sourceip FROM uservisits");
        assertThat(q.plan().stages()).hasSize(1);
        assertThat(q.plan().stages().get(0).inputs()).hasSize(2);
        assertThat(q.plan().stages().get(0).mapOnly()).isTrue();
    }

    @Test
    void unionAllOfCoLocatedTablesIsPushedWhole() throws Exception {
        QueryPlanner.PlannedQuery q = plan("SELECT pageurl FROM rankings UNION ALL SELECT desturl FROM uservisits");
        assertThat(q.plan().result()).isInstanceOf(QueryPlan.Direct.class);
        assertThat(((QueryPlan.Direct) q.plan().result()).source().tables()).containsExactly("rankings", "uservisits");
    }

    @Test
    void unionDistinctAggregatesInTheReducers() throws Exception {
        QueryPlanner.PlannedQuery q = plan("SELECT name FROM countries UNION SELECT desturl FROM uservisits");
        assertThat(q.plan().stages()).hasSize(1);
        assertThat(q.plan().stages().get(0).inputs()).hasSize(2);
        assertThat(q.plan().stages().get(0).mapOnly()).isFalse();
    }

    @Test
    void orderByLimitAfterAnAggregateKeepsOnlyEachReducersTopN() throws Exception {
        String sql = "SELECT sourceip, SUM(adrevenue) AS s FROM uservisits GROUP BY sourceip ORDER BY s DESC LIMIT 5";
        var statement = (org.hadoopdb.hiveql.ast.QueryStatement) org.hadoopdb.hiveql.parse.HiveQlParser.parse(
                org.hadoopdb.hiveql.ast.SourceSpan.of(sql));
        PlanningOptions d = PlanningOptions.DEFAULTS;
        PlanningOptions fourReducers = new PlanningOptions(d.maxReducers(), d.bytesPerReducer(), 4, d.directFetch(),
                d.directFetchMaxRows(), d.joinBufferBytes(), d.broadcastMaxBytes());
        QueryPlanner.PlannedQuery q = planner.plan(catalog, statement.query(), fourReducers);
        assertThat(q.plan().stages()).hasSize(2);
        assertThat(q.plan().stages().get(0).reduceOps()).anyMatch(op -> op instanceof org.hadoopdb.planner.plan.OperatorSpec.TopN t
                && t.n() == 5);
        assertThat(q.plan().stages().get(1).shuffle().reducers()).isEqualTo(1);

        // with one reducer, its top n is the answer: no second stage
        QueryPlanner.PlannedQuery one = planner.plan(catalog, statement.query(), new PlanningOptions(d.maxReducers(),
                d.bytesPerReducer(), 1, d.directFetch(), d.directFetchMaxRows(), d.joinBufferBytes(), d.broadcastMaxBytes()));
        assertThat(one.plan().stages()).hasSize(1);
        assertThat(one.plan().stages().get(0).reduceOps()).anyMatch(op -> op instanceof org.hadoopdb.planner.plan.OperatorSpec.Limit);
    }

    @Test
    void aLargeOrderByIsSortedByRangesOfKeysOverSeveralReducers() {
        var statement = (org.hadoopdb.hiveql.ast.QueryStatement) org.hadoopdb.hiveql.parse.HiveQlParser.parse(
                org.hadoopdb.hiveql.ast.SourceSpan.of("SELECT sourceip, adrevenue FROM uservisits ORDER BY adrevenue DESC, sourceip"));
        PlanningOptions smallReducers = new PlanningOptions(4, 1024, -1, false, 0, 64L << 20, 0);
        QueryPlan plan = planner.plan(catalog, statement.query(), smallReducers).plan();
        assertThat(plan.stages()).hasSize(2);
        assertThat(plan.stages().get(0).mapOnly()).isTrue();
        assertThat(plan.stages().get(1).shuffle().ranged()).isTrue();
        assertThat(plan.stages().get(1).shuffle().reducers()).isEqualTo(4);
        assertThat(plan.ordered()).isTrue();
    }

    @Test
    void printsPlans() throws Exception {
        for (String sql : List.of(
                "SELECT sourceip, SUM(adrevenue), AVG(duration), STDDEV_SAMP(adrevenue), COUNT(*) FROM uservisits GROUP BY sourceip",
                "SELECT COUNT(*), MAX(visitdate) FROM uservisits",
                "SELECT upper(sourceip), COUNT(DISTINCT desturl) FROM uservisits GROUP BY upper(sourceip) ORDER BY 2 DESC LIMIT 10",
                "SELECT c.name, uv.sourceip FROM countries c LEFT JOIN uservisits uv ON uv.countrycode = c.code",
                "SELECT pageurl FROM rankings WHERE pageurl IN (SELECT desturl FROM uservisits WHERE duration > 5)",
                "SELECT pageurl FROM rankings WHERE pageurl NOT IN (SELECT desturl FROM uservisits WHERE duration > 5)"))  {
            System.out.println(sql + "\n" + plan(sql).explain(true));
        }
    }
}
