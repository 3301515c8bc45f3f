package org.hadoopdb.planner.optimize;

import java.util.List;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.tools.RelBuilder;

/**
 * The logical rewrites that run before the SMS split, in phases:
 * <ol>
 *   <li>a correlated {@code [NOT] EXISTS} in a WHERE clause becomes a semi (anti) join on the input it filters
 *       ({@link ExistsJoins}); other sub-queries ({@code IN}, {@code EXISTS}, scalar) become joins, correlated ones
 *       decorrelated;
 *   <li>{@code INTERSECT} and {@code EXCEPT} become a union of the tagged inputs and an aggregate
 *       ({@link SetOperations});
 *   <li>{@code GROUPING SETS}, {@code ROLLUP} and {@code CUBE} become a union of plain aggregates;
 *   <li>{@code COUNT(DISTINCT …)} and other distinct aggregates become two-level aggregates;
 *   <li>conjuncts shared by all branches of an OR are pulled out of it (join keys stated per branch), and an OR across
 *       a join's inputs adds the OR it implies on each input;
 *   <li>an aggregate of a LEFT join's right columns grouped on left columns is computed on the right input first
 *       ({@link LeftJoinAggregates}, eager aggregation);
 *   <li>inner joins are reordered so co-located and replicated tables join first, inside the chunks;
 *   <li>an aggregate's arguments that all come from one input of an inner join that moves rows are aggregated on that
 *       input first, grouped on its join keys ({@link EagerAggregation});
 *   <li>a scalar sub-query's comparison (an inner join with one row) moves under the semi or anti join that moves rows
 *       below it, so that it filters the lookup's keys ({@link ScalarFiltersFirst});
 *   <li>an input of inner joins that a small filtered input's keys reduce is semi-joined with it first
 *       ({@link SemiJoinReduction}, the magic-set rewrite of decorrelated sub-queries);
 *   <li>filters and projections move down towards the scans (so they can be pushed into the chunk
 *       SQL), adjacent ones merge, trivial ones disappear;
 *   <li>what can produce no row ({@code WHERE false}, {@code LIMIT 0}) becomes an empty VALUES
 *       ({@link EmptyResults});
 *   <li>window functions move out of projections into Window operators.
 * </ol>
 * Constant folding is left to {@code RexSimplify} (through RelBuilder); Calcite's own expression
 * evaluator does not know Hive's functions.
 */
public final class LogicalOptimizer {
    private static final List<RelOptRule> SUB_QUERIES = List.of(
            CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
            CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE,
            CoreRules.JOIN_SUB_QUERY_TO_CORRELATE);

    private static final List<RelOptRule> DISTINCT_AGGREGATES = List.of(
            // a DISTINCT aggregate next to plain ones becomes a join of two aggregates (no FILTERed aggregates to merge in MapReduce)
            CoreRules.AGGREGATE_EXPAND_DISTINCT_AGGREGATES_TO_JOIN,
            CoreRules.AGGREGATE_PROJECT_MERGE);

    /** Filters into join conditions and inputs, without the projections that would separate nested joins. */
    private static final List<RelOptRule> FILTERS_INTO_JOINS = List.of(
            CoreRules.FILTER_MERGE,
            CoreRules.FILTER_PROJECT_TRANSPOSE,
            FilterGenerateTranspose.INSTANCE,
            CoreRules.FILTER_INTO_JOIN,
            CoreRules.JOIN_CONDITION_PUSH,
            CoreRules.PROJECT_MERGE,
            CoreRules.PROJECT_REMOVE);

    private static final List<RelOptRule> PUSH_DOWN = List.of(
            CoreRules.FILTER_MERGE,
            CoreRules.FILTER_PROJECT_TRANSPOSE,
            FilterGenerateTranspose.INSTANCE,
            CoreRules.FILTER_AGGREGATE_TRANSPOSE,
            CoreRules.FILTER_INTO_JOIN,
            CoreRules.JOIN_CONDITION_PUSH,
            CoreRules.JOIN_PUSH_EXPRESSIONS,
            CoreRules.FILTER_SET_OP_TRANSPOSE,
            CoreRules.PROJECT_JOIN_TRANSPOSE,
            CoreRules.PROJECT_MERGE,
            CoreRules.PROJECT_REMOVE,
            CoreRules.PROJECT_SET_OP_TRANSPOSE,
            CoreRules.AGGREGATE_PROJECT_MERGE,
            CoreRules.AGGREGATE_REMOVE,
            CoreRules.SORT_REMOVE_CONSTANT_KEYS,
            CoreRules.UNION_MERGE,
            CoreRules.UNION_REMOVE,
            CoreRules.UNION_TO_DISTINCT);

    private LogicalOptimizer() {
    }

    public static RelNode optimize(RelNode rel) {
        RelNode r = run(ExistsJoins.rewrite(LateralViews.toGenerates(rel)), SUB_QUERIES);
        RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(r.getCluster(), null);
        r = RelDecorrelator.decorrelateQuery(r, builder);
        r = SetOperations.expand(r, builder);
        r = GroupingSetsExpander.expand(r, builder);
        r = run(r, DISTINCT_AGGREGATES);
        // mixing DISTINCT and plain aggregates expands into GROUPING SETS: expand those too
        r = GroupingSetsExpander.expand(r, builder);
        r = CommonFactors.pull(r);
        // an OR across a join's inputs implies an OR on each input alone, which the chunks can filter by (TPC-H Q19's three
        // kinds of part): added beside the condition, which stays whole; twice, to reach the joins below
        r = run(ImpliedFilters.add(r), FILTERS_INTO_JOINS);
        r = run(ImpliedFilters.add(r), FILTERS_INTO_JOINS);
        r = LeftJoinAggregates.rewrite(r, builder);
        r = JoinOrder.reorder(r, builder);
        r = EagerAggregation.rewrite(r, builder);
        r = run(r, PUSH_DOWN);
        r = CommonFactors.pull(r);
        r = run(r, PUSH_DOWN);
        r = ScalarFiltersFirst.rewrite(r);
        r = SemiJoinReduction.reduce(r);
        // every operator keeps only the columns used above it: the pushed SQL selects no column nobody reads. Twice:
        // pushing a filter below a projection leaves that projection on top, with the filter's columns, to trim again.
        // The trimmer rebuilds filters without simplifying them: Calcite would turn `d = d` into `d IS NOT NULL`,
        // which is not Hive's answer for a DOUBLE NaN
        RelBuilder trimming = RelBuilder.proto(Contexts.of(RelBuilder.Config.DEFAULT.withSimplify(false))).create(r.getCluster(), null);
        r = new GenerateTrimmer(trimming).trim(r);
        r = run(r, PUSH_DOWN);
        r = new GenerateTrimmer(trimming).trim(r);
        r = EmptyResults.prune(r);
        // window functions (RexOver in projections) become Window operators the SMS split can place
        r = run(r, List.of(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW));
        return r;
    }

    private static RelNode run(RelNode rel, List<RelOptRule> rules) {
        // The limit guards against rules that undo each other; none of ours should get near it.
        HepProgramBuilder b = HepProgram.builder().addMatchOrder(HepMatchOrder.BOTTOM_UP).addMatchLimit(20_000);
        b.addRuleCollection(rules);
        HepPlanner planner = new HepPlanner(b.build());
        planner.setRoot(rel);
        return planner.findBestExp();
    }
}
