package org.hadoopdb.planner.optimize;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.planner.analyze.HadoopDbTable;

/**
 * Orders the inputs of every tree of inner joins so that as much of it as possible runs inside the
 * chunk databases (the SIGMOD 2011 follow-up's point): starting from the largest chunked table (the largest one
 * joined with a co-located table on its key when the largest input has left its chunks), it
 * first joins the tables co-located with it on their partitioning keys (a table grouped on its key, as
 * {@code IN (SELECT key … GROUP BY key HAVING …)} becomes, counts too: its groups stay in the chunks),
 * then the replicated tables connected to them, and only then the inputs that need a repartition,
 * smallest first; inputs joined by no condition come last. A filtered replicated table joined by equalities with
 * one of those other inputs only (TPC-H's nations of one region, joined with suppliers) is joined with it first,
 * inside its chunks ({@link #satellites}): what leaves them is already filtered, and its keys can filter the large
 * input. The result keeps the original column order.
 */
final class JoinOrder extends RelShuttleImpl {
    private final RelBuilder builder;

    private JoinOrder(RelBuilder builder) {
        this.builder = builder;
    }

    static RelNode reorder(RelNode rel, RelBuilder builder) {
        return rel.accept(new JoinOrder(builder));
    }

    @Override
    public RelNode visit(LogicalJoin join) {
        if (join.getJoinType() != JoinRelType.INNER) {
            return super.visit(join);
        }
        List<RelNode> leaves = new ArrayList<>();
        List<RexNode> conditions = new ArrayList<>();
        flatten(join, 0, leaves, conditions);
        if (leaves.size() < 3) {
            return super.visit(join);
        }
        List<RelNode> inputs = new ArrayList<>();
        for (RelNode leaf : leaves) {
            inputs.add(leaf.accept(this));
        }
        return rebuild(join, inputs, conditions);
    }

    /** Collects the leaves of a tree of inner joins and its conditions, over the leaves' concatenated fields. */
    static void flatten(RelNode rel, int offset, List<RelNode> leaves, List<RexNode> conditions) {
        if (rel instanceof LogicalJoin j && j.getJoinType() == JoinRelType.INNER) {
            int before = leaves.size();
            flatten(j.getLeft(), offset, leaves, conditions);
            int leftWidth = j.getLeft().getRowType().getFieldCount();
            flatten(j.getRight(), offset + leftWidth, leaves, conditions);
            RexNode shifted = RexUtil.shift(j.getCondition(), offset);
            for (RexNode c : RelOptUtil.conjunctions(shifted)) {
                if (!c.isAlwaysTrue()) {
                    conditions.add(c);
                }
            }
            assert leaves.size() > before;
            return;
        }
        leaves.add(rel);
    }

    private RelNode rebuild(LogicalJoin original, List<RelNode> leaves, List<RexNode> conditions) {
        int n = leaves.size();
        int[] start = new int[n];
        int total = 0;
        List<Leaf> info = new ArrayList<>();
        RelMetadataQuery mq = original.getCluster().getMetadataQuery();
        for (int i = 0; i < n; i++) {
            start[i] = total;
            info.add(Leaf.of(leaves.get(i), total, mq));
            total += leaves.get(i).getRowType().getFieldCount();
        }
        Set<Integer> keyFields = new HashSet<>();
        Map<Integer, List<Integer>> satellites = new HashMap<>();
        List<Integer> order = choose(info, leaves, conditions, keyFields, satellites);
        int firstKey = info.get(order.get(0)).keyField();
        return rebuildInOrder(original, leaves, sameKey(conditions, firstKey, keyFields), start, total, order, satellites);
    }

    /**
     * The conditions, with an equality between two co-located inputs' partitioning keys written on the first
     * input's key instead when neither side is that key: {@code o_orderkey = t.l_orderkey} after lineitem joined
     * orders on {@code l_orderkey = o_orderkey} becomes {@code l_orderkey = t.l_orderkey}. Equal for an inner join
     * (the earlier condition holds, NULLs excluded), and the SMS split, which follows the first input's key,
     * then sees the third input joined on it and keeps the join in the chunks.
     */
    private static List<RexNode> sameKey(List<RexNode> conditions, int firstKey, Set<Integer> keyFields) {
        if (firstKey < 0 || keyFields.size() < 3) {
            return conditions;
        }
        List<RexNode> out = new ArrayList<>();
        for (RexNode c : conditions) {
            if (c instanceof RexCall call && call.getKind() == SqlKind.EQUALS
                    && call.getOperands().get(0) instanceof RexInputRef a && call.getOperands().get(1) instanceof RexInputRef b
                    && keyFields.contains(a.getIndex()) && keyFields.contains(b.getIndex())
                    && a.getIndex() != firstKey && b.getIndex() != firstKey) {
                RexInputRef first = new RexInputRef(firstKey, a.getType());
                // the operand on the earlier input (the lower field position) is the one the first key replaces
                out.add(call.clone(call.getType(), a.getIndex() < b.getIndex() ? List.of(first, b) : List.of(a, first)));
            } else {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * The greedy order described in the class comment.
     *
     * @param keyFields filled with the partitioning key fields of the first input and of the inputs co-located with it
     */
    private static List<Integer> choose(List<Leaf> leaves, List<RelNode> inputs, List<RexNode> conditions, Set<Integer> keyFields,
                                        Map<Integer, List<Integer>> satellites) {
        int n = leaves.size();
        List<Integer> order = new ArrayList<>();
        // used: joined so far; taken: joined or waiting to join with its host
        BitSet used = new BitSet();
        BitSet taken = new BitSet();
        int first = -1;
        for (int i = 0; i < n; i++) {
            if (leaves.get(i).chunked() && (first < 0 || leaves.get(i).rows() > leaves.get(first).rows())) {
                first = i;
            }
        }
        if (first < 0) {
            return identity(n);
        }
        if (leaves.get(first).keyField() < 0) {
            first = largestWithColocatedPartner(leaves, conditions, first);
        }
        satellites.putAll(satellites(leaves, inputs, conditions, first));
        // a satellite is placed with its host, never on its own
        satellites.values().forEach(list -> list.forEach(taken::set));
        order.add(first);
        used.set(first);
        taken.set(first);
        boolean local = true;
        PartitioningScheme scheme = leaves.get(first).scheme();
        if (leaves.get(first).keyField() >= 0) {
            keyFields.add(leaves.get(first).keyField());
        } else {
            local = false;
        }
        while (order.size() < n) {
            int next = -1;
            if (local) {
                for (int i = 0; i < n && next < 0; i++) {
                    Leaf l = leaves.get(i);
                    if (!taken.get(i) && l.chunked() && l.keyField() >= 0 && colocated(scheme, l.scheme())
                            && equated(conditions, keyFields, l.keyField())) {
                        next = i;
                        keyFields.add(l.keyField());
                    }
                }
                // an equality first: a condition such as a <> b alone makes a join a filtered cross product
                for (boolean equi : new boolean[] {true, false}) {
                    for (int i = 0; i < n && next < 0; i++) {
                        if (!taken.get(i) && !leaves.get(i).chunked() && connected(conditions, leaves, used, i, equi)) {
                            next = i;
                        }
                    }
                }
            }
            for (boolean equi : new boolean[] {true, false}) {
                if (next < 0) {
                    for (int i = 0; i < n; i++) {
                        if (!taken.get(i) && connected(conditions, leaves, used, i, equi)
                                && (next < 0 || leaves.get(i).rows() < leaves.get(next).rows())) {
                            next = i;
                        }
                    }
                    if (next >= 0) {
                        local = false;
                    }
                }
            }
            if (next < 0) {
                for (int i = 0; i < n; i++) {
                    if (!taken.get(i) && (next < 0 || leaves.get(i).rows() < leaves.get(next).rows())) {
                        next = i;
                    }
                }
                local = false;
            }
            order.add(next);
            used.set(next);
            taken.set(next);
            for (int sat : satellites.getOrDefault(next, List.of())) {
                order.add(sat);
                used.set(sat);
            }
        }
        return order;
    }

    /**
     * The filtered replicated inputs to join with a chunked input other than the first before it is joined with the
     * rest, by host: each group of replicated inputs linked by equalities of columns among themselves, filtered
     * somewhere, and linked by equalities to exactly one other input, a chunked one not joined with the first on
     * co-located keys (the first and such inputs meet the replicated ones inside their chunks anyway). Joined with
     * its host, the group stays in the host's chunks and filters the rows that leave them. A group filtered only by
     * an OR over replicated inputs gets the filter it implies ({@link #impliedFilters}): {@code inputs} is changed in
     * place.
     */
    private static Map<Integer, List<Integer>> satellites(List<Leaf> leaves, List<RelNode> inputs, List<RexNode> conditions, int first) {
        int n = leaves.size();
        int[] group = new int[n];
        for (int i = 0; i < n; i++) {
            group[i] = i;
        }
        List<int[]> links = new ArrayList<>();
        for (RexNode c : conditions) {
            int[] ab = SemiJoinReduction.columnsEqual(c);
            if (ab != null) {
                int a = ownerOf(leaves, ab[0]);
                int b = ownerOf(leaves, ab[1]);
                if (a != b) {
                    links.add(new int[] {a, b});
                    if (!leaves.get(a).chunked() && !leaves.get(b).chunked()) {
                        SemiJoinReduction.union(group, a, b);
                    }
                }
            }
        }
        int fields = leaves.get(n - 1).start() + inputs.get(n - 1).getRowType().getFieldCount();
        int[] keyGroups = SemiJoinReduction.equalityGroups(conditions, fields);
        Map<Integer, Set<Integer>> hosts = new HashMap<>();
        for (int[] l : links) {
            for (int side = 0; side < 2; side++) {
                int rep = l[side];
                int other = l[1 - side];
                if (!leaves.get(rep).chunked() && leaves.get(other).chunked()) {
                    hosts.computeIfAbsent(SemiJoinReduction.root(group, rep), g -> new HashSet<>()).add(other);
                }
            }
        }
        Map<Integer, List<Integer>> out = new HashMap<>();
        for (Map.Entry<Integer, Set<Integer>> e : hosts.entrySet()) {
            if (e.getValue().size() != 1) {
                continue;
            }
            int host = e.getValue().iterator().next();
            if (host == first || joinedOnKeys(leaves.get(first), leaves.get(host), keyGroups)) {
                continue;
            }
            List<Integer> members = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (!leaves.get(i).chunked() && SemiJoinReduction.root(group, i) == e.getKey()) {
                    members.add(i);
                }
            }
            if (members.stream().anyMatch(i -> SemiJoinReduction.filtered(inputs.get(i))) || impliedFilters(leaves, inputs, conditions, members)) {
                out.computeIfAbsent(host, h -> new ArrayList<>()).addAll(members);
            }
        }
        return out;
    }

    /**
     * Filters each of {@code members} by what an OR over replicated inputs only implies on it, replacing it in
     * {@code inputs}; true when one was added. Q7's {@code (n1.n_name = 'FRANCE' AND n2.n_name = 'GERMANY') OR …}
     * filters each nation to the two: its suppliers (its customers) of those nations leave their chunks, not all.
     * The OR itself stays where both are joined.
     */
    private static boolean impliedFilters(List<Leaf> leaves, List<RelNode> inputs, List<RexNode> conditions, List<Integer> members) {
        boolean added = false;
        for (int m : members) {
            RelNode input = inputs.get(m);
            int width = input.getRowType().getFieldCount();
            ImmutableBitSet own = ImmutableBitSet.range(leaves.get(m).start(), leaves.get(m).start() + width);
            for (RexNode c : conditions) {
                ImmutableBitSet refs = RelOptUtil.InputFinder.bits(c);
                if (c.getKind() != SqlKind.OR || !RexUtil.isDeterministic(c) || own.contains(refs) || !refs.intersects(own)
                        || refs.asList().stream().anyMatch(g -> leaves.get(ownerOf(leaves, g)).chunked())) {
                    continue;
                }
                RexNode derived = ImpliedFilters.onSide(c, own, input.getCluster().getRexBuilder());
                if (derived != null) {
                    input = LogicalFilter.create(input, RexUtil.shift(derived, -leaves.get(m).start()));
                    added = true;
                }
            }
            inputs.set(m, input);
        }
        return added;
    }

    /** Whether two chunked inputs are co-located and equated on their partitioning keys: they join in the chunks. */
    private static boolean joinedOnKeys(Leaf a, Leaf b, int[] keyGroups) {
        return colocated(a.scheme(), b.scheme()) && a.keyField() >= 0 && b.keyField() >= 0
                && keyGroups[a.keyField()] == keyGroups[b.keyField()];
    }

    private RelNode rebuildInOrder(LogicalJoin original, List<RelNode> leaves, List<RexNode> conditions, int[] start,
                                   int total, List<Integer> order, Map<Integer, List<Integer>> satellites) {
        RexBuilder rex = original.getCluster().getRexBuilder();
        // where each original (global) field is in the tree being built
        int[] position = new int[total];
        java.util.Arrays.fill(position, -1);
        List<RexNode> pending = new ArrayList<>(conditions);
        Set<Integer> isSatellite = new HashSet<>();
        satellites.values().forEach(isSatellite::addAll);
        int width = 0;
        for (int k = 0; k < order.size(); k++) {
            int leaf = order.get(k);
            if (isSatellite.contains(leaf)) {
                continue; // joined with its host below
            }
            int unitStart = width;
            width = place(leaf, leaves, start, position, width);
            builder.push(leaves.get(leaf));
            // the host's satellites join it first: the conditions among them, on the unit's own fields
            for (int sat : satellites.getOrDefault(leaf, List.of())) {
                width = place(sat, leaves, start, position, width);
                builder.push(leaves.get(sat));
                int[] local = new int[total];
                for (int g = 0; g < total; g++) {
                    local[g] = position[g] >= unitStart ? position[g] - unitStart : -1;
                }
                builder.join(JoinRelType.INNER, RexUtil.composeConjunction(rex, ready(pending, local, rex)));
            }
            if (k > 0) {
                builder.join(JoinRelType.INNER, RexUtil.composeConjunction(rex, ready(pending, position, rex)));
            }
        }
        if (!pending.isEmpty()) {
            builder.filter(remap(RexUtil.composeConjunction(rex, pending), position, rex));
        }
        List<RexNode> project = new ArrayList<>();
        for (int g = 0; g < total; g++) {
            project.add(builder.field(position[g]));
        }
        return builder.project(project, original.getRowType().getFieldNames(), true).build();
    }

    /** Gives leaf {@code leaf}'s fields their positions from {@code width} on; returns the width after it. */
    private static int place(int leaf, List<RelNode> leaves, int[] start, int[] position, int width) {
        int fields = leaves.get(leaf).getRowType().getFieldCount();
        for (int f = 0; f < fields; f++) {
            position[start[leaf] + f] = width + f;
        }
        return width + fields;
    }

    /** Removes from {@code pending} the conditions whose fields all have a position, and returns them remapped. */
    private static List<RexNode> ready(List<RexNode> pending, int[] position, RexBuilder rex) {
        List<RexNode> now = new ArrayList<>();
        for (RexNode c : List.copyOf(pending)) {
            if (RelOptUtil.InputFinder.bits(c).asList().stream().allMatch(g -> position[g] >= 0)) {
                now.add(remap(c, position, rex));
                pending.remove(c);
            }
        }
        return now;
    }

    /** {@code c} with each field {@code f} read at {@code position[f]}; a field without a position (-1) is a bug. */
    static RexNode remap(RexNode c, int[] position, RexBuilder rex) {
        return c.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                int to = position[ref.getIndex()];
                if (to < 0) {
                    throw new IllegalStateException("Field " + ref.getIndex() + " of " + c + " has no position in the rebuilt joins");
                }
                return rex.makeInputRef(ref.getType(), to);
            }
        });
    }

    static boolean colocated(PartitioningScheme a, PartitioningScheme b) {
        return a != null && b != null && (a.id().equals(b.id()) || a.colocatedWith(b));
    }

    /**
     * The largest chunked input joined on its partitioning key with a co-located input, to start from instead of
     * {@code largest}, whose rows have left their chunks (an aggregate on other columns, a join inside a sub-query):
     * started from that one, no join would stay in the chunks, and its size is Calcite's guess over joins it cannot
     * see into (TPC-H Q2's minimum cost per part, estimated at 60 million rows, is 460, and put part and partsupp,
     * co-located, in two stages). {@code largest} when no such input exists.
     */
    private static int largestWithColocatedPartner(List<Leaf> leaves, List<RexNode> conditions, int largest) {
        int best = -1;
        for (int i = 0; i < leaves.size(); i++) {
            Leaf l = leaves.get(i);
            if (l.chunked() && l.keyField() >= 0 && (best < 0 || l.rows() > leaves.get(best).rows())
                    && hasColocatedPartner(leaves, conditions, i)) {
                best = i;
            }
        }
        return best < 0 ? largest : best;
    }

    private static boolean hasColocatedPartner(List<Leaf> leaves, List<RexNode> conditions, int i) {
        Leaf l = leaves.get(i);
        for (int j = 0; j < leaves.size(); j++) {
            Leaf other = leaves.get(j);
            if (j != i && other.chunked() && other.keyField() >= 0 && colocated(l.scheme(), other.scheme())
                    && equated(conditions, Set.of(l.keyField()), other.keyField())) {
                return true;
            }
        }
        return false;
    }

    /** A condition {@code k = f} (either way round) with k one of {@code keys}. */
    private static boolean equated(List<RexNode> conditions, Set<Integer> keys, int field) {
        for (RexNode c : conditions) {
            int[] ab = SemiJoinReduction.columnsEqual(c);
            if (ab != null && (keys.contains(ab[0]) && ab[1] == field || keys.contains(ab[1]) && ab[0] == field)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether some condition links leaf {@code i} to the leaves used so far; with {@code equi}, only an equality of two
     * columns (TPC-DS q46 joined 10,731 rows with 50,000 addresses on {@code ca_city <> bought_city} before the customers
     * on their key: 501 million rows at scale factor 1).
     */
    private static boolean connected(List<RexNode> conditions, List<Leaf> leaves, BitSet used, int i, boolean equi) {
        for (RexNode c : conditions) {
            if (equi && !(c.getKind() == SqlKind.EQUALS && c instanceof RexCall call
                    && call.getOperands().stream().allMatch(o -> o instanceof RexInputRef))) {
                continue;
            }
            ImmutableBitSet refs = RelOptUtil.InputFinder.bits(c);
            boolean touchesI = false;
            boolean touchesUsed = false;
            for (int g : refs) {
                int owner = ownerOf(leaves, g);
                touchesI |= owner == i;
                touchesUsed |= used.get(owner);
            }
            if (touchesI && touchesUsed) {
                return true;
            }
        }
        return false;
    }

    private static int ownerOf(List<Leaf> leaves, int field) {
        for (int i = leaves.size() - 1; i >= 0; i--) {
            if (field >= leaves.get(i).start()) {
                return i;
            }
        }
        return 0;
    }

    /** Where column {@code key} of the projection's input is in its output, or -1. */
    private static int projected(Project p, int key) {
        for (int i = 0; i < p.getProjects().size(); i++) {
            if (p.getProjects().get(i) instanceof RexInputRef ref && ref.getIndex() == key) {
                return i;
            }
        }
        return -1;
    }

    private static List<Integer> identity(int n) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(i);
        }
        return out;
    }

    /**
     * What the order needs to know of one join input: where its rows live and how many there are.
     *
     * @param start    its first field among the concatenated fields of all inputs
     * @param scheme   partitioning scheme of a chunked input, null otherwise
     * @param keyField global position of its single partitioning key column, -1 when not visible
     */
    record Leaf(int start, boolean chunked, PartitioningScheme scheme, int keyField, double rows) {
        static Leaf of(RelNode input, int start, RelMetadataQuery mq) {
            Double estimate = mq.getRowCount(input);
            double rows = estimate == null ? 1e6 : estimate;
            RelNode r = input;
            // filters, projections, aggregates and semi (anti) joins between the join and the table, top first: a semi
            // join's rows are its left input's, where they were (ExistsJoins places it on the input it filters)
            List<RelNode> above = new ArrayList<>();
            while (r instanceof Filter || r instanceof Project || r instanceof Aggregate a && a.getGroupType() == Aggregate.Group.SIMPLE
                    || r instanceof Join j && (j.getJoinType() == JoinRelType.SEMI || j.getJoinType() == JoinRelType.ANTI)) {
                above.add(0, r);
                r = r.getInput(0);
            }
            if (!(r instanceof TableScan scan) || scan.getTable().unwrap(HadoopDbTable.class) == null) {
                return new Leaf(start, true, null, -1, rows);
            }
            HadoopDbTable table = scan.getTable().unwrap(HadoopDbTable.class);
            if (table.info().isReplicated()) {
                return above.stream().anyMatch(Aggregate.class::isInstance) ? new Leaf(start, true, null, -1, rows)
                        : new Leaf(start, false, null, -1, rows);
            }
            if (table.info().partitionKeys().size() != 1) {
                return new Leaf(start, true, above.stream().anyMatch(Aggregate.class::isInstance) ? null : table.scheme(), -1, rows);
            }
            int key = table.info().columnIndex(table.info().partitionKeys().get(0));
            for (RelNode node : above) {
                if (node instanceof Project p) {
                    key = projected(p, key);
                } else if (node instanceof Aggregate a) {
                    // grouped on the key, the groups stay in the chunks, the key among the group columns; on other
                    // columns, the rows leave their chunks: not co-located with anything
                    if (!a.getGroupSet().get(key)) {
                        return new Leaf(start, true, null, -1, rows);
                    }
                    key = a.getGroupSet().indexOf(key);
                }
                if (key < 0) {
                    break;
                }
            }
            return new Leaf(start, true, table.scheme(), key < 0 ? -1 : start + key, rows);
        }
    }
}
