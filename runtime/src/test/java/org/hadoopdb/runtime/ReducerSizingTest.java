package org.hadoopdb.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.planner.PlannerServices;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Shuffle;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.hadoopdb.runtime.mr.StageSizes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How many reducers a stage gets from what enters it. */
class ReducerSizingTest {
    private static final long MB = 1L << 20;
    /** 256 MB a reducer, at most 8, two local reduce slots, large past a million rows. */
    private static final ReducerSizing SIZING = new ReducerSizing(0, 256 * MB, 8, 2, 1_000_000);

    private static Stage aggregation;

    @BeforeAll
    static void plan() throws Exception {
        var statement = (QueryStatement) HiveQlParser.parse(SourceSpan.of("SELECT sourceip, SUM(adrevenue) FROM uservisits GROUP BY sourceip"));
        QueryPlan plan = PlannerServices.queryPlanner().plan(CatalogFixtures.paperLayout(4, 2, 1), statement.query(),
                PlanningOptions.DEFAULTS).plan();
        aggregation = plan.stages().get(plan.stages().size() - 1);
    }

    /** The aggregation stage with {@code reducers} planned, hashed or ranged. */
    private static Stage planned(int reducers, boolean ranged) {
        Shuffle s = aggregation.shuffle();
        return new Stage(aggregation.id(), aggregation.inputs(), new Shuffle(s.key(), reducers, s.why(), ranged),
                aggregation.reduceOps(), aggregation.output());
    }

    private static StageSizes.Estimate bytes(long bytes) {
        return new StageSizes.Estimate(10, bytes, false);
    }

    @Test
    void thePlannedCountIsLoweredToWhatTheBytesNeed() {
        assertThat(SIZING.count(planned(8, false), false, () -> bytes(600 * MB))).isEqualTo(3);
        assertThat(SIZING.count(planned(8, false), false, () -> bytes(0))).isEqualTo(1);
        // never raised for a stage that is not the raisable one
        assertThat(SIZING.count(planned(2, false), false, () -> bytes(5000 * MB))).isEqualTo(2);
    }

    @Test
    void anUnknownSizeOrASessionsCountKeepThePlannedOne() {
        assertThat(SIZING.count(planned(8, false), false, () -> StageSizes.Estimate.UNKNOWN)).isEqualTo(8);
        ReducerSizing forced = new ReducerSizing(3, 256 * MB, 8, 2, 1_000_000);
        assertThat(forced.needsEstimate(planned(8, false), true)).isFalse();
        assertThat(forced.count(planned(8, false), true, () -> bytes(0))).isEqualTo(8);
    }

    @Test
    void aRangedShuffleIsLoweredLikeAnyOtherButNeverRaised() {
        // an ORDER BY over the 175 rows of TPC-H Q9's aggregate took a job of 8 reducers
        assertThat(SIZING.count(planned(8, true), false, () -> bytes(10_000))).isEqualTo(1);
        assertThat(SIZING.count(planned(8, true), true, () -> bytes(600 * MB))).isEqualTo(3);
        assertThat(SIZING.needsEstimate(planned(1, true), true)).isFalse();
        assertThat(SIZING.count(planned(1, true), true, () -> {
            throw new AssertionError("one reducer of a ranged shuffle is never raised: nothing to estimate");
        })).isEqualTo(1);
    }

    @Test
    void oneReducerIsAskedAboutOnlyWhenItMayBeRaised() {
        assertThat(SIZING.needsEstimate(planned(1, false), false)).isFalse();
        assertThat(SIZING.needsEstimate(planned(1, false), true)).isTrue();
        assertThat(SIZING.count(planned(1, false), true, () -> bytes(3000 * MB))).isEqualTo(8);
        assertThat(SIZING.count(planned(1, false), true, () -> new StageSizes.Estimate(7_664_128, 230 * MB, false))).isEqualTo(2);
        // an upper bound of groups only lowers
        assertThat(SIZING.count(planned(1, false), true, () -> new StageSizes.Estimate(7_664_128, 3000 * MB, true))).isEqualTo(1);
    }

    @Test
    void theLocalSlotsComeFromTheJobConfigurationUnderTheLocalRunnerOnly(@TempDir Path home) {
        HadoopDbConfig config = HadoopDbConfig.builder().environment(Map.of()).home(home).override("hadoopdb.reducers.max", "6").build();
        Configuration local = new Configuration(false);
        local.setInt("mapreduce.local.reduce.tasks.maximum", 4);
        assertThat(ReducerSizing.from(config, local)).isEqualTo(new ReducerSizing(0, 256 * MB, 6, 4, 1_000_000));
        Configuration yarn = new Configuration(local);
        yarn.set("mapreduce.framework.name", "yarn");
        assertThat(ReducerSizing.from(config, yarn).localSlots()).isEqualTo(1);
    }
}
