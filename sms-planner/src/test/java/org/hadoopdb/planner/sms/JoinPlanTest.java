package org.hadoopdb.planner.sms;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.junit.jupiter.api.Test;

/** Which joins the SMS split keeps inside the chunk databases, and how the others are repartitioned. */
class JoinPlanTest {
    private final Catalog catalog = CatalogFixtures.paperLayout(4, 2, 1);
    private final QueryPlanner planner = PlannerServices.queryPlanner();

    private static final PlanningOptions NO_BROADCAST = new PlanningOptions(8, 256L << 20, -1, true, 100_000, 64L << 20, 0);

    private QueryPlanner.PlannedQuery plan(String sql) {
        return plan(sql, NO_BROADCAST);
    }

    private QueryPlanner.PlannedQuery plan(String sql, PlanningOptions options) {
        QueryStatement statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        return planner.plan(catalog, statement.query(), options);
    }

    private static String firstSql(QueryPlan plan) {
        if (plan.result() instanceof QueryPlan.Direct d) {
            return d.source().sql();
        }
        return ((StageInput.Chunks) plan.stages().get(0).inputs().get(0)).source().sql();
    }

    @Test
    void anOrAcrossARepartitionedJoinFiltersEachInputByWhatItImplies() {
        String or = " WHERE (r.pageRank > 10 AND uv.duration < 5 AND uv.adRevenue > 1.0) OR (r.pageRank < 3 AND uv.visitDate > DATE '2000-01-01')";
        // joined on a column that is not uservisits' key: each input keeps only what some branch allows, in its chunks;
        // the FLOAT comparison (a CASE in PostgreSQL, for Hive's NaN) is left in the join only
        String repartitioned = plan("SELECT r.pageURL, uv.sourceIP FROM rankings r JOIN uservisits uv ON r.pageURL = uv.sourceIP" + or)
                .explain(false);
        assertThat(repartitioned.lines().filter(l -> l.strip().startsWith("SQL:") && l.contains("FROM \"rankings\"")))
                .singleElement().asString().contains("WHERE \"pagerank\" < 3 OR \"pagerank\" > 10");
        assertThat(repartitioned.lines().filter(l -> l.strip().startsWith("SQL:") && l.contains("FROM \"uservisits\"")))
                .singleElement().asString().contains("\"duration\" < 5").contains("\"visitdate\" >").doesNotContain("\"adrevenue\" >");
        // joined inside the chunks on the key, PostgreSQL sees the whole OR where the rows are: nothing is added
        String colocated = firstSql(plan("SELECT r.pageURL, uv.sourceIP FROM rankings r JOIN uservisits uv ON r.pageURL = uv.destURL" + or)
                .plan());
        assertThat(colocated.split("\"pagerank\" > 10", -1)).hasSize(2);
    }

    @Test
    void thePapersJoinTaskRunsTheJoinAndPartialAggregateInEveryChunk() {
        QueryPlanner.PlannedQuery q = plan("SELECT sourceIP, SUM(adRevenue) AS totalRevenue, AVG(pageRank) AS avgPageRank "
                + "FROM Rankings R JOIN UserVisits UV ON R.pageURL = UV.destURL "
                + "WHERE UV.visitDate BETWEEN '2000-01-15' AND '2000-01-22' "
                + "GROUP BY UV.sourceIP ORDER BY totalRevenue DESC LIMIT 1");
        String sql = firstSql(q.plan());
        assertThat(sql).contains("JOIN").contains("GROUP BY").contains("\"visitdate\" >=");
        Stage first = q.plan().stages().get(0);
        assertThat(first.inputs()).hasSize(1);
        assertThat(((StageInput.Chunks) first.inputs().get(0)).source().tables()).containsExactly("rankings", "uservisits");
        assertThat(q.explain(false)).contains("Final aggregate");
    }

    @Test
    void aSemiJoinInTheChunksNamesEachSidesColumnsByItsAlias() {
        // inside EXISTS (…) an unqualified "pageurl" is the sub-query's own: the outer row's must carry its alias
        QueryPlanner.PlannedQuery q = plan("SELECT r.pageurl FROM rankings r LEFT SEMI JOIN rankings r2 "
                + "ON r.pageurl = r2.pageurl AND r2.pagerank > r.pagerank");
        String sql = firstSql(q.plan());
        assertThat(sql).contains("WHERE EXISTS (SELECT 1 FROM").containsPattern("\"semi_l\"\\.\"pageurl\" = \"semi_r\"\\.\"pageurl\""
                + "|\"semi_r\"\\.\"pageurl\" = \"semi_l\"\\.\"pageurl\"").contains("\"semi_r\".\"pagerank\" > \"semi_l\".\"pagerank\"");
    }

    @Test
    void correlatedExistsAndNotExistsOnTheKeyStayInTheChunks() {
        QueryPlanner.PlannedQuery q = plan("SELECT r.pageurl FROM rankings r WHERE EXISTS (SELECT 1 FROM uservisits uv "
                + "WHERE uv.desturl = r.pageurl AND uv.adrevenue > r.pagerank) AND NOT EXISTS (SELECT 1 FROM rankings r2 "
                + "WHERE r2.pageurl = r.pageurl AND r2.avgduration < 0)");
        assertThat(q.plan().result()).isInstanceOf(QueryPlan.Direct.class);
        assertThat(firstSql(q.plan())).contains("WHERE EXISTS (SELECT 1 FROM").contains("WHERE NOT EXISTS (SELECT 1 FROM");
    }

    @Test
    void aNotExistsOverAJoinKeepsTheJoinsConditionInsideTheSubQuery() {
        // TPC-DS q69: NOT EXISTS (SELECT * FROM web_sales, date_dim WHERE c_customer_sk = ws_bill_customer_sk AND
        // ws_sold_date_sk = d_date_sk …) left its join condition in the anti join's, which Calcite does not push into the
        // sub-query's input: each chunk returned the cross product of web_sales and date_dim
        QueryPlanner.PlannedQuery q = plan("SELECT r.pageurl FROM rankings r WHERE NOT EXISTS (SELECT * FROM uservisits uv, countries c "
                + "WHERE uv.desturl = r.pageurl AND uv.countrycode = c.code AND c.name = 'x')");
        String sql = firstSql(q.plan());
        assertThat(sql).contains("WHERE NOT EXISTS (SELECT 1 FROM").doesNotContainPattern("AS \"t\\d*\", \\(SELECT")
                .containsPattern("ON \"t\\d*\"\\.\"countrycode\" = \"t\\d*\"\\.\"code\"");
    }

    @Test
    void joinsOnAnEqualityComeBeforeJoinsOnlyOnAnInequality() {
        // TPC-DS q46's shape: the grouped rows join the customers on their key, the customers their address, and the
        // address differs from one of the grouped rows' columns; joined to the address first on that inequality alone,
        // the plan made a filtered cross product (501 million rows at scale factor 1)
        QueryPlanner.PlannedQuery q = plan("SELECT dn.sourceip, c1.name FROM (SELECT sourceip, countrycode, SUM(adrevenue) AS r "
                + "FROM uservisits GROUP BY sourceip, countrycode) dn, countries c2, countries c1 "
                + "WHERE dn.countrycode = c1.code AND c1.name = c2.code AND c2.name <> dn.sourceip",
                PlanningOptions.DEFAULTS);
        assertThat(q.explain(false)).doesNotContain("without equal keys").contains("where <>(");
    }

    @Test
    void aJoinWithAReplicatedTableIsPushed() {
        QueryPlanner.PlannedQuery q = plan("SELECT c.name, COUNT(*) FROM uservisits uv JOIN countries c ON uv.countrycode = c.code "
                + "GROUP BY c.name");
        assertThat(firstSql(q.plan())).contains("JOIN \"countries\"");
        assertThat(((StageInput.Chunks) q.plan().stages().get(0).inputs().get(0)).source().tables())
                .containsExactly("countries", "uservisits");
    }

    @Test
    void aReplicatedTableOnThePreservedSideIsRepartitioned() {
        QueryPlanner.PlannedQuery q = plan("SELECT c.name, uv.sourceip FROM countries c LEFT JOIN uservisits uv ON uv.countrycode = c.code");
        Stage join = q.plan().stages().get(0);
        assertThat(join.inputs()).hasSize(2);
        assertThat(join.mapOnly()).isFalse();
        assertThat(join.reduceOps()).anyMatch(op -> op instanceof OperatorSpec.Join j && j.type().equals("LEFT"));
        OperatorSpec.JoinInput left = (OperatorSpec.JoinInput) join.inputs().get(0).mapOps().get(0);
        OperatorSpec.JoinInput right = (OperatorSpec.JoinInput) join.inputs().get(1).mapOps().get(0);
        assertThat(left.dropNullKeys()).isFalse();
        assertThat(right.dropNullKeys()).isTrue();
        assertThat(q.explain(false)).contains("is not chunk-local");
    }

    @Test
    void aJoinOnOtherColumnsRepartitionsBothInputsOnTheJoinKey() {
        QueryPlanner.PlannedQuery q = plan("SELECT uv.sourceip, r.pagerank FROM uservisits uv JOIN rankings r ON uv.searchword = r.pageurl");
        Stage join = q.plan().stages().get(0);
        assertThat(join.inputs()).hasSize(2);
        assertThat(join.shuffle().key().groupColumns()).isEqualTo(1);
        assertThat(q.explain(false)).contains("does not equate the partitioning keys");
    }

    @Test
    void aRepartitionJoinFiltersAChunkStatementByTheKeysAnEarlierStageWrites() {
        String visits = "(SELECT sourceip, count(*) AS n FROM uservisits GROUP BY sourceip) v";
        QueryPlanner.PlannedQuery q = plan("SELECT r.pagerank, v.n FROM " + visits + " JOIN rankings r ON r.pageurl = v.sourceip");
        Stage join = q.plan().stages().get(q.plan().stages().size() - 1);
        assertThat(join.inputs()).hasSize(2);
        StageInput.Chunks rankings = (StageInput.Chunks) join.inputs().get(1);
        assertThat(rankings.source().keys()).singleElement().satisfies(k -> {
            assertThat(k.buildStage()).isEqualTo(((StageInput.PreviousStage) join.inputs().get(0)).stage());
            assertThat(k.buildSchema().name(k.buildKey())).startsWith("sourceip");
            assertThat(rankings.source().schema().name(k.column())).isEqualTo("pageurl");
        });
        assertThat(q.explain(false)).contains("Keys: only rows whose pageurl is among the keys stage 1 writes (sourceip");

        // the preserved side of an outer join keeps every row, and so does the left of an anti join
        for (String sql : List.of("SELECT r.pagerank, v.n FROM rankings r LEFT JOIN " + visits + " ON r.pageurl = v.sourceip",
                "SELECT r.pagerank FROM rankings r WHERE NOT EXISTS (SELECT 1 FROM " + visits + " WHERE v.sourceip = r.pageurl)")) {
            assertThat(plan(sql).plan().stages()).flatExtracting(Stage::inputs).filteredOn(StageInput.Chunks.class::isInstance)
                    .allSatisfy(in -> assertThat(((StageInput.Chunks) in).source().keys()).as(sql).isEmpty());
        }
    }

    @Test
    void aSemiJoinOnTheKeyOfCoLocatedTablesIsPushed() {
        QueryPlanner.PlannedQuery q = plan("SELECT pageurl FROM rankings WHERE pageurl IN (SELECT desturl FROM uservisits WHERE duration > 5)");
        assertThat(q.plan().stages().stream().allMatch(Stage::mapOnly)).isTrue();
        assertThat(firstSql(q.plan())).contains("uservisits");
    }

    @Test
    void aSmallInputIsBroadcastToTheMapTasksOfTheOther() {
        QueryPlanner.PlannedQuery q = plan("SELECT c.name, uv.sourceip FROM uservisits uv LEFT JOIN "
                + "(SELECT * FROM rankings WHERE pagerank > 100) r ON uv.searchword = r.pageurl JOIN countries c ON c.code = uv.countrycode",
                PlanningOptions.DEFAULTS);
        // the two small inputs are computed once each; one map-only pass over uservisits joins both
        assertThat(q.plan().stages()).hasSize(3).allMatch(Stage::mapOnly);
        Stage probe = q.plan().stages().get(1);
        assertThat(probe.inputs().get(0).mapOps()).anyMatch(op -> op instanceof OperatorSpec.BroadcastJoin b
                && b.type().equals("LEFT") && b.buildStage() == 1 && b.probeIsLeft());
        assertThat(probe.inputs().get(0).mapOps()).anyMatch(op -> op instanceof OperatorSpec.BroadcastJoin b
                && b.type().equals("INNER") && b.buildStage() == 3);
        assertThat(q.explain(false)).contains("is broadcast to the map tasks");
    }

    @Test
    void thePreservedSideOfAnOuterJoinIsNeverBroadcast() {
        QueryPlanner.PlannedQuery q = plan("SELECT c.name, uv.sourceip FROM countries c LEFT JOIN uservisits uv ON uv.countrycode = c.code",
                PlanningOptions.DEFAULTS);
        assertThat(q.plan().stages()).flatExtracting(Stage::inputs).flatExtracting(StageInput::mapOps)
                .noneMatch(op -> op instanceof OperatorSpec.BroadcastJoin b && !b.probeIsLeft());
    }

    @Test
    void aScalarSubQueryChecksForOneRowInMapReduce() {
        QueryPlanner.PlannedQuery q = plan("SELECT pageurl FROM rankings WHERE pagerank = "
                + "(SELECT pagerank FROM rankings WHERE avgduration = 7)");
        assertThat(q.plan().stages()).flatExtracting(Stage::reduceOps).anyMatch(op -> op instanceof OperatorSpec.Aggregate a
                && a.calls().stream().anyMatch(c -> c.kind() == org.hadoopdb.planner.plan.AggCall.Kind.SINGLE_VALUE));
    }
}
