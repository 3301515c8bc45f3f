package org.hadoopdb.planner.sms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.planner.QueryPlanner;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.StageInput;
import org.junit.jupiter.api.Test;

/** TABLESAMPLE reads a set of the table's chunks (4 nodes x 2 chunks: 8 chunks) and pushes the rest into them. */
class TableSamplePlanTest {
    private final Catalog catalog = CatalogFixtures.paperLayout(4, 2, 1);
    private final QueryPlanner planner = org.hadoopdb.planner.PlannerServices.queryPlanner();

    private QueryPlanner.PlannedQuery plan(String sql) {
        var statement = (org.hadoopdb.hiveql.ast.QueryStatement) org.hadoopdb.hiveql.parse.HiveQlParser.parse(
                org.hadoopdb.hiveql.ast.SourceSpan.of(sql));
        return planner.plan(catalog, statement.query(), PlanningOptions.DEFAULTS);
    }

    private static ChunkSource source(QueryPlanner.PlannedQuery q) {
        return q.plan().result() instanceof QueryPlan.Direct d ? d.source()
                : ((StageInput.Chunks) q.plan().stages().get(0).inputs().get(0)).source();
    }

    @Test
    void aBucketIsTheChunksWhoseNumberModuloTheCountIsIt() {
        QueryPlanner.PlannedQuery q = plan("SELECT sourceip FROM uservisits TABLESAMPLE (BUCKET 2 OUT OF 4) v WHERE v.duration > 3");
        assertThat(source(q).chunks()).containsExactly(1, 5);
        assertThat(source(q).sql()).contains("WHERE \"duration\" > 3");
        assertThat(q.explain(false)).contains("TABLESAMPLE (BUCKET 2 OUT OF 4) of uservisits: 2 of its 8 chunks [1, 5]");
        assertThat(source(plan("SELECT COUNT(*) FROM uservisits TABLESAMPLE (BUCKET 3 OUT OF 3 ON destURL)")).chunks())
                .containsExactly(2, 5);
    }

    @Test
    void aPercentIsChunksSpreadEvenly() {
        assertThat(source(plan("SELECT * FROM rankings TABLESAMPLE (25 PERCENT)")).chunks()).containsExactly(3, 7);
        assertThat(source(plan("SELECT * FROM rankings TABLESAMPLE (0.1 PERCENT)")).chunks()).containsExactly(7);
    }

    @Test
    void coLocatedSamplesStillJoinInTheChunks() {
        QueryPlanner.PlannedQuery q = plan("SELECT r.pageurl, COUNT(*) FROM rankings TABLESAMPLE (BUCKET 1 OUT OF 2) r "
                + "JOIN uservisits TABLESAMPLE (BUCKET 1 OUT OF 2) v ON r.pageurl = v.desturl GROUP BY r.pageurl");
        assertThat(source(q).chunks()).containsExactly(0, 2, 4, 6);
        assertThat(source(q).sql()).contains("JOIN");
    }

    @Test
    void onlyThePartitioningKeyMayBeNamedAndOnlyChunkedTablesSampled() {
        assertThatThrownBy(() -> plan("SELECT * FROM uservisits TABLESAMPLE (BUCKET 1 OUT OF 4 ON sourceip)"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("ON must name the partitioning key (desturl)");
        assertThatThrownBy(() -> plan("SELECT * FROM countries TABLESAMPLE (BUCKET 1 OUT OF 2)"))
                .isInstanceOf(SemanticException.class).hasMessageContaining("not to a replicated or external table");
        assertThatThrownBy(() -> plan("SELECT * FROM uservisits TABLESAMPLE (BUCKET 5 OUT OF 4)"))
                .hasMessageContaining("needs 1 <= x <= y, got 5 OUT OF 4");
        assertThatThrownBy(() -> plan("SELECT * FROM uservisits TABLESAMPLE (10 ROWS)")).hasMessageContaining("(n ROWS) is not supported");
        assertThatThrownBy(() -> plan("SELECT * FROM uservisits TABLESAMPLE (BUCKET 1 OUT OF 4 ON rand())"))
                .hasMessageContaining("ON takes only the table's partitioning key");
    }

    @Test
    void aBucketBeyondTheChunksIsEmpty() {
        QueryPlanner.PlannedQuery q = plan("SELECT sourceip FROM uservisits TABLESAMPLE (BUCKET 12 OUT OF 16)");
        assertThat(q.explain(false)).contains("0 of its 8 chunks");
        assertThat(List.of(q.plan().stages().size())).containsAnyOf(0, 1);
    }
}
