package org.hadoopdb.planner.optimize;

import java.util.List;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.rules.PruneEmptyRules;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.rex.RexUtil;

/**
 * Parts of a plan that can produce no row ({@code WHERE 1 = 0}, {@code WHERE false}, {@code LIMIT 0})
 * become empty VALUES, and the operators above them fold away (a join with nothing, a projection of
 * nothing), so that BI tools' schema probes are answered without reading a chunk. An aggregate
 * without GROUP BY over nothing stays: it still returns its one row. A filter on a partitioned table that
 * no partition satisfies is empty too ({@link PartitionPruning}).
 */
final class EmptyResults {
    private static final List<RelOptRule> PRUNE = List.of(
            PruneEmptyRules.PROJECT_INSTANCE,
            PruneEmptyRules.FILTER_INSTANCE,
            PruneEmptyRules.SORT_INSTANCE,
            PruneEmptyRules.SORT_FETCH_ZERO_INSTANCE,
            PruneEmptyRules.AGGREGATE_INSTANCE,
            PruneEmptyRules.JOIN_LEFT_INSTANCE,
            PruneEmptyRules.JOIN_RIGHT_INSTANCE,
            PruneEmptyRules.UNION_INSTANCE);

    private EmptyResults() {
    }

    static RelNode prune(RelNode rel) {
        RelNode marked = rel.accept(new FalseFilters());
        HepPlanner planner = new HepPlanner(HepProgram.builder().addMatchOrder(HepMatchOrder.BOTTOM_UP)
                .addMatchLimit(20_000).addRuleCollection(PRUNE).build());
        planner.setRoot(marked);
        return planner.findBestExp();
    }

    /** A filter whose condition is false (or NULL) for every row: an empty VALUES of its row type. */
    private static final class FalseFilters extends RelHomogeneousShuttle {
        @Override
        public RelNode visit(RelNode other) {
            RelNode rel = super.visit(other);
            if (rel instanceof Filter f && (alwaysFalse(f) || PartitionPruning.matchesNoPartition(f))) {
                return LogicalValues.createEmpty(f.getCluster(), f.getRowType());
            }
            return rel;
        }

        /**
         * Whether one conjunct without column references simplifies to FALSE or NULL. Only constant
         * conjuncts are simplified, one at a time: simplifying a whole condition of thousands of
         * range terms against each other is quadratic.
         */
        private static boolean alwaysFalse(Filter f) {
            RexSimplify simplify = new RexSimplify(f.getCluster().getRexBuilder(), RelOptPredicateList.EMPTY,
                    RexUtil.EXECUTOR);
            for (RexNode conjunct : RelOptUtil.conjunctions(f.getCondition())) {
                if (RexUtil.isConstant(conjunct)
                        && simplify.simplifyUnknownAs(conjunct, RexUnknownAs.FALSE).isAlwaysFalse()) {
                    return true;
                }
            }
            return false;
        }
    }
}
