package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/**
 * A join, in the first of three ways that applies: inside the chunk databases when each chunk can
 * compute its share alone (co-located inputs joined on their partitioning keys, or a replicated
 * input on the right side of the join's semantics, see {@link JoinPlacement}); map-side against a
 * small input broadcast to every task ({@link BroadcastJoin}); or with both inputs repartitioned on
 * the join keys and joined in the reducers ({@link RepartitionJoin}).
 */
final class JoinSplit implements OperatorSplit<Join> {
    private final SplitContext ctx;
    private final BroadcastJoin broadcast;
    private final RepartitionJoin repartition;

    JoinSplit(SplitContext ctx) {
        this.ctx = ctx;
        this.broadcast = new BroadcastJoin(ctx);
        this.repartition = new RepartitionJoin(ctx);
    }

    @Override
    public Fragment split(Join j) {
        Fragment left = ctx.split(j.getLeft());
        Fragment right = ctx.split(j.getRight());
        JoinInfo info = j.analyzeCondition();
        if (left instanceof Fragment.Pushed l && right instanceof Fragment.Pushed r) {
            Fragment pushed = inChunks(j, l, r, info);
            if (pushed != null) {
                return pushed;
            }
        }
        Fragment broadcasted = broadcast.plan(j, left, right, info);
        if (broadcasted != null) {
            return broadcasted;
        }
        return repartition.plan(j, left, right, info);
    }

    /**
     * The join computed chunk by chunk, with the conditions PostgreSQL may not evaluate filtered
     * above it in MapReduce (INNER joins only); null when the join is not chunk-local.
     */
    private Fragment inChunks(Join j, Fragment.Pushed l, Fragment.Pushed r, JoinInfo info) {
        JoinRelType type = j.getJoinType();
        Placement placement = l.placement().joinedWith(r.placement(), type, info, j.getLeft().getRowType().getFieldCount());
        if (placement == null) {
            ctx.note(type + " join of " + l.placement().tables() + " and " + r.placement().tables()
                    + " is not chunk-local: " + JoinPlacement.whyNot(l.placement(), r.placement(), type, info));
            return null;
        }
        Conjuncts conjuncts = Conjuncts.of(j.getCondition(), ctx.pushdown(),
                (c, why) -> ctx.note("Join condition " + c + " cannot run in PostgreSQL: " + why));
        if (!conjuncts.kept().isEmpty() && type != JoinRelType.INNER) {
            // an outer join's condition decides which rows come out unmatched: it cannot be applied afterwards
            return null;
        }
        RexNode condition = RexUtil.composeConjunction(j.getCluster().getRexBuilder(), conjuncts.pushable());
        Join pushedJoin = j.copy(j.getTraitSet(), condition, l.rel(), r.rel(), type, j.isSemiJoinDone());
        return ctx.filterInMapReduce(new Fragment.Pushed(pushedJoin, placement), conjuncts.kept(),
                "join condition that PostgreSQL cannot evaluate as Hive does");
    }
}
