package org.hadoopdb.planner.optimize;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * An inner join with one row (a scalar sub-query's value compared with a column: {@code c_acctbal > (SELECT
 * avg(c_acctbal) …)}) placed under the semi or anti join that its other input is, so that the lookup's left input is
 * filtered by the comparison before {@link SemiJoinReduction} takes its keys: TPC-H Q22's {@code NOT EXISTS} looked up
 * the orders of the 42,015 customers of seven country codes, 19,000 of whom have a balance above the average.
 *
 * <p>{@code (L ⋉ R) ⋈c S} and {@code (L ⋈c S) ⋉ R} are the same rows when the semi (anti) join's condition reads
 * only L and R. Only when that join moves rows (its inputs are not co-located on its keys): a lookup inside the chunks
 * gains nothing from fewer keys, and would have a broadcast join under it.
 */
final class ScalarFiltersFirst extends RelShuttleImpl {
    private ScalarFiltersFirst() {
    }

    static RelNode rewrite(RelNode rel) {
        return rel.accept(new ScalarFiltersFirst());
    }

    @Override
    public RelNode visit(LogicalJoin join) {
        RelNode visited = super.visit(join);
        if (!(visited instanceof LogicalJoin j) || j.getJoinType() != JoinRelType.INNER) {
            return visited;
        }
        RelNode scalar = j.getRight();
        Double maxRows = j.getCluster().getMetadataQuery().getMaxRowCount(scalar);
        if (maxRows == null || maxRows > 1 || !RexUtil.isDeterministic(j.getCondition())) {
            return j;
        }
        LogicalProject project = j.getLeft() instanceof LogicalProject p ? p : null;
        RelNode below = project == null ? j.getLeft() : project.getInput();
        if (!(below instanceof LogicalJoin lookup)
                || lookup.getJoinType() != JoinRelType.SEMI && lookup.getJoinType() != JoinRelType.ANTI
                || project != null && (!project.getProjects().stream().allMatch(RexUtil::isDeterministic)
                        || org.apache.calcite.rex.RexOver.containsOver(project.getProjects(), null))) {
            return j; // a window function numbers the rows it sees: filtered first, it would see fewer
        }
        int width = j.getLeft().getRowType().getFieldCount();
        ImmutableBitSet used = RelOptUtil.InputFinder.bits(j.getCondition());
        if (used.nextSetBit(0) < 0 || used.nextSetBit(0) >= width
                || SemiJoinReduction.inChunks(lookup, JoinInfo.createWithStrictEquality(lookup.getLeft(), lookup.getRight(),
                        lookup.getCondition()).pairs())) {
            return j; // the comparison filters nothing of the lookup's left input, or the lookup runs in the chunks
        }
        return transposed(j, project, lookup);
    }

    /** {@code (L ⋈c S) ⋉ R} under the projection {@code join}'s rows had. */
    private static RelNode transposed(LogicalJoin join, LogicalProject project, LogicalJoin lookup) {
        RexBuilder rex = join.getCluster().getRexBuilder();
        RelNode left = lookup.getLeft();
        RelNode scalar = join.getRight();
        int leftWidth = left.getRowType().getFieldCount();
        int scalarWidth = scalar.getRowType().getFieldCount();
        List<RexNode> leftColumns = new ArrayList<>();
        for (int i = 0; i < join.getLeft().getRowType().getFieldCount(); i++) {
            leftColumns.add(project == null ? rex.makeInputRef(left, i) : project.getProjects().get(i));
        }
        int projected = leftColumns.size();
        // the comparison over L and S: the projection's columns written out, S's moved to follow L's
        RexNode condition = join.getCondition().accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return ref.getIndex() < projected ? leftColumns.get(ref.getIndex())
                        : new RexInputRef(leftWidth + ref.getIndex() - projected, ref.getType());
            }
        });
        LogicalJoin filtered = LogicalJoin.create(left, scalar, List.of(), condition, java.util.Set.of(), JoinRelType.INNER);
        // the lookup's condition: R's columns now follow S's
        RexNode lookupCondition = RexUtil.shift(lookup.getCondition(), leftWidth, scalarWidth);
        LogicalJoin moved = LogicalJoin.create(filtered, lookup.getRight(), List.of(), lookupCondition, java.util.Set.of(),
                lookup.getJoinType());
        List<RexNode> out = new ArrayList<>(leftColumns);
        for (int i = 0; i < scalarWidth; i++) {
            out.add(rex.makeInputRef(moved, leftWidth + i));
        }
        List<String> names = join.getRowType().getFieldList().stream().map(RelDataTypeField::getName).toList();
        return LogicalProject.create(moved, List.of(), out, names, java.util.Set.of());
    }
}
