package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.planner.plan.KeyFilter;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.Shuffle;
import org.hadoopdb.planner.plan.StageInput;

/**
 * A repartition join: both inputs are mapped to one common row (join keys, a side tag, then the left
 * and the right fields), shuffled on the keys with the left rows first, and joined in the reducers.
 * Without equal keys one reducer pairs every row.
 */
final class RepartitionJoin {
    private final SplitContext ctx;

    RepartitionJoin(SplitContext ctx) {
        this.ctx = ctx;
    }

    Fragment plan(Join j, Fragment left, Fragment right, JoinInfo info) {
        JoinRelType type = j.getJoinType();
        int lw = j.getLeft().getRowType().getFieldCount();
        int rw = j.getRight().getRowType().getFieldCount();
        RowSchema leftSchema = RowSchemas.of(j.getLeft().getRowType());
        RowSchema rightSchema = RowSchemas.of(j.getRight().getRowType());
        int k = info.leftKeys.size();
        RowSchema.Builder common = RowSchema.builder();
        for (int i = 0; i < k; i++) {
            common.add("_k" + i, JoinKeys.commonType(leftSchema, info.leftKeys.get(i), rightSchema, info.rightKeys.get(i)));
        }
        common.add("_tag", HiveType.TINYINT);
        for (int i = 0; i < lw; i++) {
            common.add("_l" + i, leftSchema.type(i));
        }
        for (int i = 0; i < rw; i++) {
            common.add("_r" + i, rightSchema.type(i));
        }
        RowSchema commonSchema = common.build();
        int width = k + 1 + lw + rw;
        int[] lf = new int[width];
        int[] rf = new int[width];
        Arrays.fill(lf, -1);
        Arrays.fill(rf, -1);
        for (int i = 0; i < k; i++) {
            lf[i] = info.leftKeys.get(i);
            rf[i] = info.rightKeys.get(i);
        }
        for (int i = 0; i < lw; i++) {
            lf[k + 1 + i] = i;
        }
        for (int i = 0; i < rw; i++) {
            rf[k + 1 + lw + i] = i;
        }
        boolean keepLeftNulls = type == JoinRelType.LEFT || type == JoinRelType.FULL || type == JoinRelType.ANTI;
        boolean keepRightNulls = type == JoinRelType.RIGHT || type == JoinRelType.FULL;
        StageInput leftIn = input(left, new OperatorSpec.JoinInput(lf, k, 0, !keepLeftNulls, commonSchema));
        StageInput rightIn = input(right, new OperatorSpec.JoinInput(rf, k, 1, !keepRightNulls, commonSchema));
        // each side whose rows without a partner the join drops: both of an inner join, the left of a right or semi
        // join, the right of a left, semi or anti join
        if (type == JoinRelType.INNER || type == JoinRelType.RIGHT || type == JoinRelType.SEMI) {
            leftIn = keyFiltered(leftIn, right, j, info, false);
        }
        if (type == JoinRelType.INNER || type == JoinRelType.LEFT || type == JoinRelType.SEMI || type == JoinRelType.ANTI) {
            rightIn = keyFiltered(rightIn, left, j, info, true);
        }
        StageBuilder stage = ctx.newStage(leftIn);
        stage.addInput(rightIn);

        List<SortKeySpec.Column> key = new ArrayList<>();
        for (int i = 0; i <= k; i++) {
            key.add(SortKeySpec.Column.asc(i));
        }
        int reducers = k == 0 ? 1 : Math.max(ctx.costs().reducers(j.getLeft()), ctx.costs().reducers(j.getRight()));
        stage.shuffle(new Shuffle(SortKeySpec.of(commonSchema, key).groupedBy(k), reducers, k == 0
                ? type + " join without equal keys: one reducer pairs every row"
                : type + " join of inputs not co-located on the join key: repartition both on it"));

        RelDataType pairType = SqlValidatorUtil.deriveJoinRowType(j.getLeft().getRowType(),
                j.getRight().getRowType(), JoinRelType.INNER, j.getCluster().getTypeFactory(), null, List.of());
        RexNode residual = RexUtil.composeConjunction(j.getCluster().getRexBuilder(), info.nonEquiConditions);
        OperatorSpec.Filter residualSpec = residual.isAlwaysTrue() ? null : ctx.compiler().filter(residual, pairType);
        stage.append(new OperatorSpec.Join(type.name(), k, lw, rw, residualSpec, ctx.options().joinBufferBytes(),
                RowSchemas.of(pairType), RowSchemas.of(j.getRowType())));
        return new Fragment.Staged(stage, j.getRowType(), false);
    }

    /**
     * {@code in}, a chunk statement whose rows the join drops unless their key is among those of the other input, filtered
     * by those keys when the other input is an earlier stage's output: the keys are known when this stage starts
     * ({@link KeyFilter}, applied by the runtime up to {@code hadoopdb.exec.key-filter.max-keys}), and are often far fewer
     * than the estimate that made this a repartition join. TPC-DS q69's 602 customers left after three [NOT] EXISTS
     * and a filter on their state were joined with all 1.9 million customer_demographics rows; now with 602 of them.
     * Hive on Tez calls it dynamic semi-join reduction. {@code in} unchanged otherwise.
     *
     * @param filteredIsRight whether {@code in} is the join's right input
     */
    private static StageInput keyFiltered(StageInput in, Fragment other, Join j, JoinInfo info, boolean filteredIsRight) {
        if (!(in instanceof StageInput.Chunks c) || !(other instanceof Fragment.Staged keysSide)) {
            return in;
        }
        KeyFilter filter = JoinKeys.keyFilter(j, info, filteredIsRight, c.source().schema(), keysSide.stage());
        return filter == null ? in : new StageInput.Chunks(c.source().withKeys(filter), c.mapOps());
    }

    /** One side's rows mapped to the common row. */
    private StageInput input(Fragment side, OperatorSpec.JoinInput shape) {
        return ctx.input(side, (shape.tag() == 0 ? "left" : "right") + " join input", List.of(shape));
    }
}
