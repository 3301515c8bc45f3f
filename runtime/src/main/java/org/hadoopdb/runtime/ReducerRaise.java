package org.hadoopdb.runtime;

import java.util.List;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Shuffle;
import org.hadoopdb.planner.plan.Stage;

/**
 * Which stage may run with more reducers than its plan gave it, and how many, when PostgreSQL's estimate of what enters
 * it, taken just before it runs, is far above the logical plan's.
 *
 * <p>The plan sizes reducers from Calcite's estimate, which for partial aggregates computed in the chunks
 * is often a small fraction of the real rows (the paper's large aggregation: one reducer planned for 7.7
 * million partial groups). Lowering a count is always safe; raising it is safe only where nothing relies on
 * one reducer seeing every row. That is taken to be the plan's last stage, when its result is unordered, its
 * shuffle hash-partitions on a group prefix, and its reducers only finish the aggregation of that group and
 * then filter or project rows: a TopN, LIMIT, window, join or second aggregation there keeps the plan's
 * count.
 */
final class ReducerRaise {
    private ReducerRaise() {
    }

    /** The id of the stage whose reducers may be raised, or -1. */
    static int raisableStage(QueryPlan plan) {
        if (plan.ordered() || !(plan.result() instanceof QueryPlan.FromStage from) || plan.stages().isEmpty()) {
            return -1;
        }
        Stage last = plan.stages().get(plan.stages().size() - 1);
        return last.id() == from.stage() && perGroup(last.shuffle(), last.reduceOps()) ? last.id() : -1;
    }

    /** True when the reduce side finishes each hash-partitioned group by itself. */
    static boolean perGroup(Shuffle shuffle, List<OperatorSpec> reduceOps) {
        if (shuffle == null || shuffle.ranged() || reduceOps.isEmpty()) {
            return false;
        }
        SortKeySpec key = shuffle.key();
        int groups = key.groupColumns();
        if (groups == 0 || !(reduceOps.get(0) instanceof OperatorSpec.Aggregate agg) || agg.groupFields() != groups) {
            return false;
        }
        // the aggregate groups on the first fields of its input row: they must be the partitioning columns
        for (int i = 0; i < groups; i++) {
            if (key.columns().get(i).field() != i) {
                return false;
            }
        }
        return reduceOps.subList(1, reduceOps.size()).stream().allMatch(op -> op instanceof OperatorSpec.Filter
                || op instanceof OperatorSpec.Project || op instanceof OperatorSpec.Select);
    }

    /**
     * Reducers for a raisable stage, sized both ways: what its estimated bytes need at
     * {@code bytesPerReducer} each and, under the local runner, at least its parallel reduce slots (the
     * machine's cores) once more than {@code largeRows} rows enter it; between 1 and {@code max}.
     */
    static int sized(long bytes, double rows, long bytesPerReducer, int max, int localSlots, long largeRows) {
        long needed = (bytes + bytesPerReducer - 1) / bytesPerReducer;
        if (localSlots > 1 && rows > largeRows) {
            needed = Math.max(needed, localSlots);
        }
        return (int) Math.max(1, Math.min(max, needed));
    }
}
