package org.hadoopdb.planner.optimize;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Semi-join reduction: in a tree of inner joins, an input that an equality links (directly or through other
 * inputs' columns) to a small, filtered input is first reduced to the rows whose key that input holds, with a
 * semi join placed as low as it goes (under filters, projections, the grouping of an aggregate on that column,
 * into the input of a join that holds it). It is the magic-set rewrite of a decorrelated sub-query: TPC-H Q17's
 * average quantity per part is computed for the 200 parts of one brand and container, not for all 200,000, and
 * Q20's sums of lineitem per part and supplier only for the parts named "forest…". Likewise the right input of a
 * semi or anti join is reduced to the keys of a small, filtered left input, the only ones it is looked up for.
 *
 * <p>The semi join runs inside the chunks when both inputs are co-located on the key; otherwise the small input is
 * broadcast and the large one's chunk statement is filtered by its keys when they are known
 * ({@code plan.KeyFilter}). So an input is reduced only where that costs no chunk-local join: never the largest
 * input (it is the large side of the broadcast joins, whose keys filter it already), never a replicated one, and a
 * chunked one joined with a co-located input on its key only by a co-located small input on that key.
 */
final class SemiJoinReduction extends RelShuttleImpl {
    /** The most rows (Calcite's estimate) a reducing input may have: its keys are held in memory and sent as SQL. */
    static final double MAX_KEY_ROWS = 100_000;
    /** How much smaller than the reduced input the reducing one must be estimated. */
    private static final double MIN_RATIO = 4;

    private SemiJoinReduction() {
    }

    static RelNode reduce(RelNode rel) {
        return rel.accept(new SemiJoinReduction());
    }

    @Override
    public RelNode visit(LogicalJoin join) {
        if (join.getJoinType() == JoinRelType.SEMI || join.getJoinType() == JoinRelType.ANTI) {
            return reducedLookup((LogicalJoin) super.visit(join));
        }
        if (join.getJoinType() != JoinRelType.INNER) {
            return super.visit(join);
        }
        List<RelNode> leaves = new ArrayList<>();
        List<RexNode> conditions = new ArrayList<>();
        JoinOrder.flatten(join, 0, leaves, conditions);
        List<RelNode> inputs = new ArrayList<>();
        for (RelNode leaf : leaves) {
            inputs.add(leaf.accept(this));
        }
        reduceInputs(inputs, conditions, join.getCluster().getMetadataQuery(), join.getCluster().getRexBuilder());
        return rebuild(join, inputs.iterator());
    }

    /**
     * A semi or anti join whose right input is looked up only for the keys of a small, filtered left input: the right
     * input is first reduced to those keys (TPC-H Q22's {@code NOT EXISTS} looks up the orders of some 19,000
     * customers, and read all 1.5 million orders' customer keys to do it). Not when the two are co-located on the
     * keys: the join then runs inside the chunks.
     */
    private static RelNode reducedLookup(LogicalJoin join) {
        RelMetadataQuery mq = join.getCluster().getMetadataQuery();
        RexBuilder rex = join.getCluster().getRexBuilder();
        RelNode left = join.getLeft();
        RelNode right = join.getRight();
        List<org.apache.calcite.util.mapping.IntPair> pairs =
                org.apache.calcite.rel.core.JoinInfo.createWithStrictEquality(left, right, join.getCondition()).pairs();
        double leftRows = mq.getRowCount(left);
        if (pairs.isEmpty() || !filtered(left) || !deterministic(left) || leftRows > MAX_KEY_ROWS
                || leftRows * MIN_RATIO > mq.getRowCount(right)) {
            return join;
        }
        if (inChunks(join, pairs)) {
            return join;
        }
        org.apache.calcite.util.mapping.IntPair key = pairs.get(0);
        RelNode keys = LogicalProject.create(left, List.of(), List.of(rex.makeInputRef(left, key.source)), List.of("k"),
                java.util.Set.of());
        return join.copy(join.getTraitSet(), List.of(left, semiJoin(right, key.target, keys, rex)));
    }

    /** True when the two inputs of {@code join} are co-located on one of its equalities' pairs of columns. */
    static boolean inChunks(Join join, List<org.apache.calcite.util.mapping.IntPair> pairs) {
        RelMetadataQuery mq = join.getCluster().getMetadataQuery();
        JoinOrder.Leaf l = JoinOrder.Leaf.of(join.getLeft(), 0, mq);
        JoinOrder.Leaf r = JoinOrder.Leaf.of(join.getRight(), 0, mq);
        for (org.apache.calcite.util.mapping.IntPair p : pairs) {
            if (l.keyField() == p.source && r.keyField() == p.target && JoinOrder.colocated(l.scheme(), r.scheme())) {
                return true;
            }
        }
        return false;
    }

    /** Replaces each input that a small filtered input can reduce by its reduction. */
    private static void reduceInputs(List<RelNode> inputs, List<RexNode> conditions, RelMetadataQuery mq, RexBuilder rex) {
        int n = inputs.size();
        int[] start = new int[n + 1];
        List<JoinOrder.Leaf> info = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            info.add(JoinOrder.Leaf.of(inputs.get(i), start[i], mq));
            start[i + 1] = start[i] + inputs.get(i).getRowType().getFieldCount();
        }
        int[] group = equalityGroups(conditions, start[n]);
        int largest = 0;
        for (int i = 1; i < n; i++) {
            if (info.get(i).rows() > info.get(largest).rows()) {
                largest = i;
            }
        }
        List<RelNode> original = List.copyOf(inputs);
        for (int r = 0; r < n; r++) {
            JoinOrder.Leaf leafR = info.get(r);
            boolean aggregated = aggregated(original.get(r));
            if (!leafR.chunked() || r == largest && !aggregated) {
                continue;
            }
            Candidate best = null;
            double bestRows = Double.MAX_VALUE;
            int bestField = -1;
            for (int f = start[r]; f < start[r + 1]; f++) {
                for (int s = 0; s < n; s++) {
                    // an input joined with r inside the chunks (replicated, or co-located on both keys) filters it there
                    if (!aggregated && joinedInChunks(info, group, conditions, start, r, s)) {
                        continue;
                    }
                    for (int g = start[s]; s != r && g < start[s + 1]; g++) {
                        if (group[g] != group[f]) {
                            continue;
                        }
                        List<Candidate> found = new ArrayList<>();
                        candidates(original.get(s), g - start[s], found);
                        for (Candidate c : found) {
                            double rows = mq.getRowCount(c.rel());
                            if (rows < bestRows && reduces(info, group, r, f - start[r], c, rows, mq)) {
                                best = c;
                                bestRows = rows;
                                bestField = f - start[r];
                            }
                        }
                    }
                }
            }
            if (best != null) {
                RelNode keys = LogicalProject.create(best.rel(), List.of(), List.of(rex.makeInputRef(best.rel(), best.field())),
                        List.of("k"), java.util.Set.of());
                inputs.set(r, semiJoin(inputs.get(r), bestField, keys, rex));
            }
        }
    }

    /** True when a condition equates columns of inputs r and s, and s is replicated or co-located with r on both keys. */
    private static boolean joinedInChunks(List<JoinOrder.Leaf> info, int[] group, List<RexNode> conditions, int[] start, int r,
                                          int s) {
        JoinOrder.Leaf leafR = info.get(r);
        JoinOrder.Leaf leafS = info.get(s);
        boolean inChunks = !leafS.chunked() || leafR.keyField() >= 0 && leafS.keyField() >= 0
                && JoinOrder.colocated(leafR.scheme(), leafS.scheme()) && group[leafR.keyField()] == group[leafS.keyField()];
        if (!inChunks) {
            return false;
        }
        for (RexNode c : conditions) {
            int[] ab = columnsEqual(c);
            if (ab != null && (within(ab[0], start, r) && within(ab[1], start, s) || within(ab[0], start, s) && within(ab[1], start, r))) {
                return true;
            }
        }
        return false;
    }

    private static boolean within(int field, int[] start, int input) {
        return field >= start[input] && field < start[input + 1];
    }

    /** A subtree of a join input whose column {@code field} holds every key that input's rows can have in it. */
    private record Candidate(RelNode rel, int field) {
    }

    /**
     * {@code rel} itself and the subtrees under it that hold a superset of its column {@code field}'s values: through
     * filters, projections of the column, aggregates on it, and inner joins (into the side holding it, and across the
     * join's equalities to the other side's equal column).
     */
    private static void candidates(RelNode rel, int field, List<Candidate> out) {
        out.add(new Candidate(rel, field));
        if (rel instanceof Filter f) {
            candidates(f.getInput(), field, out);
        } else if (rel instanceof Project p && p.getProjects().get(field) instanceof RexInputRef ref) {
            candidates(p.getInput(), ref.getIndex(), out);
        } else if (rel instanceof Aggregate a && a.getGroupType() == Aggregate.Group.SIMPLE && field < a.getGroupCount()) {
            candidates(a.getInput(), a.getGroupSet().nth(field), out);
        } else if (rel instanceof Join j && j.getJoinType() == JoinRelType.INNER) {
            int leftWidth = j.getLeft().getRowType().getFieldCount();
            candidates(field < leftWidth ? j.getLeft() : j.getRight(), field < leftWidth ? field : field - leftWidth, out);
            for (RexNode c : RelOptUtil.conjunctions(j.getCondition())) {
                int[] ab = columnsEqual(c);
                int other = ab == null ? -1 : ab[0] == field ? ab[1] : ab[1] == field ? ab[0] : -1;
                if (other >= 0 && (other < leftWidth) != (field < leftWidth)) {
                    candidates(other < leftWidth ? j.getLeft() : j.getRight(), other < leftWidth ? other : other - leftWidth, out);
                }
            }
        }
    }

    /**
     * Whether candidate {@code c} ({@code rows} estimated) may reduce input {@code r} on its column {@code f} (local):
     * it is filtered, small, much smaller than {@code r}, and the semi join costs no chunk-local join of {@code r}.
     */
    private static boolean reduces(List<JoinOrder.Leaf> info, int[] group, int r, int f, Candidate c, double rows,
                                   RelMetadataQuery mq) {
        JoinOrder.Leaf leafR = info.get(r);
        if (!filtered(c.rel()) || rows > MAX_KEY_ROWS || rows * MIN_RATIO > leafR.rows() || !deterministic(c.rel())) {
            return false;
        }
        if (leafR.scheme() == null || leafR.keyField() < 0) {
            return true; // its rows leave their chunks for every join anyway
        }
        boolean colocatedPartner = false;
        for (int t = 0; t < info.size(); t++) {
            JoinOrder.Leaf leafT = info.get(t);
            colocatedPartner |= t != r && leafT.keyField() >= 0 && JoinOrder.colocated(leafR.scheme(), leafT.scheme())
                    && group[leafT.keyField()] == group[leafR.keyField()];
        }
        JoinOrder.Leaf leafS = JoinOrder.Leaf.of(c.rel(), 0, mq);
        return !colocatedPartner || leafR.start() + f == leafR.keyField() && c.field() == leafS.keyField()
                && JoinOrder.colocated(leafR.scheme(), leafS.scheme());
    }

    /** For each field, the smallest field an equality of columns links it to (its own index when none). */
    static int[] equalityGroups(List<RexNode> conditions, int fields) {
        int[] parent = new int[fields];
        for (int i = 0; i < fields; i++) {
            parent[i] = i;
        }
        for (RexNode c : conditions) {
            int[] ab = columnsEqual(c);
            if (ab != null) {
                union(parent, ab[0], ab[1]);
            }
        }
        for (int i = 0; i < fields; i++) {
            parent[i] = root(parent, i);
        }
        return parent;
    }

    /** The two fields of an equality of two columns ({@code $a = $b}); null for any other condition. */
    static int[] columnsEqual(RexNode c) {
        if (c.getKind() == SqlKind.EQUALS && c instanceof RexCall call
                && call.getOperands().get(0) instanceof RexInputRef a && call.getOperands().get(1) instanceof RexInputRef b) {
            return new int[] {a.getIndex(), b.getIndex()};
        }
        return null;
    }

    /** Links the groups of {@code a} and {@code b} in a union-find array; the smaller root stays the root. */
    static void union(int[] parent, int a, int b) {
        int ra = root(parent, a);
        int rb = root(parent, b);
        parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }

    /** The root of {@code i}'s group in a union-find array. */
    static int root(int[] parent, int i) {
        while (parent[i] != i) {
            i = parent[i];
        }
        return i;
    }

    /**
     * {@code rel} keeping only the rows whose column {@code field} is among {@code keys}' single column: a semi
     * join placed under the filters, projections, aggregates (on a group column) and joins (into the side holding
     * the column, when that side's unmatched rows cannot appear, and not under a join with a replicated input) that
     * pass the column on.
     */
    private static RelNode semiJoin(RelNode rel, int field, RelNode keys, RexBuilder rex) {
        if (rel instanceof Filter f) {
            return f.copy(f.getTraitSet(), List.of(semiJoin(f.getInput(), field, keys, rex)));
        }
        if (rel instanceof Project p && p.getProjects().get(field) instanceof RexInputRef ref) {
            return p.copy(p.getTraitSet(), List.of(semiJoin(p.getInput(), ref.getIndex(), keys, rex)));
        }
        if (rel instanceof Aggregate a && a.getGroupType() == Aggregate.Group.SIMPLE && field < a.getGroupCount()) {
            return a.copy(a.getTraitSet(), List.of(semiJoin(a.getInput(), a.getGroupSet().nth(field), keys, rex)));
        }
        if (rel instanceof Join j && !withReplicated(j)) {
            int leftWidth = j.getLeft().getRowType().getFieldCount();
            JoinRelType type = j.getJoinType();
            if (field < leftWidth && (type == JoinRelType.INNER || type == JoinRelType.LEFT || !type.projectsRight())) {
                return j.copy(j.getTraitSet(), List.of(semiJoin(j.getLeft(), field, keys, rex), j.getRight()));
            }
            if (field >= leftWidth && (type == JoinRelType.INNER || type == JoinRelType.RIGHT)) {
                return j.copy(j.getTraitSet(), List.of(j.getLeft(), semiJoin(j.getRight(), field - leftWidth, keys, rex)));
            }
        }
        int width = rel.getRowType().getFieldCount();
        RexNode condition = rex.makeCall(SqlStdOperatorTable.EQUALS, rex.makeInputRef(rel, field),
                new RexInputRef(width, keys.getRowType().getFieldList().get(0).getType()));
        return LogicalJoin.create(rel, keys, List.of(), condition, java.util.Set.of(), JoinRelType.SEMI);
    }

    /**
     * True for a join (not a semi or anti join) with a replicated input: it runs inside the chunks of the other, which a
     * semi join placed under it would leave when it is not itself chunk-local (TPC-H Q2's suppliers of EUROPE joined
     * with nation and region in the supplier chunks, then reduced to the suppliers of the qualifying parts).
     */
    private static boolean withReplicated(Join j) {
        if (!j.getJoinType().projectsRight()) {
            return false;
        }
        RelMetadataQuery mq = j.getCluster().getMetadataQuery();
        return !JoinOrder.Leaf.of(j.getLeft(), 0, mq).chunked() || !JoinOrder.Leaf.of(j.getRight(), 0, mq).chunked();
    }

    /** True when a filter drops rows somewhere in {@code rel}: only then are its keys fewer than all keys. */
    static boolean filtered(RelNode rel) {
        if (rel instanceof Filter f && !f.getCondition().isAlwaysTrue()) {
            return true;
        }
        return rel.getInputs().stream().anyMatch(SemiJoinReduction::filtered);
    }

    /**
     * True when {@code rel} gives the same rows each time it runs: it is computed twice, once for the keys and once
     * where the query joins it (a {@code rand()} filter or a {@code LIMIT} without an order would keep other keys).
     */
    private static boolean deterministic(RelNode rel) {
        if (rel instanceof org.apache.calcite.rel.core.Sort sort && (sort.fetch != null || sort.offset != null)) {
            return false;
        }
        boolean[] ok = {true};
        rel.accept(new org.apache.calcite.rex.RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                ok[0] &= call.getOperator().isDeterministic();
                return super.visitCall(call);
            }
        });
        return ok[0] && rel.getInputs().stream().allMatch(SemiJoinReduction::deterministic);
    }

    /** True when an aggregate sits between the join and the table, as a decorrelated sub-query's does. */
    private static boolean aggregated(RelNode rel) {
        RelNode r = rel;
        while (r instanceof Filter || r instanceof Project || r instanceof Aggregate) {
            if (r instanceof Aggregate) {
                return true;
            }
            r = r.getInput(0);
        }
        return false;
    }

    /** The tree of inner joins with its leaves replaced, in order, by {@code leaves}' next ones. */
    private static RelNode rebuild(RelNode rel, Iterator<RelNode> leaves) {
        if (rel instanceof LogicalJoin j && j.getJoinType() == JoinRelType.INNER) {
            RelNode left = rebuild(j.getLeft(), leaves);
            RelNode right = rebuild(j.getRight(), leaves);
            return j.copy(j.getTraitSet(), j.getCondition(), left, right, j.getJoinType(), j.isSemiJoinDone());
        }
        return leaves.next();
    }
}
