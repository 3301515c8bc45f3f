package org.hadoopdb.planner.sms;

import java.util.List;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.plan.KeyFilter;
import org.hadoopdb.planner.plan.OperatorSpec;

/**
 * A broadcast join, when one input is estimated small enough to hold in each map task's memory and
 * is not the preserved side of an outer join: that input is computed once by its own stage, and the
 * other input's map tasks join their rows against it without a shuffle. A join without equal keys is broadcast
 * only when an input has at most one row (TPC-H Q11's, Q16's and Q22's scalar sub-queries).
 */
final class BroadcastJoin {
    private final SplitContext ctx;

    BroadcastJoin(SplitContext ctx) {
        this.ctx = ctx;
    }

    /** The broadcast join of the split inputs, or null when neither input may be broadcast. */
    Fragment plan(Join j, Fragment left, Fragment right, JoinInfo info) {
        long maxBytes = ctx.options().broadcastMaxBytes();
        // without equal keys, only an input of at most one row (a scalar sub-query's) is broadcast: every row of the
        // other meets it in the map tasks, where a repartition join would send them all to one reducer
        boolean keyless = info.leftKeys.isEmpty();
        boolean leftMayBuild = !keyless || atMostOneRow(j.getLeft());
        boolean rightMayBuild = !keyless || atMostOneRow(j.getRight());
        if (maxBytes <= 0 || !leftMayBuild && !rightMayBuild) {
            return null;
        }
        JoinRelType type = j.getJoinType();
        double leftBytes = CostEstimates.bytes(j.getLeft());
        double rightBytes = CostEstimates.bytes(j.getRight());
        boolean rightSmall = rightBytes <= maxBytes && rightMayBuild
                && (type == JoinRelType.INNER || type == JoinRelType.LEFT || type == JoinRelType.SEMI || type == JoinRelType.ANTI);
        boolean leftSmall = leftBytes <= maxBytes && leftMayBuild && (type == JoinRelType.INNER || type == JoinRelType.RIGHT);
        if (!rightSmall && !leftSmall) {
            return null;
        }
        boolean buildRight = rightSmall && (!leftSmall || rightBytes <= leftBytes);
        Fragment build = buildRight ? right : left;
        Fragment probe = buildRight ? left : right;
        // refuses keys that cannot be compared, as a repartition join would
        RowSchema leftSchema = RowSchemas.of(j.getLeft().getRowType());
        RowSchema rightSchema = RowSchemas.of(j.getRight().getRowType());
        for (int i = 0; i < info.leftKeys.size(); i++) {
            JoinKeys.commonType(leftSchema, info.leftKeys.get(i), rightSchema, info.rightKeys.get(i));
        }
        StageBuilder buildStage = build instanceof Fragment.Staged s ? s.stage() : ctx.broadcastInput((Fragment.Pushed) build);
        int[] probeKeys = buildRight ? info.leftKeys.toIntArray() : info.rightKeys.toIntArray();
        int[] buildKeys = buildRight ? info.rightKeys.toIntArray() : info.leftKeys.toIntArray();
        // stages run in dependency order, so a map-only probe stage may take a build side planned after it
        StageBuilder probeStage = ctx.stageForShuffle(probe, "broadcast join: the large input");
        KeyFilter keys = mayDropRows(build) ? keyFilter(j, info, type, buildRight, buildStage) : null;
        if (keys != null) {
            probeStage.filterByKeys(keys);
        }
        RelDataType pairType = SqlValidatorUtil.deriveJoinRowType(j.getLeft().getRowType(),
                j.getRight().getRowType(), JoinRelType.INNER, j.getCluster().getTypeFactory(), null, List.of());
        RexNode residual = RexUtil.composeConjunction(j.getCluster().getRexBuilder(), info.nonEquiConditions);
        probeStage.append(new OperatorSpec.BroadcastJoin(buildStage.id(), buildStage.currentSchema(),
                probeKeys, buildKeys, type.name(), buildRight,
                residual.isAlwaysTrue() ? null : ctx.compiler().filter(residual, pairType), RowSchemas.of(pairType),
                RowSchemas.of(j.getRowType())));
        ctx.note(type + " join: the " + (buildRight ? "right" : "left") + " input (about "
                + Math.round(buildRight ? rightBytes : leftBytes) + " bytes) is broadcast to the map tasks of the other");
        return new Fragment.Staged(probeStage, j.getRowType(), false);
    }

    /** True when Calcite proves {@code rel} returns at most one row (a global aggregate, under filters and projections). */
    private static boolean atMostOneRow(org.apache.calcite.rel.RelNode rel) {
        Double max = rel.getCluster().getMetadataQuery().getMaxRowCount(rel);
        return max != null && max <= 1;
    }

    /**
     * False when the small input is a whole table read as it is (TPC-H's 10,000 suppliers): its keys are every key, and
     * filtering by them would cost PostgreSQL a lookup per row for nothing. True when something in it may drop rows.
     */
    private static boolean mayDropRows(Fragment build) {
        return !(build instanceof Fragment.Pushed p) || dropsRows(p.rel());
    }

    private static boolean dropsRows(org.apache.calcite.rel.RelNode rel) {
        if (rel instanceof org.apache.calcite.rel.core.Filter || rel instanceof org.apache.calcite.rel.core.Sort
                || rel instanceof org.apache.calcite.rel.core.Values
                || rel instanceof Join join && join.getJoinType() != JoinRelType.LEFT && join.getJoinType() != JoinRelType.FULL) {
            return true;
        }
        return rel.getInputs().stream().anyMatch(BroadcastJoin::dropsRows);
    }

    /**
     * The key filter of the large input's chunk statement, when the join drops every large-input row whose key the
     * small input lacks (an inner join, or a semi join whose right input is the small one) and a key pair compares
     * the same in PostgreSQL as in the join; null otherwise. Its column is the large input's, which the probe
     * stage traces back to its chunk statement ({@link StageBuilder#filterByKeys}).
     */
    private static KeyFilter keyFilter(Join j, JoinInfo info, JoinRelType type, boolean buildRight, StageBuilder buildStage) {
        if (!(type == JoinRelType.INNER || type == JoinRelType.SEMI && buildRight)) {
            return null;
        }
        return JoinKeys.keyFilter(j, info, !buildRight, RowSchemas.of((buildRight ? j.getLeft() : j.getRight()).getRowType()),
                buildStage);
    }
}
