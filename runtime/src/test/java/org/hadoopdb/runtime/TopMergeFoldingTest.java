package org.hadoopdb.runtime;

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
import org.hadoopdb.planner.sms.PlanningOptions;
import org.junit.jupiter.api.Test;

/** When the merge stage of an ORDER BY … LIMIT plan is dropped at run time, and when it is kept. */
class TopMergeFoldingTest {
    private static final String JOIN_TASK = "SELECT uv.sourceip, AVG(r.pagerank) AS avgpagerank, SUM(uv.adrevenue) AS totalrevenue "
            + "FROM rankings r JOIN uservisits uv ON r.pageurl = uv.desturl "
            + "WHERE uv.visitdate BETWEEN DATE '2000-01-15' AND DATE '2000-01-22' "
            + "GROUP BY uv.sourceip ORDER BY totalrevenue DESC LIMIT 1";

    private final Catalog catalog = CatalogFixtures.paperLayout(4, 2, 1);

    private QueryPlan plan(String sql) throws Exception {
        var statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        QueryPlanner planner = PlannerServices.queryPlanner();
        // a reducer per byte: the plan gets several reducers, as on the benchmark's millions of rows
        PlanningOptions manyReducers = new PlanningOptions(8, 1, -1, true, 100_000, 64L << 20, 32L << 20);
        return planner.plan(catalog, statement.query(), manyReducers).plan();
    }

    @Test
    void oneReducerBelowTheMergeMakesItsTopNTheResult() throws Exception {
        QueryPlan plan = plan(JOIN_TASK);
        assertThat(plan.stages()).hasSize(2);
        Stage aggregate = plan.stages().get(0);
        QueryPlan folded = TopMergeFolding.fold(plan, s -> 1);
        assertThat(folded.stages()).hasSize(1);
        Stage only = folded.stages().get(0);
        assertThat(only.id()).isEqualTo(aggregate.id());
        assertThat(only.shuffle().reducers()).isEqualTo(1);
        assertThat(only.reduceOps()).startsWith(aggregate.reduceOps().toArray(OperatorSpec[]::new));
        assertThat(only.reduceOps().get(only.reduceOps().size() - 1)).isEqualTo(new OperatorSpec.Limit(0, 1));
        assertThat(only.output()).isEqualTo(plan.stages().get(1).output());
        assertThat(folded.result()).isEqualTo(new QueryPlan.FromStage(aggregate.id()));
        assertThat(folded.schema()).isEqualTo(plan.schema());
        assertThat(folded.ordered()).isTrue();
    }

    @Test
    void severalReducersBelowKeepTheMerge() throws Exception {
        QueryPlan plan = plan(JOIN_TASK);
        assertThat(TopMergeFolding.fold(plan, s -> 3)).isSameAs(plan);
    }

    @Test
    void anOrderByWithoutTopNBelowIsNotFolded() throws Exception {
        // the aggregate's reducers do not sort their groups by revenue: the last stage has to
        QueryPlan plan = plan("SELECT sourceip, SUM(adrevenue) AS r FROM uservisits GROUP BY sourceip ORDER BY r DESC");
        assertThat(TopMergeFolding.fold(plan, s -> 1)).isSameAs(plan);
    }

    @Test
    void anOrderByOfTheGroupKeysIsDroppedWhenTheGroupingNeedsOneReducer() throws Exception {
        // planned with several reducers, the grouping is sorted again by a last stage; with one, its rows are in order
        QueryPlan plan = plan("SELECT sourceip, SUM(adrevenue) AS r FROM uservisits GROUP BY sourceip ORDER BY sourceip");
        assertThat(plan.stages()).hasSize(2);
        Stage aggregate = plan.stages().get(0);
        QueryPlan folded = TopMergeFolding.fold(plan, s -> 1);
        assertThat(folded.stages()).singleElement().satisfies(only -> {
            assertThat(only.id()).isEqualTo(aggregate.id());
            assertThat(only.shuffle().reducers()).isEqualTo(1);
            assertThat(only.reduceOps()).isEqualTo(aggregate.reduceOps());
            assertThat(only.output()).isEqualTo(plan.stages().get(1).output());
        });
        assertThat(folded.ordered()).isTrue();
        assertThat(TopMergeFolding.fold(plan, s -> 3)).isSameAs(plan);
        // in the other direction the last stage sorts
        QueryPlan descending = plan("SELECT sourceip, SUM(adrevenue) AS r FROM uservisits GROUP BY sourceip ORDER BY sourceip DESC");
        assertThat(TopMergeFolding.fold(descending, s -> 1)).isSameAs(descending);
    }

    @Test
    void theReducerCountIsNotAskedOfAStageThatReadsEarlierStages() throws Exception {
        QueryPlan plan = plan("SELECT d, COUNT(*) AS c FROM (SELECT sourceip, COUNT(DISTINCT desturl) AS d FROM uservisits "
                + "GROUP BY sourceip) t GROUP BY d ORDER BY c DESC LIMIT 3");
        assertThat(plan.stages()).hasSize(3);
        QueryPlan same = TopMergeFolding.fold(plan, s -> {
            throw new AssertionError("asked the reducers of stage " + s.id() + ", whose input files do not exist yet");
        });
        assertThat(same).isSameAs(plan);
    }
}
