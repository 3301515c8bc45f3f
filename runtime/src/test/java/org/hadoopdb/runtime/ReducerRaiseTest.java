package org.hadoopdb.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.junit.jupiter.api.Test;

/** Which stage's reducer count PostgreSQL's estimate may raise, and to what. */
class ReducerRaiseTest {
    private final Catalog catalog = CatalogFixtures.paperLayout(4, 2, 1);

    private QueryPlan plan(String sql) throws Exception {
        var statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        return PlannerServices.queryPlanner().plan(catalog, statement.query(), PlanningOptions.DEFAULTS).plan();
    }

    private int raisable(String sql) throws Exception {
        return ReducerRaise.raisableStage(plan(sql));
    }

    @Test
    void anUnorderedAggregationOnAnotherKeyMayGetMoreReducers() throws Exception {
        QueryPlan p = plan("SELECT sourceip, SUM(adrevenue) FROM uservisits GROUP BY sourceip");
        assertThat(ReducerRaise.raisableStage(p)).isEqualTo(p.stages().get(p.stages().size() - 1).id());
        assertThat(raisable("SELECT SUBSTR(sourceip, 1, 7) AS k, SUM(adrevenue) AS s FROM uservisits "
                + "GROUP BY SUBSTR(sourceip, 1, 7) HAVING SUM(adrevenue) > 10")).isPositive();
    }

    @Test
    void anythingThatNeedsEveryRowInOneReducerKeepsThePlannedCount() throws Exception {
        // a global aggregate, an ORDER BY, a top-n, a window over the whole result
        assertThat(raisable("SELECT SUM(adrevenue) FROM uservisits")).isEqualTo(-1);
        assertThat(raisable("SELECT sourceip, SUM(adrevenue) AS s FROM uservisits GROUP BY sourceip ORDER BY s DESC")).isEqualTo(-1);
        assertThat(raisable("SELECT sourceip, SUM(adrevenue) AS s FROM uservisits GROUP BY sourceip LIMIT 5")).isEqualTo(-1);
        assertThat(raisable("SELECT sourceip, SUM(adrevenue) AS s, RANK() OVER (ORDER BY SUM(adrevenue)) FROM uservisits "
                + "GROUP BY sourceip")).isEqualTo(-1);
        // a second aggregation over the first's groups
        assertThat(raisable("SELECT COUNT(*) FROM (SELECT sourceip FROM uservisits GROUP BY sourceip) t")).isEqualTo(-1);
    }

    @Test
    void theLocalRunnersSlotsAreTheFloorOnceTheStageIsLarge() {
        long mb = 1L << 20;
        // 230 MB under 256 MB a reducer: one reducer by bytes, two slots under the local runner past 1 M rows
        assertThat(ReducerRaise.sized(230 * mb, 7_664_128, 256 * mb, 8, 2, 1_000_000)).isEqualTo(2);
        assertThat(ReducerRaise.sized(230 * mb, 900_000, 256 * mb, 8, 2, 1_000_000)).isEqualTo(1);
        // on a cluster (no local slots) bytes decide, up to the maximum
        assertThat(ReducerRaise.sized(230 * mb, 7_664_128, 256 * mb, 8, 1, 1_000_000)).isEqualTo(1);
        assertThat(ReducerRaise.sized(3000 * mb, 7_664_128, 256 * mb, 8, 1, 1_000_000)).isEqualTo(8);
        assertThat(ReducerRaise.sized(0, 0, 256 * mb, 8, 2, 1_000_000)).isEqualTo(1);
    }
}
