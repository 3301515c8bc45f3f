package org.hadoopdb.planner.sms;

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
import org.junit.jupiter.api.Test;

/** Window functions: pushed when partitioned by the partitioning key, otherwise a repartition per window. */
class WindowPlanTest {
    private final Catalog catalog = CatalogFixtures.paperLayout(4, 2, 1);
    private final QueryPlanner planner = PlannerServices.queryPlanner();

    private QueryPlanner.PlannedQuery plan(String sql) {
        QueryStatement statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        return planner.plan(catalog, statement.query(), PlanningOptions.DEFAULTS);
    }

    @Test
    void aWindowPartitionedByThePartitioningKeyIsPushed() {
        QueryPlanner.PlannedQuery q = plan("SELECT desturl, sourceip, ROW_NUMBER() OVER (PARTITION BY desturl ORDER BY visitdate) "
                + "FROM uservisits");
        assertThat(q.plan().stages()).allMatch(Stage::mapOnly);
        String sql = q.plan().result() instanceof QueryPlan.Direct d ? d.source().sql()
                : ((org.hadoopdb.planner.plan.StageInput.Chunks) q.plan().stages().get(0).inputs().get(0)).source().sql();
        assertThat(sql).contains("ROW_NUMBER() OVER (PARTITION BY \"desturl\" ORDER BY \"visitdate\"");
    }

    @Test
    void otherWindowsRepartitionOnTheirPartitionKeys() {
        QueryPlanner.PlannedQuery q = plan("SELECT sourceip, RANK() OVER (PARTITION BY countrycode ORDER BY adrevenue DESC), "
                + "SUM(adrevenue) OVER (PARTITION BY countrycode ORDER BY adrevenue DESC ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) "
                + "FROM uservisits");
        Stage stage = q.plan().stages().get(0);
        assertThat(stage.shuffle().key().groupColumns()).isEqualTo(1);
        OperatorSpec.Window window = (OperatorSpec.Window) stage.reduceOps().stream()
                .filter(op -> op instanceof OperatorSpec.Window).findFirst().orElseThrow();
        assertThat(window.calls()).extracting(OperatorSpec.WinCall::function).contains("RANK", "SUM");
        assertThat(window.calls()).filteredOn(c -> c.function().equals("SUM"))
                .allSatisfy(c -> assertThat(new long[] {c.rows() ? 1 : 0, c.lower(), c.upper()}).containsExactly(1, -2, 0));
        assertThat(q.explain(false)).contains("does not contain the partitioning key");
    }

    @Test
    void twoWindowSpecificationsGetTwoStages() {
        QueryPlanner.PlannedQuery q = plan("SELECT sourceip, LAG(duration, 1, 0) OVER (PARTITION BY countrycode ORDER BY visitdate), "
                + "COUNT(*) OVER (PARTITION BY searchword) FROM uservisits");
        assertThat(q.plan().stages()).hasSize(2);
        assertThat(q.plan().stages()).noneMatch(Stage::mapOnly);
    }
}
