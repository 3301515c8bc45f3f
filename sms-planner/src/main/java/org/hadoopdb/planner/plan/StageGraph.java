package org.hadoopdb.planner.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The dependencies between a plan's stages: a stage reads the output of the stages its inputs name
 * and of the stages whose output its broadcast joins hold in memory. Stages with no dependency
 * between them may run at the same time.
 */
public final class StageGraph {
    private StageGraph() {
    }

    /** For each stage id, the ids of the stages that must finish before it starts. */
    public static Map<Integer, Set<Integer>> dependencies(List<Stage> stages) {
        Map<Integer, Set<Integer>> deps = new TreeMap<>();
        for (Stage s : stages) {
            Set<Integer> d = new TreeSet<>();
            for (StageInput in : s.inputs()) {
                if (in instanceof StageInput.PreviousStage p) {
                    d.add(p.stage());
                }
                collect(in.mapOps(), d);
            }
            collect(s.reduceOps(), d);
            deps.put(s.id(), d);
        }
        return deps;
    }

    /** The stages in an order that respects the dependencies (lowest id first among the ready ones). */
    public static List<Integer> order(List<Stage> stages) {
        Map<Integer, Set<Integer>> deps = dependencies(stages);
        List<Integer> order = new ArrayList<>();
        Set<Integer> done = new TreeSet<>();
        while (order.size() < stages.size()) {
            Integer next = null;
            for (var e : deps.entrySet()) {
                if (!done.contains(e.getKey()) && done.containsAll(e.getValue())) {
                    next = e.getKey();
                    break;
                }
            }
            if (next == null) {
                throw new IllegalStateException("The stages of this plan depend on each other in a cycle: " + deps);
            }
            order.add(next);
            done.add(next);
        }
        return order;
    }

    private static void collect(List<OperatorSpec> ops, Set<Integer> deps) {
        for (OperatorSpec op : ops) {
            if (op instanceof OperatorSpec.BroadcastJoin b) {
                deps.add(b.buildStage());
            }
        }
    }
}
