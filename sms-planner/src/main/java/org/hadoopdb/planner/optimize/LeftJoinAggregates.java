package org.hadoopdb.planner.optimize;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Eager aggregation through a LEFT join: an aggregate whose groups are columns of the join's left input and whose
 * calls are {@code COUNT}, {@code MIN} or {@code MAX} of the right input's columns is first computed on the right input,
 * grouped on its join keys, and the counts of the left rows' matches are then added up ({@code SUM0}: a left row without
 * a match counts none). Each left row meets at most one group, so the answer is the same. TPC-H Q13 counts the orders of
 * each customer: it joined 150,000 customers with 1.5 million orders held in memory, and now joins them with one count
 * per customer that has orders, which the chunks compute in part.
 *
 * <pre>
 * SELECT c_custkey, count(o_orderkey) FROM customer LEFT JOIN orders ON c_custkey = o_custkey GROUP BY c_custkey
 *   becomes
 * SELECT c_custkey, $SUM0(n) FROM customer LEFT JOIN
 *     (SELECT o_custkey, count(o_orderkey) AS n FROM orders GROUP BY o_custkey) o ON c_custkey = o.o_custkey
 * GROUP BY c_custkey
 * </pre>
 */
final class LeftJoinAggregates extends RelShuttleImpl {
    private final RelBuilder builder;

    private LeftJoinAggregates(RelBuilder builder) {
        this.builder = builder;
    }

    static RelNode rewrite(RelNode rel, RelBuilder builder) {
        return rel.accept(new LeftJoinAggregates(builder));
    }

    @Override
    public RelNode visit(org.apache.calcite.rel.logical.LogicalAggregate aggregate) {
        RelNode visited = super.visit(aggregate);
        if (!(visited instanceof LogicalAggregate agg) || agg.getGroupType() != org.apache.calcite.rel.core.Aggregate.Group.SIMPLE
                || agg.getAggCallList().isEmpty()) {
            return visited;
        }
        RelNode input = agg.getInput();
        // a projection of plain columns between the aggregate and the join: its fields map to the join's
        int[] fieldOf;
        LogicalJoin join;
        if (input instanceof LogicalProject p && p.getInput() instanceof LogicalJoin j) {
            fieldOf = new int[p.getProjects().size()];
            for (int i = 0; i < fieldOf.length; i++) {
                fieldOf[i] = p.getProjects().get(i) instanceof RexInputRef ref ? ref.getIndex() : -1;
            }
            join = j;
        } else if (input instanceof LogicalJoin j) {
            fieldOf = new int[j.getRowType().getFieldCount()];
            for (int i = 0; i < fieldOf.length; i++) {
                fieldOf[i] = i;
            }
            join = j;
        } else {
            return visited;
        }
        if (join.getJoinType() != JoinRelType.LEFT) {
            return visited;
        }
        JoinInfo info = JoinInfo.createWithStrictEquality(join.getLeft(), join.getRight(), join.getCondition());
        int leftWidth = join.getLeft().getRowType().getFieldCount();
        if (!info.isEqui() || info.leftKeys.isEmpty()) {
            return visited;
        }
        List<Integer> groups = new ArrayList<>();
        for (int g : agg.getGroupSet()) {
            if (fieldOf[g] < 0 || fieldOf[g] >= leftWidth) {
                return visited;
            }
            groups.add(fieldOf[g]);
        }
        List<AggregateCall> calls = agg.getAggCallList();
        List<Integer> args = new ArrayList<>();
        for (AggregateCall c : calls) {
            boolean supported = c.getAggregation().getKind() == SqlKind.COUNT && c.getArgList().size() == 1
                    || (c.getAggregation().getKind() == SqlKind.MIN || c.getAggregation().getKind() == SqlKind.MAX) && c.getArgList().size() == 1;
            if (!supported || c.isDistinct() || c.filterArg >= 0 || c.hasCollation()) {
                return visited;
            }
            int arg = fieldOf[c.getArgList().get(0)];
            if (arg < leftWidth) {
                return visited;
            }
            args.add(arg - leftWidth);
        }
        // the right input, grouped on its join keys, with each call's partial value
        builder.push(join.getRight());
        List<RelBuilder.AggCall> partials = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            AggregateCall c = calls.get(i);
            RexNode field = builder.field(args.get(i));
            partials.add(c.getAggregation().getKind() == SqlKind.COUNT ? builder.count(false, "n" + i, field)
                    : c.getAggregation().getKind() == SqlKind.MIN ? builder.min("n" + i, field) : builder.max("n" + i, field));
        }
        builder.aggregate(builder.groupKey(ImmutableBitSet.of(info.rightKeys)), partials);
        RelNode grouped = builder.build();
        // the grouped keys come out in ascending field order: find each join key's position among them
        List<Integer> rightKeysSorted = ImmutableBitSet.of(info.rightKeys).asList();
        builder.push(join.getLeft()).push(grouped);
        List<RexNode> equalities = new ArrayList<>();
        for (int k = 0; k < info.leftKeys.size(); k++) {
            equalities.add(builder.equals(builder.field(2, 0, info.leftKeys.get(k)),
                    builder.field(2, 1, rightKeysSorted.indexOf(info.rightKeys.get(k)))));
        }
        builder.join(JoinRelType.LEFT, equalities);
        int partialStart = leftWidth + rightKeysSorted.size();
        List<RelBuilder.AggCall> finals = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            AggregateCall c = calls.get(i);
            RexNode partial = builder.field(partialStart + i);
            finals.add(c.getAggregation().getKind() == SqlKind.COUNT
                    ? builder.aggregateCall(SqlStdOperatorTable.SUM0, partial).as(c.getName())
                    : c.getAggregation().getKind() == SqlKind.MIN ? builder.min(c.getName(), partial) : builder.max(c.getName(), partial));
        }
        builder.aggregate(builder.groupKey(ImmutableBitSet.of(groups)), finals);
        // the group columns come out in ascending order of the join's fields: put them back in the aggregate's order
        List<Integer> sortedGroups = ImmutableBitSet.of(groups).asList();
        List<RexNode> out = new ArrayList<>();
        for (int g : groups) {
            out.add(builder.field(sortedGroups.indexOf(g)));
        }
        for (int i = 0; i < calls.size(); i++) {
            out.add(builder.field(sortedGroups.size() + i));
        }
        builder.project(out);
        return builder.convert(agg.getRowType(), true).build();
    }
}
