package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.core.Window;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.Shuffle;

/**
 * Window functions run in the chunk databases when every window is partitioned by (at least) the
 * partitioning key, so each partition lies in one chunk; otherwise each window specification gets
 * a stage that repartitions on its PARTITION BY and sorts by its ORDER BY.
 */
final class WindowSplit implements OperatorSplit<Window> {
    private final SplitContext ctx;

    WindowSplit(SplitContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Fragment split(Window w) {
        Fragment in = ctx.split(w.getInput());
        if (in instanceof Fragment.Pushed p) {
            String why = WindowCalls.whyNotPushable(w, p.placement(), ctx.pushdown());
            if (why == null) {
                return new Fragment.Pushed(w.copy(w.getTraitSet(), List.of(p.rel())), p.placement());
            }
            ctx.note("Window functions run in MapReduce: " + why);
        }
        int inputWidth = w.getInput().getRowType().getFieldCount();
        int produced = 0;
        Fragment current = in;
        List<Window.Group> groups = w.groups;
        for (int gi = 0; gi < groups.size(); ) {
            Window.Group g = groups.get(gi);
            // consecutive groups that differ only in their frames share one repartition and one operator
            List<OperatorSpec.WinCall> calls = new ArrayList<>();
            while (gi < groups.size() && groups.get(gi).keys.equals(g.keys) && groups.get(gi).orderKeys.equals(g.orderKeys)) {
                List<OperatorSpec.WinCall> more = WindowCalls.calls(w, groups.get(gi), inputWidth, produced);
                calls.addAll(more);
                produced += more.size();
                gi++;
            }
            StageBuilder stage = ctx.stageForShuffle(current, "window input");
            partitionAndCompute(stage, w, g, calls);
            current = new Fragment.Staged(stage, w.getRowType(), false);
        }
        return current;
    }

    /** Repartitions on the group's PARTITION BY, sorted by its ORDER BY, and computes {@code calls} in the reducers. */
    private void partitionAndCompute(StageBuilder stage, Window w, Window.Group g, List<OperatorSpec.WinCall> calls) {
        RowSchema schema = stage.currentSchema();
        List<SortKeySpec.Column> key = new ArrayList<>();
        for (int k : g.keys) {
            key.add(SortKeySpec.Column.asc(k));
        }
        List<SortKeySpec.Column> order = Shuffles.sortColumns(g.orderKeys);
        key.addAll(order);
        int[] orderFields = order.stream().mapToInt(SortKeySpec.Column::field).toArray();
        int partitions = g.keys.cardinality();
        stage.shuffle(new Shuffle(SortKeySpec.of(schema, key).groupedBy(partitions),
                partitions == 0 ? 1 : ctx.costs().reducers(w.getInput()),
                partitions == 0 ? "window over all rows: one reducer" : "window PARTITION BY: repartition on it"));
        RowSchema.Builder out = RowSchema.builder();
        schema.fields().forEach(f -> out.add(f.name(), f.type()));
        calls.forEach(c -> out.add(c.name(), c.type()));
        stage.append(new OperatorSpec.Window(orderFields, calls, out.build()));
    }
}
