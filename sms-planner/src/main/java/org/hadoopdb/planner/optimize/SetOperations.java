package org.hadoopdb.planner.optimize;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;

/**
 * {@code INTERSECT} and {@code EXCEPT}/{@code MINUS} as operators the SMS split already places: each
 * input is tagged with one counter column per input, the inputs are unioned, grouped by every
 * column (so NULLs compare as equal, as set operations require) and the groups are kept by their
 * counts: present in every input (INTERSECT), present in the first and no other (EXCEPT).
 *
 * <p>For the {@code ALL} forms each row first gets its number among the equal rows of its own input
 * ({@code ROW_NUMBER() OVER (PARTITION BY every column)}) and the number joins the grouping: the
 * k-th copy of a row is kept when the other inputs have a k-th copy too (INTERSECT ALL, min(m, n)
 * copies) or when they do not (EXCEPT ALL, max(m − n, 0) copies). Inputs co-located on their
 * partitioning key, with the key in the same column, are computed chunk by chunk like any GROUP BY
 * on the key; otherwise the grouping repartitions on all the columns.
 */
final class SetOperations {
    private SetOperations() {
    }

    /** {@code rel} with every INTERSECT and EXCEPT below it rewritten. */
    static RelNode expand(RelNode rel, RelBuilder b) {
        List<RelNode> inputs = new ArrayList<>();
        boolean changed = false;
        for (RelNode in : rel.getInputs()) {
            RelNode expanded = expand(in, b);
            changed |= expanded != in;
            inputs.add(expanded);
        }
        RelNode r = changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
        if (r instanceof Intersect || r instanceof Minus) {
            return rewrite((SetOp) r, b);
        }
        return r;
    }

    private static RelNode rewrite(SetOp op, RelBuilder b) {
        int n = op.getInputs().size();
        if (op instanceof Minus && op.all && n > 2) {
            // a - b - c keeps m - n - o copies, not m - max(n, o): subtract one input at a time
            List<RelNode> inputs = op.getInputs();
            RelNode left = rewrite(op.copy(op.getTraitSet(), inputs.subList(0, n - 1), true), b);
            return rewrite(op.copy(op.getTraitSet(), List.of(left, inputs.get(n - 1)), true), b);
        }
        int width = op.getRowType().getFieldCount();
        for (int i = 0; i < n; i++) {
            b.push(op.getInputs().get(i)).convert(op.getRowType(), false);
            List<RexNode> fields = new ArrayList<>(b.fields());
            if (op.all) {
                fields.add(b.aggregateCall(SqlStdOperatorTable.ROW_NUMBER).over().partitionBy(b.fields())
                        .as("$copy"));
            }
            for (int j = 0; j < n; j++) {
                fields.add(b.alias(b.literal(i == j ? 1 : 0), "$in" + j));
            }
            b.project(fields);
        }
        b.union(true, n);
        int keys = op.all ? width + 1 : width;
        List<RelBuilder.AggCall> counts = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            counts.add(b.sum(b.field(keys + j)).as("$count" + j));
        }
        b.aggregate(b.groupKey(b.fields().subList(0, keys)), counts);
        List<RexNode> keep = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            boolean wanted = op instanceof Intersect || j == 0;
            keep.add(wanted ? b.greaterThan(b.field(keys + j), b.literal(0)) : b.equals(b.field(keys + j), b.literal(0)));
        }
        b.filter(keep);
        b.project(b.fields().subList(0, width), op.getRowType().getFieldNames(), true);
        return b.build();
    }
}
