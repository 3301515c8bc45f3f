package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.hadoopdb.planner.optimize.PartitionPruning;

/**
 * A filter: the conjuncts PostgreSQL evaluates as Hive does are pushed (and may prune chunks), the
 * others run in MapReduce above them.
 */
final class FilterSplit implements OperatorSplit<Filter> {
    private final SplitContext ctx;

    FilterSplit(SplitContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Fragment split(Filter f) {
        Fragment in = ctx.split(f.getInput());
        RexNode condition = f.getCondition();
        if (in instanceof Fragment.Pushed p) {
            Conjuncts conjuncts = Conjuncts.of(condition, ctx.pushdown(),
                    (c, why) -> ctx.note("Filter " + c + " runs in MapReduce: " + why));
            PartitionPruning.partitionedTable(p.rel()).ifPresent(t -> PartitionPruning.note(t,
                    PartitionPruning.matching(t, PartitionPruning.tableConjuncts(p.rel(), condition))).ifPresent(ctx::note));
            Fragment.Pushed pushed = p;
            if (!conjuncts.pushable().isEmpty()) {
                RexNode cond = RexUtil.composeConjunction(f.getCluster().getRexBuilder(), conjuncts.pushable());
                pushed = new Fragment.Pushed(f.copy(f.getTraitSet(), p.rel(), cond),
                        p.placement().afterFilter(conjuncts.pushable()));
            }
            return ctx.filterInMapReduce(pushed, conjuncts.kept(), "filter that PostgreSQL cannot evaluate as Hive does");
        }
        Fragment.Staged s = (Fragment.Staged) in;
        s.stage().append(ctx.compiler().filter(condition, s.rowType()));
        return new Fragment.Staged(s.stage(), f.getRowType(), s.ordered());
    }
}
