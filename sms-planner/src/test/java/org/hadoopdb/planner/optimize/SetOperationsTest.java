package org.hadoopdb.planner.optimize;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;

/** The shape of the INTERSECT and EXCEPT rewrite (its answers are checked by SetOperationDifferentialIT). */
class SetOperationsTest {
    private final RelBuilder b = RelBuilder.create(Frameworks.newConfigBuilder()
            .defaultSchema(Frameworks.createRootSchema(true)).build());

    private void threeInputs() {
        b.values(new String[] {"x"}, 1, 1, 1, 2);
        b.values(new String[] {"x"}, 1, 2);
        b.values(new String[] {"x"}, 1, 3);
    }

    @Test
    void intersectOfThreeInputsCountsEachInOneAggregate() {
        threeInputs();
        String plan = RelOptUtil.toString(SetOperations.expand(b.intersect(true, 3).build(), b));
        assertThat(plan).doesNotContain("Intersect").contains("ROW_NUMBER()").contains("$in2");
        assertThat(plan.split("LogicalAggregate", -1)).hasSize(2);
    }

    @Test
    void exceptAllOfThreeInputsSubtractsOneInputAtATime() {
        // one aggregate over three counters would keep m - max(n, o) copies instead of m - n - o
        threeInputs();
        String plan = RelOptUtil.toString(SetOperations.expand(b.minus(true, 3).build(), b));
        assertThat(plan).doesNotContain("Minus").doesNotContain("$in2");
        assertThat(plan.split("LogicalAggregate", -1)).hasSize(3);
    }
}
