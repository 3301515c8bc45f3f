package org.hadoopdb.planner.optimize;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/**
 * Pulls the conjuncts every branch of an OR shares out of it, in filters and join conditions:
 * {@code (a = b AND x) OR (a = b AND y)} becomes {@code a = b AND (x OR y)}. TPC-H Q19 and many
 * hand-written reports state their join key inside each branch; once it stands alone the join has an
 * equality key instead of being a cross product.
 */
final class CommonFactors extends RelShuttleImpl {
    static RelNode pull(RelNode rel) {
        return rel.accept(new CommonFactors());
    }

    @Override
    public RelNode visit(LogicalFilter filter) {
        LogicalFilter f = (LogicalFilter) super.visit(filter);
        RexNode pulled = RexUtil.pullFactors(f.getCluster().getRexBuilder(), f.getCondition());
        return pulled.equals(f.getCondition()) ? f : f.copy(f.getTraitSet(), f.getInput(), pulled);
    }

    @Override
    public RelNode visit(LogicalJoin join) {
        LogicalJoin j = (LogicalJoin) super.visit(join);
        RexNode pulled = RexUtil.pullFactors(j.getCluster().getRexBuilder(), j.getCondition());
        return pulled.equals(j.getCondition()) ? j
                : j.copy(j.getTraitSet(), pulled, j.getLeft(), j.getRight(), j.getJoinType(), j.isSemiJoinDone());
    }
}
