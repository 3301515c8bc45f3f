package org.hadoopdb.planner.sms;

import static org.assertj.core.api.Assertions.assertThat;

import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.planner.plan.QueryPlan;
import org.junit.jupiter.api.Test;

/** INTERSECT and EXCEPT: pushed whole when the inputs are co-located on their key, else grouped in the reducers. */
class SetOperationPlanTest {
    private final Catalog catalog = CatalogFixtures.paperLayout(4, 2, 1);
    private final QueryPlanner planner = PlannerServices.queryPlanner();

    private QueryPlanner.PlannedQuery plan(String sql) {
        var statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        return planner.plan(catalog, statement.query(), PlanningOptions.DEFAULTS);
    }

    private static String pushedSql(QueryPlanner.PlannedQuery q) {
        return ((QueryPlan.Direct) q.plan().result()).source().sql();
    }

    @Test
    void intersectOfCoLocatedInputsWithTheKeyInTheSameColumnRunsInTheChunks() {
        QueryPlanner.PlannedQuery q = plan("SELECT pageurl FROM rankings INTERSECT SELECT desturl FROM uservisits");
        assertThat(q.plan().stages()).isEmpty();
        assertThat(pushedSql(q)).contains("UNION ALL").contains("GROUP BY").contains("HAVING");
    }

    @Test
    void exceptAllOfCoLocatedInputsNumbersTheCopiesInTheChunks() {
        QueryPlanner.PlannedQuery q = plan("SELECT pageurl, avgduration FROM rankings "
                + "EXCEPT ALL SELECT desturl, duration FROM uservisits");
        assertThat(q.plan().stages()).isEmpty();
        assertThat(pushedSql(q)).contains("ROW_NUMBER() OVER (PARTITION BY").contains("UNION ALL").contains("GROUP BY");
    }

    @Test
    void theKeyInDifferentColumnsIsNotCoLocated() {
        // the union is still one statement per chunk, but equal rows may sit in different chunks
        QueryPlanner.PlannedQuery q = plan("SELECT pageurl, pageurl FROM rankings "
                + "INTERSECT SELECT sourceip, desturl FROM uservisits");
        assertThat(q.plan().stages()).hasSize(1);
        assertThat(q.plan().stages().get(0).mapOnly()).isFalse();
        assertThat(q.explain(false)).contains("partial aggregate").contains("Reduce: Filter");
    }

    @Test
    void intersectWithoutTheKeyGroupsAllColumnsInTheReducers() {
        QueryPlanner.PlannedQuery q = plan("SELECT code FROM countries INTERSECT DISTINCT SELECT countrycode FROM uservisits");
        assertThat(q.plan().stages()).hasSize(1);
        assertThat(q.plan().stages().get(0).mapOnly()).isFalse();
        assertThat(q.explain(false)).contains("UNION ALL input").contains("Reduce: Aggregate").contains("Reduce: Filter");
    }

    @Test
    void minusIsExcept() {
        String minus = plan("SELECT desturl FROM uservisits MINUS SELECT pageurl FROM rankings").explain(false);
        String except = plan("SELECT desturl FROM uservisits EXCEPT SELECT pageurl FROM rankings").explain(false);
        assertThat(minus).isEqualTo(except);
    }

    @Test
    void replicatedInputsRunOnOneCopy() {
        QueryPlanner.PlannedQuery q = plan("SELECT code FROM countries EXCEPT ALL SELECT name FROM countries");
        assertThat(q.plan().stages()).isEmpty();
        assertThat(pushedSql(q)).contains("ROW_NUMBER()");
    }
}
