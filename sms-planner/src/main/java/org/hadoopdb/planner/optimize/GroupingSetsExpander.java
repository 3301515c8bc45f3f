package org.hadoopdb.planner.optimize;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;
import org.hadoopdb.planner.PlannerException;

/**
 * Rewrites {@code GROUPING SETS}, {@code ROLLUP} and {@code CUBE} into a {@code UNION ALL} of plain
 * aggregates, one per grouping set, each padding the columns it does not group by with NULLs and
 * answering {@code GROUPING(…)} with the constant its set implies. Plain aggregates are what the SMS
 * split knows how to place: a set containing the partitioning key runs whole in the chunks, the
 * others as partial and final aggregates; sets over the same table stay one statement per chunk.
 */
final class GroupingSetsExpander extends RelShuttleImpl {
    private final RelBuilder builder;

    GroupingSetsExpander(RelBuilder builder) {
        this.builder = builder;
    }

    static RelNode expand(RelNode rel, RelBuilder builder) {
        return rel.accept(new GroupingSetsExpander(builder));
    }

    @Override
    public RelNode visit(LogicalAggregate aggregate) {
        RelNode input = aggregate.getInput().accept(this);
        if (aggregate.getGroupType() == Aggregate.Group.SIMPLE) {
            return aggregate.copy(aggregate.getTraitSet(), List.of(input));
        }
        RexBuilder rex = aggregate.getCluster().getRexBuilder();
        List<Integer> groupFields = aggregate.getGroupSet().asList();
        RelDataType rowType = aggregate.getRowType();
        List<AggregateCall> plainCalls = new ArrayList<>();
        for (AggregateCall call : aggregate.getAggCallList()) {
            if (!isGrouping(call)) {
                plainCalls.add(call);
            }
        }
        List<ImmutableBitSet> sets = aggregate.getGroupSets();
        for (int s = 0; s < sets.size(); s++) {
            ImmutableBitSet set = sets.get(s);
            builder.push(input).aggregate(builder.groupKey(set), plainCalls);
            List<RexNode> fields = new ArrayList<>();
            for (int g = 0; g < groupFields.size(); g++) {
                int column = groupFields.get(g);
                RelDataType type = rowType.getFieldList().get(g).getType();
                fields.add(set.get(column)
                        ? rex.makeCast(SqlParserPos.ZERO, type, builder.field(set.indexOf(column)), true, false)
                        : rex.makeNullLiteral(type));
            }
            int next = set.cardinality();
            int occurrence = occurrencesBefore(sets, s);
            for (int c = 0; c < aggregate.getAggCallList().size(); c++) {
                AggregateCall call = aggregate.getAggCallList().get(c);
                RelDataType type = rowType.getFieldList().get(groupFields.size() + c).getType();
                if (isGrouping(call)) {
                    fields.add(rex.makeExactLiteral(java.math.BigDecimal.valueOf(groupingValue(call, set, occurrence)), type));
                } else {
                    fields.add(rex.makeCast(SqlParserPos.ZERO, type, builder.field(next++), true, false));
                }
            }
            builder.project(fields, rowType.getFieldNames(), true);
        }
        builder.union(true, sets.size());
        RelNode union = builder.build();
        if (!union.getRowType().getFieldNames().equals(rowType.getFieldNames())) {
            throw new PlannerException("Internal error expanding GROUPING SETS: columns " + union.getRowType()
                    + " instead of " + rowType);
        }
        return union;
    }

    private static boolean isGrouping(AggregateCall call) {
        SqlKind kind = call.getAggregation().getKind();
        return kind == SqlKind.GROUPING || kind == SqlKind.GROUPING_ID || kind == SqlKind.GROUP_ID;
    }

    /** GROUPING(a, b, …): a bit per argument, most significant first, 1 when the set does not group by it. */
    private static long groupingValue(AggregateCall call, ImmutableBitSet set, int occurrence) {
        if (call.getAggregation().getKind() == SqlKind.GROUP_ID) {
            return occurrence;
        }
        long v = 0;
        for (int arg : call.getArgList()) {
            v = (v << 1) | (set.get(arg) ? 0 : 1);
        }
        return v;
    }

    /** How many times {@code sets[s]} occurred before position s: GROUP_ID() numbers duplicate sets. */
    private static int occurrencesBefore(List<ImmutableBitSet> sets, int s) {
        int n = 0;
        for (int i = 0; i < s; i++) {
            if (sets.get(i).equals(sets.get(s))) {
                n++;
            }
        }
        return n;
    }
}
