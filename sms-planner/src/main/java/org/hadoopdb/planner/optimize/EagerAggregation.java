package org.hadoopdb.planner.optimize;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Eager aggregation through inner joins that move rows: when every argument of an aggregate's {@code SUM}, {@code MIN},
 * {@code MAX} and {@code COUNT} calls comes from one input of an inner join that cannot run inside the chunks (two
 * chunked inputs not co-located on the keys it equates), no group and no join above uses that input's other columns,
 * and the other input has no filter, that input is aggregated first, grouped on its join keys; the aggregate above then
 * adds up (or takes the least or greatest of) the partial values. Each row above meets the partial value of exactly the rows it met before, so the answer is the same; what
 * crosses the network is one row per group of the input instead of each of its rows, and the other input's wide
 * columns meet those groups instead of every row.
 *
 * <p>The joins above the chosen one may run inside the chunks (replicated or co-located inputs). Grouped on more than
 * its join keys, the input would have about as many groups as rows (TPC-H Q3 groups its order lines by order); with a
 * filter on the other input, that input's keys reduce this one better ({@link SemiJoinReduction}). TPC-H Q10 sums 114,000 order lines of a quarter for the customers who returned them:
 * it broadcast all 150,000 customers to the order lines' map tasks and shuffled the joined wide rows; the order lines are
 * now summed per customer key in their chunks, and 38,000 sums meet their customers.
 *
 * <pre>
 * SELECT c_custkey, c_name, sum(l_extendedprice) FROM customer JOIN orders ON c_custkey = o_custkey
 *     JOIN lineitem ON l_orderkey = o_orderkey GROUP BY c_custkey, c_name
 *   becomes
 * SELECT c_custkey, c_name, sum(s) FROM customer JOIN
 *     (SELECT o_custkey, sum(l_extendedprice) AS s FROM orders JOIN lineitem ON l_orderkey = o_orderkey GROUP BY o_custkey) o
 *     ON c_custkey = o.o_custkey
 * GROUP BY c_custkey, c_name
 * </pre>
 *
 * <p>Runs after {@link JoinOrder}, whose order puts co-located inputs together: the input aggregated first is then the
 * whole co-located part (orders and lineitem), not one table of it.
 */
final class EagerAggregation extends RelShuttleImpl {
    private final RelBuilder builder;

    private EagerAggregation(RelBuilder builder) {
        this.builder = builder;
    }

    static RelNode rewrite(RelNode rel, RelBuilder builder) {
        return rel.accept(new EagerAggregation(builder));
    }

    @Override
    public RelNode visit(LogicalAggregate aggregate) {
        RelNode visited = super.visit(aggregate);
        if (!(visited instanceof LogicalAggregate agg) || agg.getGroupType() != Aggregate.Group.SIMPLE || agg.getAggCallList().isEmpty()) {
            return visited;
        }
        // the aggregate's input fields as expressions over the join's fields, through the projections between them
        RelNode input = agg.getInput();
        List<RexNode> fields = new ArrayList<>(input.getCluster().getRexBuilder().identityProjects(input.getRowType()));
        while (input instanceof LogicalProject p) {
            fields = RelOptUtil.pushPastProject(fields, p);
            input = p.getInput();
        }
        if (!(input instanceof LogicalJoin top) || top.getJoinType() != JoinRelType.INNER) {
            return visited;
        }
        ImmutableBitSet.Builder used = ImmutableBitSet.builder();
        for (int g : agg.getGroupSet()) {
            if (!(fields.get(g) instanceof RexInputRef ref)) {
                return visited;
            }
            used.set(ref.getIndex());
        }
        List<RexNode> args = new ArrayList<>();
        ImmutableBitSet.Builder argFields = ImmutableBitSet.builder();
        for (AggregateCall c : agg.getAggCallList()) {
            if (!supported(c)) {
                return visited;
            }
            RexNode arg = c.getArgList().isEmpty() ? null : fields.get(c.getArgList().get(0));
            // a window function over the joined rows would be computed over the input's rows alone
            if (arg != null && (!RexUtil.isDeterministic(arg) || org.apache.calcite.rex.RexOver.containsOver(arg))) {
                return visited;
            }
            args.add(arg);
            if (arg != null) {
                argFields.addAll(RelOptUtil.InputFinder.bits(arg));
            }
        }
        if (argFields.isEmpty()) {
            return visited;
        }
        Path path = Path.find(top, used.build(), argFields.build());
        if (path == null) {
            return visited;
        }
        return rebuild(agg, path, fields, args);
    }

    private static boolean supported(AggregateCall c) {
        SqlKind kind = c.getAggregation().getKind();
        boolean known = kind == SqlKind.SUM || kind == SqlKind.SUM0 || kind == SqlKind.MIN || kind == SqlKind.MAX
                || kind == SqlKind.COUNT;
        return known && c.getArgList().size() <= 1 && (kind == SqlKind.COUNT || c.getArgList().size() == 1) && !c.isDistinct()
                && c.filterArg < 0 && !c.hasCollation() && !c.isApproximate();
    }

    /**
     * The joins from the top down to the one whose input is aggregated first: at each, the side holding every argument
     * (true for left); the last join moves rows, those above it run inside the chunks. {@code groups} holds the
     * aggregated input's keys in the last join (fields among the top join's).
     */
    private record Path(List<LogicalJoin> joins, List<Integer> offsets, List<Boolean> left, ImmutableBitSet groups) {
        static Path find(LogicalJoin top, ImmutableBitSet used, ImmutableBitSet argFields) {
            List<LogicalJoin> joins = new ArrayList<>();
            List<Integer> offsets = new ArrayList<>();
            List<Boolean> left = new ArrayList<>();
            RelNode node = top;
            int offset = 0;
            ImmutableBitSet needed = used;
            while (node instanceof LogicalJoin j && j.getJoinType() == JoinRelType.INNER) {
                int leftWidth = j.getLeft().getRowType().getFieldCount();
                int width = j.getRowType().getFieldCount();
                ImmutableBitSet leftRange = ImmutableBitSet.range(offset, offset + leftWidth);
                ImmutableBitSet rightRange = ImmutableBitSet.range(offset + leftWidth, offset + width);
                boolean onLeft = leftRange.contains(argFields);
                if (!onLeft && !rightRange.contains(argFields)) {
                    return null;
                }
                joins.add(j);
                offsets.add(offset);
                left.add(onLeft);
                ImmutableBitSet side = onLeft ? leftRange : rightRange;
                if (!ImpliedFilters.inChunks(j)) {
                    if (needed.intersects(side) || SemiJoinReduction.filtered(onLeft ? j.getRight() : j.getLeft())) {
                        return null;
                    }
                    // without keys, the input would become one row, even when it has none
                    ImmutableBitSet keys = RelOptUtil.InputFinder.bits(j.getCondition()).shift(offset).intersect(side);
                    return keys.isEmpty() ? null : new Path(joins, offsets, left, keys);
                }
                needed = needed.union(RelOptUtil.InputFinder.bits(j.getCondition()).shift(offset));
                node = onLeft ? j.getLeft() : j.getRight();
                offset = onLeft ? offset : offset + leftWidth;
            }
            return null;
        }
    }

    private RelNode rebuild(LogicalAggregate agg, Path path, List<RexNode> fields, List<RexNode> args) {
        int last = path.joins().size() - 1;
        LogicalJoin moving = path.joins().get(last);
        boolean onLeft = path.left().get(last);
        RelNode side = onLeft ? moving.getLeft() : moving.getRight();
        int sideStart = path.offsets().get(last) + (onLeft ? 0 : moving.getLeft().getRowType().getFieldCount());
        int sideWidth = side.getRowType().getFieldCount();

        // the aggregated input: its kept columns, then one partial value per call
        List<Integer> kept = path.groups().asList();
        List<RexNode> projected = new ArrayList<>();
        for (int f : kept) {
            projected.add(builder.getRexBuilder().makeInputRef(side, f - sideStart));
        }
        builder.push(side);
        List<RelBuilder.AggCall> partials = new ArrayList<>();
        List<AggregateCall> calls = agg.getAggCallList();
        for (int i = 0; i < calls.size(); i++) {
            RexNode arg = args.get(i);
            RexNode local = arg == null ? null : RexUtil.shift(arg, -sideStart);
            RexNode field = null;
            if (local != null) {
                projected.add(local);
                field = builder.getRexBuilder().makeInputRef(local.getType(), projected.size() - 1);
            }
            partials.add(partial(calls.get(i), field, "p" + i));
        }
        builder.project(projected);
        builder.aggregate(builder.groupKey(ImmutableBitSet.range(kept.size())), partials);
        RelNode aggregated = builder.build();

        // old field (of the aggregated input's range, among the join's) -> new position, from the input upwards
        int[] map = new int[sideWidth];
        java.util.Arrays.fill(map, -1);
        for (int k = 0; k < kept.size(); k++) {
            map[kept.get(k) - sideStart] = k;
        }
        int partialAt = kept.size();
        RelNode rebuilt = aggregated;
        int[] fieldMap = map;
        for (int level = last; level >= 0; level--) {
            LogicalJoin j = path.joins().get(level);
            boolean left = path.left().get(level);
            int leftWidth = j.getLeft().getRowType().getFieldCount();
            int width = j.getRowType().getFieldCount();
            RelNode newLeft = left ? rebuilt : j.getLeft();
            RelNode newRight = left ? j.getRight() : rebuilt;
            int newLeftWidth = newLeft.getRowType().getFieldCount();
            int[] joinMap = new int[width];
            for (int f = 0; f < width; f++) {
                if (f < leftWidth) {
                    joinMap[f] = left ? fieldMap[f] : f;
                } else {
                    int r = f - leftWidth;
                    joinMap[f] = left ? newLeftWidth + r : fieldMap[r] < 0 ? -1 : newLeftWidth + fieldMap[r];
                }
            }
            if (!left) {
                partialAt += newLeftWidth;
            }
            RexNode condition = JoinOrder.remap(j.getCondition(), joinMap, builder.getRexBuilder());
            rebuilt = j.copy(j.getTraitSet(), condition, newLeft, newRight, j.getJoinType(), j.isSemiJoinDone());
            fieldMap = joinMap;
        }

        // the groups over the rebuilt joins, in the aggregate's order, then the partial values, added up
        builder.push(rebuilt);
        List<RexNode> out = new ArrayList<>();
        for (int g : agg.getGroupSet()) {
            out.add(JoinOrder.remap(fields.get(g), fieldMap, builder.getRexBuilder()));
        }
        int groups = out.size();
        for (int i = 0; i < calls.size(); i++) {
            out.add(builder.field(partialAt + i));
        }
        builder.project(out);
        List<RelBuilder.AggCall> finals = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            finals.add(combine(calls.get(i), builder.field(groups + i)));
        }
        builder.aggregate(builder.groupKey(ImmutableBitSet.range(groups)), finals);
        return builder.convert(agg.getRowType(), true).build();
    }

    private RelBuilder.AggCall partial(AggregateCall c, RexNode field, String name) {
        return switch (c.getAggregation().getKind()) {
            case COUNT -> field == null ? builder.count(false, name) : builder.count(false, name, field);
            case MIN -> builder.min(name, field);
            case MAX -> builder.max(name, field);
            case SUM0 -> builder.aggregateCall(SqlStdOperatorTable.SUM0, field).as(name);
            default -> builder.sum(false, name, field);
        };
    }

    private RelBuilder.AggCall combine(AggregateCall c, RexNode partial) {
        return switch (c.getAggregation().getKind()) {
            // a group of the rows above meets at least one partial count: SUM0 and SUM agree, SUM0 is never null
            case COUNT, SUM0 -> builder.aggregateCall(SqlStdOperatorTable.SUM0, partial).as(c.getName());
            case MIN -> builder.min(c.getName(), partial);
            case MAX -> builder.max(c.getName(), partial);
            default -> builder.sum(false, c.getName(), partial);
        };
    }
}
