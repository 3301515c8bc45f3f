package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.planner.analyze.TypeMapping;
import org.hadoopdb.planner.optimize.MergedAverage;
import org.hadoopdb.planner.plan.AggCall;

/**
 * Splits an aggregate into a partial aggregate computed in every chunk and the final merge done in
 * the reducers (docs/architecture.md, "The SMS split": an aggregate splits into a partial aggregate, pushed,
 * and a final one).
 * AVG travels as (SUM, COUNT) and the variance family as (COUNT, mean, sum of squared deviations),
 * merged with Chan's parallel formula, so no chunk's average is ever averaged again.
 */
final class PartialAggregate {
    /** The partial aggregate to push and the merge specs for the reducers. */
    record Result(RelNode partial, List<AggCall> finals) {
    }

    private PartialAggregate() {
    }

    /** True when every call of {@code agg} can be computed as partial states and merged. */
    static boolean decomposable(Aggregate agg) {
        for (AggregateCall call : agg.getAggCallList()) {
            if (call.isDistinct() || call.filterArg >= 0 || !call.collation.getFieldCollations().isEmpty()) {
                return false;
            }
            switch (call.getAggregation().getKind()) {
                case COUNT, SUM, SUM0, MIN, MAX, AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> { }
                default -> {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Builds the partial aggregate over {@code input} (the pushed fragment under {@code agg}): group
     * fields first, then the partial states; and the final calls that merge them.
     */
    static Result split(Aggregate agg, RelNode input, RelBuilder b) {
        int groups = agg.getGroupSet().cardinality();
        b.push(input);
        List<RelBuilder.AggCall> partials = new ArrayList<>();
        List<AggCall> finals = new ArrayList<>();
        // which partial fields need m2 = var_pop * count (computed by a projection after the aggregate)
        List<int[]> m2Fields = new ArrayList<>();
        int next = groups;
        for (AggregateCall call : agg.getAggCallList()) {
            HiveType type = TypeMapping.toHive(call.getType(), "aggregate " + call.getName());
            String name = call.getName() == null ? "agg" + finals.size() : call.getName();
            List<RexNode> args = new ArrayList<>();
            for (int a : call.getArgList()) {
                args.add(b.field(a));
            }
            SqlKind kind = call.getAggregation().getKind();
            switch (kind) {
                case COUNT -> {
                    partials.add(b.aggregateCall(call.getAggregation(), args).as("p" + next));
                    // a count of chunk counts: 0, not NULL, when no chunk has a row
                    finals.add(new AggCall(AggCall.Kind.SUM0, new int[] {next++}, type, name));
                }
                case SUM, SUM0, MIN, MAX -> {
                    partials.add(b.aggregateCall(call.getAggregation(), args).as("p" + next));
                    finals.add(new AggCall(AggCall.Kind.valueOf(kind.name()), new int[] {next++}, type, name));
                }
                case AVG -> {
                    RexNode arg = args.get(0);
                    RexNode summed = MergedAverage.summed(b, arg);
                    partials.add(b.aggregateCall(SqlStdOperatorTable.SUM, summed).as("p" + next));
                    partials.add(b.count(false, "p" + (next + 1), arg));
                    finals.add(new AggCall(AggCall.Kind.AVG, new int[] {next, next + 1}, type, name));
                    next += 2;
                }
                case VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> {
                    RexNode asDouble = b.cast(args.get(0), SqlTypeName.DOUBLE);
                    partials.add(b.count(false, "p" + next, args.get(0)));
                    partials.add(b.aggregateCall(SqlStdOperatorTable.AVG, asDouble).as("p" + (next + 1)));
                    partials.add(b.aggregateCall(SqlStdOperatorTable.VAR_POP, asDouble).as("p" + (next + 2)));
                    m2Fields.add(new int[] {next, next + 2});
                    finals.add(new AggCall(AggCall.Kind.valueOf(kind.name()), new int[] {next, next + 1, next + 2}, type, name));
                    next += 3;
                }
                default -> throw new IllegalStateException("not decomposable: " + kind);
            }
        }
        b.aggregate(b.groupKey(agg.getGroupSet()), partials);
        if (!m2Fields.isEmpty()) {
            // m2 = var_pop * count: the sum of squared deviations, which merges exactly across chunks
            List<RexNode> fields = new ArrayList<>(b.fields());
            for (int[] f : m2Fields) {
                fields.set(f[1], b.call(SqlStdOperatorTable.MULTIPLY, b.field(f[1]),
                        b.cast(b.field(f[0]), SqlTypeName.DOUBLE)));
            }
            b.project(fields, b.peek().getRowType().getFieldNames(), true);
        }
        return new Result(b.build(), finals);
    }
}
