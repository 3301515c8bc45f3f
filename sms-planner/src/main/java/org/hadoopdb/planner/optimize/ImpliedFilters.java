package org.hadoopdb.planner.optimize;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Adds, beside an OR over an inner join's two inputs, the OR it implies on each input alone: when every branch holds
 * conditions on the left input's columns only, the left input's rows must meet one of those branches' conditions.
 * The derived condition is redundant (the whole OR stays), but it moves down to its input and into the chunks'
 * SQL. TPC-H Q19 keeps lineitem rows of three kinds of part: the part chunks now return those parts (a few
 * hundred, whose keys then filter lineitem), not all 200,000.
 *
 * <pre>
 * (p_brand = 'Brand#12' AND l_quantity &lt;= 11) OR (p_brand = 'Brand#23' AND l_quantity &lt;= 20)
 *   implies  (p_brand = 'Brand#12' OR p_brand = 'Brand#23')  and  (l_quantity &lt;= 11 OR l_quantity &lt;= 20)
 * </pre>
 *
 * Calcite's own rule for this ({@code ExpandDisjunctionForJoinInputsRule}) gives up past a fixed growth of the
 * expression, which Q19's three branches of four containers each exceed.
 */
final class ImpliedFilters extends RelShuttleImpl {

    static RelNode add(RelNode rel) {
        return rel.accept(new ImpliedFilters());
    }

    @Override
    public RelNode visit(LogicalFilter filter) {
        RelNode visited = super.visit(filter);
        if (visited instanceof LogicalFilter f && f.getInput() instanceof LogicalJoin j && j.getJoinType() == JoinRelType.INNER) {
            RexNode condition = implied(f.getCondition(), j, f.getCluster().getRexBuilder());
            return condition == f.getCondition() ? f : f.copy(f.getTraitSet(), f.getInput(), condition);
        }
        return visited;
    }

    @Override
    public RelNode visit(LogicalJoin join) {
        RelNode visited = super.visit(join);
        if (visited instanceof LogicalJoin j && j.getJoinType() == JoinRelType.INNER) {
            RexNode condition = implied(j.getCondition(), j, j.getCluster().getRexBuilder());
            return condition == j.getCondition() ? j
                    : j.copy(j.getTraitSet(), condition, j.getLeft(), j.getRight(), j.getJoinType(), j.isSemiJoinDone());
        }
        return visited;
    }

    /** {@code condition} with the ORs its OR conjuncts imply on each side of {@code join}; itself when none is new. */
    private static RexNode implied(RexNode condition, LogicalJoin join, RexBuilder rex) {
        if (inChunks(join)) {
            return condition;
        }
        int leftWidth = join.getLeft().getRowType().getFieldCount();
        ImmutableBitSet left = ImmutableBitSet.range(0, leftWidth);
        ImmutableBitSet right = ImmutableBitSet.range(leftWidth, join.getRowType().getFieldCount());
        List<RexNode> conjuncts = RelOptUtil.conjunctions(condition);
        List<RexNode> added = new ArrayList<>();
        for (RexNode c : conjuncts) {
            if (c.getKind() != SqlKind.OR || !RexUtil.isDeterministic(c)) {
                continue;
            }
            ImmutableBitSet refs = RelOptUtil.InputFinder.bits(c);
            if (left.contains(refs) || right.contains(refs)) {
                continue; // on one side already: it moves down as it is
            }
            for (ImmutableBitSet side : List.of(left, right)) {
                RexNode derived = onSide(c, side, rex);
                if (derived != null && !conjuncts.contains(derived) && !added.contains(derived)) {
                    added.add(derived);
                }
            }
        }
        if (added.isEmpty()) {
            return condition;
        }
        List<RexNode> all = new ArrayList<>(conjuncts);
        all.addAll(added);
        return RexUtil.composeConjunction(rex, all);
    }

    /**
     * True when the join runs inside the chunks (a replicated input, or inputs co-located on keys the condition
     * equates): PostgreSQL then evaluates the whole OR where the rows are, and a derived filter only changes its
     * estimates (TPC-DS q48 and q85 join store or web sales with replicated dimensions under such ORs; with the
     * derived filters PostgreSQL expected a few rows, nested loops, and ran for minutes).
     */
    static boolean inChunks(LogicalJoin join) {
        org.apache.calcite.rel.metadata.RelMetadataQuery mq = join.getCluster().getMetadataQuery();
        int leftWidth = join.getLeft().getRowType().getFieldCount();
        JoinOrder.Leaf left = JoinOrder.Leaf.of(join.getLeft(), 0, mq);
        JoinOrder.Leaf right = JoinOrder.Leaf.of(join.getRight(), leftWidth, mq);
        if (!left.chunked() || !right.chunked()) {
            return true;
        }
        if (left.keyField() < 0 || right.keyField() < 0 || !JoinOrder.colocated(left.scheme(), right.scheme())) {
            return false;
        }
        for (RexNode c : RelOptUtil.conjunctions(join.getCondition())) {
            int[] ab = SemiJoinReduction.columnsEqual(c);
            if (ab != null && java.util.Set.of(ab[0], ab[1]).equals(java.util.Set.of(left.keyField(), right.keyField()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True for a comparison of columns with constants (or an AND or OR of such), none of them FLOAT or DOUBLE: what
     * PostgreSQL estimates and uses indexes for. A comparison of floating-point values is written for Hive's NaN
     * semantics as a CASE that PostgreSQL cannot estimate: added to TPC-DS q48's store sales, it made PostgreSQL
     * expect 8 rows and nest loops over the dimensions (more than 180 s instead of 1).
     */
    private static boolean plain(RexNode c) {
        if (c instanceof RexCall call) {
            if (c.getKind() == SqlKind.AND || c.getKind() == SqlKind.OR) {
                return call.getOperands().stream().allMatch(ImpliedFilters::plain);
            }
            boolean comparison = c.getKind() == SqlKind.SEARCH || c.getKind() == SqlKind.IS_NULL || c.getKind() == SqlKind.IS_NOT_NULL
                    || SqlKind.COMPARISON.contains(c.getKind());
            return comparison && call.getOperands().stream().allMatch(o -> (o instanceof RexInputRef || o instanceof RexLiteral)
                    && !SqlTypeName.APPROX_TYPES.contains(o.getType().getSqlTypeName()));
        }
        return false;
    }

    /** The OR of each branch's plain conditions on {@code side}'s columns only; null when a branch has none. */
    static RexNode onSide(RexNode or, ImmutableBitSet side, RexBuilder rex) {
        List<RexNode> branches = new ArrayList<>();
        for (RexNode branch : RelOptUtil.disjunctions(or)) {
            List<RexNode> mine = new ArrayList<>();
            for (RexNode c : RelOptUtil.conjunctions(branch)) {
                if (side.contains(RelOptUtil.InputFinder.bits(c)) && plain(c)) {
                    mine.add(c);
                }
            }
            if (mine.isEmpty()) {
                return null;
            }
            branches.add(RexUtil.composeConjunction(rex, mine));
        }
        return RexUtil.composeDisjunction(rex, branches);
    }
}
