package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexNode;

/**
 * A condition's conjuncts split into those the node databases may evaluate and those kept for
 * MapReduce: a condition is pushed conjunct by conjunct, so one refused call does not keep the
 * whole condition out of PostgreSQL.
 */
record Conjuncts(List<RexNode> pushable, List<RexNode> kept) {

    /**
     * Splits {@code condition} at its ANDs.
     *
     * @param refused told each kept conjunct and why the policy refused it
     */
    static Conjuncts of(RexNode condition, PushdownPolicy pushdown, BiConsumer<RexNode, String> refused) {
        List<RexNode> pushable = new ArrayList<>();
        List<RexNode> kept = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(condition)) {
            String why = pushdown.whyNotPushable(c);
            if (why == null) {
                pushable.add(c);
            } else {
                kept.add(c);
                refused.accept(c, why);
            }
        }
        return new Conjuncts(pushable, kept);
    }
}
