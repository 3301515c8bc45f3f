package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.KeyFilter;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.hadoopdb.planner.plan.PlanCodec;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;

/**
 * Identical stages run once. A sub-query written twice (a view or a CTE the query reads twice, TPC-H Q15's revenue view
 * in the query and in its scalar sub-query of the greatest revenue) splits into stages that read the same rows and
 * compute the same thing; each later stage of a pair reads the first one's output instead, and the stages are numbered
 * again. Stages whose only difference is which of two such copies they read are identical too, so the merge repeats
 * until nothing changes.
 *
 * <p>A stage that draws random numbers ({@code rand()}) or calls a user function (which may too) is never merged: each
 * use of the sub-query evaluates it anew, as Hive does.
 */
final class SharedStages {
    /** The stages left and the result, which may have read a merged stage. */
    record Shared(List<Stage> stages, QueryPlan.Result result) {
    }

    private SharedStages() {
    }

    static Shared apply(List<Stage> stages, QueryPlan.Result result) {
        Map<Integer, Integer> merged = new HashMap<>();
        // a stage kept in one round may be merged into an earlier one in the next: follow the chain
        IntUnaryOperator first = id -> {
            int at = id;
            while (merged.containsKey(at)) {
                at = merged.get(at);
            }
            return at;
        };
        boolean changed = true;
        while (changed) {
            changed = false;
            Map<String, Integer> seen = new HashMap<>();
            for (Stage s : stages) {
                if (merged.containsKey(s.id())) {
                    continue;
                }
                String key = PlanCodec.toJson(renumber(s, 0, first, true));
                if (key.contains("java.util.Random") || key.contains("org.hadoopdb.functions.udf") || key.contains("\"temporary\":")) {
                    continue;
                }
                Integer earlier = seen.putIfAbsent(key, s.id());
                if (earlier != null) {
                    merged.put(s.id(), earlier);
                    changed = true;
                }
            }
        }
        if (merged.isEmpty()) {
            return new Shared(stages, result);
        }
        // the stages left, numbered from 1 in their order
        Map<Integer, Integer> number = new LinkedHashMap<>();
        for (Stage s : stages) {
            if (!merged.containsKey(s.id())) {
                number.put(s.id(), number.size() + 1);
            }
        }
        IntUnaryOperator to = id -> number.get(first.applyAsInt(id));
        List<Stage> out = new ArrayList<>();
        for (Stage s : stages) {
            if (number.containsKey(s.id())) {
                out.add(renumber(s, number.get(s.id()), to, false));
            }
        }
        QueryPlan.Result r = result instanceof QueryPlan.FromStage f ? new QueryPlan.FromStage(to.applyAsInt(f.stage())) : result;
        return new Shared(out, r);
    }

    /** {@code s} as stage {@code id}, reading stage {@code to(n)} wherever it read stage n; {@code bare}: without names. */
    private static Stage renumber(Stage s, int id, IntUnaryOperator to, boolean bare) {
        List<StageInput> inputs = new ArrayList<>();
        for (StageInput in : s.inputs()) {
            if (in instanceof StageInput.Chunks c) {
                inputs.add(new StageInput.Chunks(source(c.source(), to, bare), ops(c.mapOps(), to)));
            } else if (in instanceof StageInput.PreviousStage p) {
                inputs.add(new StageInput.PreviousStage(to.applyAsInt(p.stage()), p.schema(), ops(p.mapOps(), to)));
            } else if (in instanceof StageInput.Files f) {
                inputs.add(new StageInput.Files(f.table(), f.location(), f.format(), f.schema(), ops(f.mapOps(), to)));
            }
        }
        return new Stage(id, inputs, s.shuffle(), ops(s.reduceOps(), to), s.output());
    }

    /** The source with its key filters reading the renumbered stages; {@code bare}: without its name and description. */
    private static ChunkSource source(ChunkSource c, IntUnaryOperator to, boolean bare) {
        List<KeyFilter> keys = new ArrayList<>();
        for (KeyFilter k : c.keys()) {
            keys.add(new KeyFilter(k.column(), to.applyAsInt(k.buildStage()), k.buildSchema(), k.buildKey()));
        }
        return new ChunkSource(bare ? "" : c.name(), c.driver(), c.tables(), c.chunks(), c.sql(), c.schema(), bare ? "" : c.what(), keys);
    }

    private static List<OperatorSpec> ops(List<OperatorSpec> ops, IntUnaryOperator to) {
        List<OperatorSpec> out = new ArrayList<>();
        for (OperatorSpec op : ops) {
            out.add(op instanceof OperatorSpec.BroadcastJoin b
                    ? new OperatorSpec.BroadcastJoin(to.applyAsInt(b.buildStage()), b.buildSchema(), b.probeKeys(), b.buildKeys(),
                            b.type(), b.probeIsLeft(), b.residual(), b.pair(), b.schema())
                    : op);
        }
        return out;
    }
}
