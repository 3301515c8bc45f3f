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
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;
import org.hadoopdb.planner.PlannerException;

/**
 * Rewrites {@code GROUPING SETS}, {@code ROLLUP} and {@code CUBE} into a {@code UNION ALL} of plain
 * aggregates, one per grouping set, each padding the columns it does not group by with NULLs and
 * answering {@code GROUPING(…)} with the constant its set implies. Plain aggregates are what the SMS
 * split knows how to place: a set containing the partitioning key runs whole in the chunks, the
 * others as partial and final aggregates. When every aggregate can be merged (sums, counts, minima, maxima,
 * averages as their sums and counts), the sets are aggregated from one aggregate on all their columns, which reads the
 * query's input once ({@link #rollable}); otherwise each set aggregates the input.
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
        RelNode base = rollable(plainCalls) && sets.size() > 1 ? base(input, aggregate.getGroupSet(), plainCalls) : null;
        for (int s = 0; s < sets.size(); s++) {
            ImmutableBitSet set = sets.get(s);
            if (base == null) {
                builder.push(input).aggregate(builder.groupKey(set), plainCalls);
            } else {
                rolledUp(base, aggregate.getGroupSet(), set, plainCalls);
            }
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

    /**
     * True when each call's value over a group is computed from its values over the finer groups it is made of: a sum
     * is the sum of the sums, a count the sum of the counts, a minimum the least minimum, an average the sum of the sums
     * divided by the sum of the counts (not a DISTINCT or a filtered call). Every grouping set is then aggregated from one
     * aggregate on all the grouped columns, so the query's joins and scans run once, not once per set: TPC-DS q36's
     * three sets of store sales by category and class, q70's, q86's, q18's and q27's averages.
     */
    private static boolean rollable(List<AggregateCall> calls) {
        for (AggregateCall call : calls) {
            SqlKind kind = call.getAggregation().getKind();
            if (call.isDistinct() || call.filterArg >= 0 || call.isApproximate()
                    || !(kind == SqlKind.SUM || kind == SqlKind.SUM0 || kind == SqlKind.COUNT || kind == SqlKind.MIN
                    || kind == SqlKind.MAX || kind == SqlKind.AVG)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The aggregate on all the grouped columns {@code all} that every set is aggregated from: the group columns, then
     * each call's partial state, one column per call but two for an average (its SUM and COUNT, as the SMS split's
     * partial aggregates carry it: {@link MergedAverage#summed}).
     */
    private RelNode base(RelNode input, ImmutableBitSet all, List<AggregateCall> calls) {
        builder.push(input);
        List<RelBuilder.AggCall> partials = new ArrayList<>();
        for (AggregateCall call : calls) {
            if (call.getAggregation().getKind() == SqlKind.AVG) {
                RexNode x = builder.field(call.getArgList().get(0));
                partials.add(builder.sum(MergedAverage.summed(builder, x)));
                partials.add(builder.count(x));
            } else {
                partials.add(builder.aggregateCall(call));
            }
        }
        return builder.aggregate(builder.groupKey(all), partials).build();
    }

    /**
     * Pushes onto the builder grouping set {@code set} of the calls, aggregated from {@code base} (see {@link #base}).
     * The rows and columns are those {@code aggregate(groupKey(set), calls)} over the input gives.
     */
    private void rolledUp(RelNode base, ImmutableBitSet all, ImmutableBitSet set, List<AggregateCall> calls) {
        // even the set of all the columns is aggregated again (each group once): a projection of the base itself would
        // be appended to the base's own stage, which the other sets then could not share
        builder.push(base);
        List<Integer> columns = all.asList();
        List<RelBuilder.AggCall> merged = new ArrayList<>();
        int partial = columns.size();
        for (AggregateCall call : calls) {
            RexNode state = builder.field(partial++);
            RelBuilder.AggCall m = switch (call.getAggregation().getKind()) {
                case COUNT -> builder.aggregateCall(SqlStdOperatorTable.SUM0, state);
                case MIN -> builder.min(state);
                case MAX -> builder.max(state);
                case AVG -> builder.aggregateCall(new MergedAverage(call.getType()), state, builder.field(partial++));
                default -> builder.sum(state);
            };
            merged.add(m.as(call.getName()));
        }
        List<Integer> keys = new ArrayList<>();
        for (int column : set) {
            keys.add(columns.indexOf(column));
        }
        builder.aggregate(builder.groupKey(ImmutableBitSet.of(keys)), merged);
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
