package org.hadoopdb.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Shuffle;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageGraph;
import org.hadoopdb.planner.plan.StageInput;

/**
 * Drops the last stage of an {@code ORDER BY … LIMIT n} plan when, at run time, the stage before it
 * turns out to need only one reducer.
 *
 * <p>The planner ends such a query with a stage that merges the reducers' own top n rows in one
 * reducer. It plans the stage below with several reducers because the logical plan expects many rows
 * (the paper's Join task: millions of joined visits, planned for 8 reducers). When PostgreSQL's
 * estimate of the rows entering that stage says one reducer is enough, that reducer's top n, already
 * in order, is the answer: the merge stage would be a whole job spent copying n rows. The folded plan
 * runs the merge stage's LIMIT in that one reducer instead.
 *
 * <p>Likewise a last stage that only sorts (an {@code ORDER BY} without LIMIT) the rows of a stage whose one reducer
 * already returns them in that order ({@code GROUP BY k ORDER BY k}, planned with several reducers): that reducer's
 * output is the result.
 */
final class TopMergeFolding {
    private TopMergeFolding() {
    }

    /**
     * The plan without its final merge stage, or the plan itself when the merge is needed.
     *
     * @param reducers the reducers the stage will run with, judged just before it runs; asked only of a
     *                 stage whose inputs are all chunk statements (earlier stages' files do not exist yet)
     */
    static QueryPlan fold(QueryPlan plan, ToIntFunction<Stage> reducers) {
        List<Stage> stages = plan.stages();
        if (stages.size() < 2 || !(plan.result() instanceof QueryPlan.FromStage from)) {
            return plan;
        }
        Stage merge = stages.get(stages.size() - 1);
        Stage below = stages.get(stages.size() - 2);
        if (from.stage() != merge.id() || !(isMergeOf(merge, below) || isSortOf(merge, below)) || !readOnlyBy(stages, below, merge)
                || !below.inputs().stream().allMatch(StageInput.Chunks.class::isInstance) || KeyFilters.has(below)
                || reducers.applyAsInt(below) != 1) {
            return plan;
        }
        List<OperatorSpec> ops = new ArrayList<>(below.reduceOps());
        ops.addAll(merge.reduceOps());
        Shuffle one = new Shuffle(below.shuffle().key(), 1, below.shuffle().why(), false);
        List<Stage> folded = new ArrayList<>(stages.subList(0, stages.size() - 2));
        folded.add(new Stage(below.id(), below.inputs(), one, List.copyOf(ops), merge.output()));
        return new QueryPlan(List.copyOf(folded), new QueryPlan.FromStage(below.id()), plan.schema(), plan.ordered(), plan.notes());
    }

    /**
     * True when {@code merge} only reads {@code below}'s rows into one reducer, ordered by the key of the
     * top n that ends {@code below}'s reducers, and keeps the first rows: with one reducer below, it
     * would pass that reducer's rows through unchanged apart from the LIMIT.
     */
    private static boolean isMergeOf(Stage merge, Stage below) {
        if (!limitsRowsOf(merge, below) || merge.shuffle().reducers() != 1 || merge.shuffle().ranged()
                || below.reduceOps().isEmpty()) {
            return false;
        }
        return below.reduceOps().get(below.reduceOps().size() - 1) instanceof OperatorSpec.TopN top
                && top.key().columns().equals(merge.shuffle().key().columns());
    }

    /**
     * True when {@code merge} only reads {@code below}'s rows and sorts them (a LIMIT at most), by a key that one reducer
     * of {@code below} already returns them in: its shuffle's key followed through its reduce operators.
     */
    private static boolean isSortOf(Stage merge, Stage below) {
        return limitsRowsOf(merge, below) && below.shuffle().ordersBy(below.reduceOps(), merge.shuffle().key().columns());
    }

    /**
     * True when {@code merge} reads only {@code below}'s rows, as they are, and repartitions them with no reduce operator
     * but a LIMIT, {@code below} having a shuffle by hash.
     */
    private static boolean limitsRowsOf(Stage merge, Stage below) {
        return merge.inputs().size() == 1 && merge.inputs().get(0) instanceof StageInput.PreviousStage p
                && p.stage() == below.id() && p.mapOps().isEmpty() && merge.shuffle() != null
                && merge.reduceOps().stream().allMatch(OperatorSpec.Limit.class::isInstance)
                && below.shuffle() != null && !below.shuffle().ranged();
    }

    /** True when no stage but {@code merge} reads {@code below}'s output (as input or broadcast side). */
    private static boolean readOnlyBy(List<Stage> stages, Stage below, Stage merge) {
        return StageGraph.dependencies(stages).entrySet().stream()
                .noneMatch(e -> e.getKey() != merge.id() && e.getValue().contains(below.id()));
    }
}
