package org.hadoopdb.planner.optimize;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Moves the conjuncts of a filter above a {@link Generate} that read only the input's columns below
 * it, so they reach the chunks (and prune them) instead of running on every generated row. Exact for
 * OUTER too: every row generated from an input row carries that row's columns.
 */
final class FilterGenerateTranspose extends RelOptRule {
    static final FilterGenerateTranspose INSTANCE = new FilterGenerateTranspose();

    private FilterGenerateTranspose() {
        super(operand(Filter.class, operand(Generate.class, any())), "FilterGenerateTranspose");
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Filter filter = call.rel(0);
        Generate generate = call.rel(1);
        ImmutableBitSet inputColumns = ImmutableBitSet.range(generate.getInput().getRowType().getFieldCount());
        List<RexNode> below = new ArrayList<>();
        List<RexNode> above = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(filter.getCondition())) {
            (inputColumns.contains(RelOptUtil.InputFinder.bits(c)) && RexUtil.isDeterministic(c) ? below : above).add(c);
        }
        if (below.isEmpty()) {
            return;
        }
        var rexBuilder = filter.getCluster().getRexBuilder();
        RelNode input = LogicalFilter.create(generate.getInput(), RexUtil.composeConjunction(rexBuilder, below));
        RelNode result = generate.copy(generate.getTraitSet(), List.of(input));
        if (!above.isEmpty()) {
            result = LogicalFilter.create(result, RexUtil.composeConjunction(rexBuilder, above));
        }
        call.transformTo(result);
    }
}
