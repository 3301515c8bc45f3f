package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilder;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.analyze.TypeMapping;
import org.hadoopdb.planner.optimize.MergedAverage;
import org.hadoopdb.planner.plan.AggCall;
import org.hadoopdb.planner.plan.OperatorSpec;

/**
 * An aggregate, in the first of three ways that applies: entirely in the chunks when each chunk holds
 * whole groups; as a pushed partial aggregate merged by group in the reducers (see
 * {@link PartialAggregate}); or from raw rows in the reducers.
 */
final class AggregateSplit implements OperatorSplit<Aggregate> {
    private final SplitContext ctx;

    AggregateSplit(SplitContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Fragment split(Aggregate a) {
        if (a.getGroupType() != Aggregate.Group.SIMPLE) {
            throw new PlannerException("GROUPING SETS, ROLLUP and CUBE are not supported yet");
        }
        if (a.getAggCallList().stream().anyMatch(c -> c.getAggregation().getKind() == SqlKind.LITERAL_AGG)) {
            return ctx.split(withoutLiteralAggregates(a));
        }
        Fragment in = ctx.split(a.getInput());
        if (in instanceof Fragment.Pushed p) {
            String why = whyNotPushable(a);
            if (why == null && p.placement().keepsTogether(a.getGroupSet())) {
                return new Fragment.Pushed(a.copy(a.getTraitSet(), List.of(p.rel())),
                        p.placement().afterAggregate(a.getGroupSet()));
            }
            if (why == null && PartialAggregate.decomposable(a)) {
                return merged(a, p);
            }
            if (why != null) {
                ctx.note("Aggregate runs in MapReduce from raw rows: " + why);
            }
        }
        return complete(a, ctx.stageForShuffle(in, "chunk rows for MapReduce (aggregate that cannot be split)"));
    }

    /** Partial aggregates computed in every chunk, merged by group in the reducers. */
    private Fragment merged(Aggregate a, Fragment.Pushed p) {
        int groups = a.getGroupSet().cardinality();
        PartialAggregate.Result split = PartialAggregate.split(a, p.rel(), ctx.relBuilder());
        StageBuilder stage = ctx.stageForShuffle(new Fragment.Pushed(split.partial(), p.placement()), "partial aggregate");
        stage.shuffle(Shuffles.byGroup(stage.currentSchema(), groups, ctx.costs().reducers(split.partial()),
                groups == 0 ? "global aggregate: merge the chunks' partial results in one reducer"
                        : "GROUP BY does not contain the partitioning key: merge partial aggregates by group"));
        stage.append(new OperatorSpec.Aggregate(groups, split.finals(), OperatorSpec.Aggregate.Mode.MERGE,
                RowSchemas.of(a.getRowType())));
        return new Fragment.Staged(stage, a.getRowType(), false);
    }

    /** Aggregates raw rows in the reducers: group fields and arguments are brought to the front, then shuffled by group. */
    private Fragment complete(Aggregate a, StageBuilder stage) {
        int groups = a.getGroupSet().cardinality();
        List<Integer> fields = new ArrayList<>(a.getGroupSet().asList());
        List<AggCall> calls = new ArrayList<>();
        for (AggregateCall call : a.getAggCallList()) {
            if (call.isDistinct() || call.filterArg >= 0) {
                throw new PlannerException("Aggregate " + call + " cannot run in MapReduce yet");
            }
            int[] args = new int[call.getArgList().size()];
            for (int i = 0; i < args.length; i++) {
                args[i] = fields.size();
                fields.add(call.getArgList().get(i));
            }
            calls.add(new AggCall(completeKind(call), args, TypeMapping.toHive(call.getType(), "aggregate " + call.getName()),
                    call.getName() == null ? "agg" + calls.size() : call.getName(), UserCalls.of(call, a.getInput())));
        }
        RowSchema before = stage.currentSchema();
        int[] select = fields.stream().mapToInt(Integer::intValue).toArray();
        stage.append(new OperatorSpec.Select(select, before.project(select)));
        stage.shuffle(Shuffles.byGroup(stage.currentSchema(), groups, ctx.costs().reducers(a.getInput()),
                "aggregate over rows computed in MapReduce"));
        stage.append(new OperatorSpec.Aggregate(groups, calls, mode(a), RowSchemas.of(a.getRowType())));
        return new Fragment.Staged(stage, a.getRowType(), false);
    }

    /**
     * MERGE for an aggregate of averages' sums and counts ({@link MergedAverage}: the (sum, count) pairs the merge of
     * an AVG reads); its other calls then have to be those whose merge is their own computation (a sum, a minimum).
     */
    private static OperatorSpec.Aggregate.Mode mode(Aggregate a) {
        if (a.getAggCallList().stream().noneMatch(c -> c.getAggregation() instanceof MergedAverage)) {
            return OperatorSpec.Aggregate.Mode.COMPLETE;
        }
        for (AggregateCall call : a.getAggCallList()) {
            if (!(call.getAggregation() instanceof MergedAverage) && !EnumSet.of(SqlKind.SUM, SqlKind.SUM0, SqlKind.MIN,
                    SqlKind.MAX).contains(call.getAggregation().getKind())) {
                throw new PlannerException("Internal error: " + call + " aggregated with merged averages");
            }
        }
        return OperatorSpec.Aggregate.Mode.MERGE;
    }

    private String whyNotPushable(Aggregate a) {
        for (AggregateCall call : a.getAggCallList()) {
            String why = ctx.pushdown().whyNotPushable(call);
            if (why != null) {
                return call + ": " + why;
            }
        }
        return null;
    }

    /**
     * The same aggregate with its LITERAL_AGG calls (a constant per group, which Calcite's sub-query
     * rewrites use to mark "a row matched") computed by a projection above it instead.
     */
    private RelNode withoutLiteralAggregates(Aggregate a) {
        RelBuilder relBuilder = ctx.relBuilder();
        List<AggregateCall> kept = new ArrayList<>();
        for (AggregateCall call : a.getAggCallList()) {
            if (call.getAggregation().getKind() != SqlKind.LITERAL_AGG) {
                kept.add(call);
            }
        }
        relBuilder.push(a.getInput()).aggregate(relBuilder.groupKey(a.getGroupSet()), kept);
        int groups = a.getGroupSet().cardinality();
        List<RexNode> fields = new ArrayList<>();
        for (int i = 0; i < groups; i++) {
            fields.add(relBuilder.field(i));
        }
        int next = groups;
        for (AggregateCall call : a.getAggCallList()) {
            fields.add(call.getAggregation().getKind() == SqlKind.LITERAL_AGG ? call.rexList.get(0) : relBuilder.field(next++));
        }
        return relBuilder.project(fields, a.getRowType().getFieldNames(), true).build();
    }

    private static AggCall.Kind completeKind(AggregateCall call) {
        if (call.getAggregation() instanceof org.hadoopdb.functions.HiveAggregateFunction hive) {
            return AggCall.Kind.valueOf(hive.kind().name());
        }
        if (call.getAggregation() instanceof org.hadoopdb.functions.udf.UserAggregateFunction) {
            return AggCall.Kind.USER;
        }
        if (call.getAggregation() instanceof MergedAverage) {
            return AggCall.Kind.AVG;
        }
        return switch (call.getAggregation().getKind()) {
            case COUNT -> call.getArgList().isEmpty() ? AggCall.Kind.COUNT_STAR : AggCall.Kind.COUNT;
            case SUM -> AggCall.Kind.SUM;
            case SUM0 -> AggCall.Kind.SUM0;
            case MIN -> AggCall.Kind.MIN;
            case MAX -> AggCall.Kind.MAX;
            case AVG -> AggCall.Kind.AVG;
            case VAR_POP -> AggCall.Kind.VAR_POP;
            case VAR_SAMP -> AggCall.Kind.VAR_SAMP;
            case STDDEV_POP -> AggCall.Kind.STDDEV_POP;
            case STDDEV_SAMP -> AggCall.Kind.STDDEV_SAMP;
            case SINGLE_VALUE -> AggCall.Kind.SINGLE_VALUE;
            default -> throw new PlannerException("Aggregate function " + call.getAggregation().getName()
                    + " cannot run in MapReduce");
        };
    }
}
