package org.hadoopdb.planner.optimize;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.hadoopdb.planner.analyze.HadoopDbTable;

/**
 * A correlated {@code [NOT] EXISTS} in a WHERE clause becomes a SEMI (ANTI) join of the rows it filters with
 * the sub-query's input, on the sub-query's correlated condition, as Hive plans it (a left semi join), placed
 * directly on the input of the outer FROM that the condition reads.
 *
 * <p>Why not Calcite's sub-query removal and decorrelation, which the other sub-queries go through: it joins the
 * sub-query's rows with the distinct values of the outer columns it reads, computed over the whole outer FROM
 * (for TPC-H Q21, lineitem joined with orders, supplier and nation), then joins that back. Those joins are not
 * on a table's partitioning key, so they run as MapReduce stages over every lineitem row, where
 * {@code EXISTS (SELECT * FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND …)} as a semi join of
 * {@code l1} and {@code l2} on the order key stays inside each chunk (the tables are co-located on it).
 *
 * <p>Exact: a row of the outer query passes {@code EXISTS} when some row of the sub-query's input satisfies
 * the condition, which is what a semi join on that condition keeps (an unknown condition matches nothing in
 * both); {@code NOT EXISTS} keeps the others, an anti join. Only conjuncts of the WHERE clause are rewritten
 * (not an EXISTS under OR), and only a sub-query that is projections over one filter whose input is not
 * correlated, whose condition equates a column of the outer query with one of the sub-query (the join
 * needs a key); the others go through Calcite's rules as before.
 */
final class ExistsJoins extends RelShuttleImpl {
    private ExistsJoins() {
    }

    static RelNode rewrite(RelNode rel) {
        return rel.accept(new ExistsJoins());
    }

    @Override
    public RelNode visit(LogicalFilter filter) {
        LogicalFilter f = (LogicalFilter) super.visit(filter);
        if (!RexUtil.SubQueryFinder.containsSubQuery(f) || f.getVariablesSet().isEmpty()) {
            return f;
        }
        RelNode input = f.getInput();
        List<RexNode> rest = new ArrayList<>();
        boolean changed = false;
        for (RexNode c : RelOptUtil.conjunctions(f.getCondition())) {
            boolean negated = c.getKind() == SqlKind.NOT && ((RexCall) c).getOperands().get(0) instanceof RexSubQuery;
            RexNode e = negated ? ((RexCall) c).getOperands().get(0) : c;
            RelNode joined = e instanceof RexSubQuery sq && sq.getKind() == SqlKind.EXISTS
                    ? semiJoin(input, sq.rel, f.getVariablesSet(), negated ? JoinRelType.ANTI : JoinRelType.SEMI)
                    : null;
            if (joined == null) {
                rest.add(c);
            } else {
                input = joined;
                changed = true;
            }
        }
        if (!changed) {
            return f;
        }
        RexBuilder rex = f.getCluster().getRexBuilder();
        return rest.isEmpty() ? input : LogicalFilter.create(input, RexUtil.composeConjunction(rex, rest), com.google.common.collect.ImmutableSet.copyOf(f.getVariablesSet()));
    }

    /**
     * {@code outer} semi (or anti) joined with the sub-query's input on its correlated condition, or null when the
     * sub-query has not the shape this rewrite handles.
     */
    private static RelNode semiJoin(RelNode outer, RelNode subQuery, Set<CorrelationId> ids, JoinRelType type) {
        RelNode r = subQuery;
        while (r instanceof Project) {
            r = r.getInput(0); // EXISTS reads no column of the sub-query
        }
        if (!(r instanceof Filter where) || RexUtil.SubQueryFinder.containsSubQuery(where)) {
            return null;
        }
        RelNode inner = where.getInput();
        if (!RelOptUtil.getVariablesUsed(inner).isEmpty()) {
            return null;
        }
        int outerWidth = outer.getRowType().getFieldCount();
        RexBuilder rex = outer.getCluster().getRexBuilder();
        // the conjuncts that read no outer column stay a filter of the sub-query's own input: its joins keep their
        // conditions (TPC-DS q69's EXISTS (SELECT * FROM store_sales, date_dim WHERE ss_sold_date_sk = d_date_sk AND …)
        // would otherwise be a cross product of the two, the join condition left in the semi join's)
        List<RexNode> own = new ArrayList<>();
        List<RexNode> correlated = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(where.getCondition())) {
            (RexUtil.containsCorrelation(c) ? correlated : own).add(c);
        }
        if (!own.isEmpty()) {
            inner = LogicalFilter.create(inner, RexUtil.composeConjunction(rex, own));
        }
        BitSet outerFields = new BitSet();
        boolean[] foreign = {false};
        // the sub-query's columns after the outer row's, the outer row's correlated columns as its own fields
        RexNode condition = RexUtil.composeConjunction(rex, correlated).accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return rex.makeInputRef(ref.getType(), outerWidth + ref.getIndex());
            }

            @Override
            public RexNode visitFieldAccess(RexFieldAccess access) {
                if (access.getReferenceExpr() instanceof RexCorrelVariable v && ids.contains(v.id)) {
                    int field = access.getField().getIndex();
                    outerFields.set(field);
                    return rex.makeInputRef(access.getType(), field);
                }
                foreign[0] = true;
                return access;
            }

            @Override
            public RexNode visitCorrelVariable(RexCorrelVariable variable) {
                foreign[0] = true;
                return variable;
            }
        });
        if (foreign[0] || outerFields.isEmpty() || !equatesOuterAndInner(condition, outerWidth)) {
            return null;
        }
        return placed(outer, inner, condition, outerFields, type);
    }

    /** Whether some conjunct is {@code outer column = sub-query column}: the join has a key. */
    private static boolean equatesOuterAndInner(RexNode condition, int outerWidth) {
        for (RexNode c : RelOptUtil.conjunctions(condition)) {
            if (c.getKind() == SqlKind.EQUALS && c instanceof RexCall call
                    && call.getOperands().get(0) instanceof RexInputRef a && call.getOperands().get(1) instanceof RexInputRef b
                    && (a.getIndex() < outerWidth) != (b.getIndex() < outerWidth)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The semi join placed on the smallest input of {@code outer}'s tree of joins that holds every outer column the
     * condition reads, through inner joins and the preserved side of left joins (filtering either before the join
     * gives the same rows): there it can join inside the chunks with an input co-located with it. Not into a join that reads
     * one chunked table at most ({@link #chunkedTables}), which gains nothing from it.
     */
    private static RelNode placed(RelNode outer, RelNode inner, RexNode condition, BitSet outerFields, JoinRelType type) {
        if (outer instanceof LogicalJoin j && (j.getJoinType() == JoinRelType.INNER || j.getJoinType() == JoinRelType.LEFT)
                && chunkedTables(j) > 1) {
            int leftWidth = j.getLeft().getRowType().getFieldCount();
            int outerWidth = outer.getRowType().getFieldCount();
            if (outerFields.nextSetBit(leftWidth) < 0) {
                RelNode left = placed(j.getLeft(), inner, RexUtil.shift(condition, outerWidth, leftWidth - outerWidth),
                        outerFields, type);
                return j.copy(j.getTraitSet(), List.of(left, j.getRight()));
            }
            if (j.getJoinType() == JoinRelType.INNER && outerFields.nextSetBit(0) >= leftWidth) {
                int rightWidth = outerWidth - leftWidth;
                RexNode shifted = shiftOuter(condition, outerWidth, -leftWidth);
                RelNode right = placed(j.getRight(), inner, RexUtil.shift(shifted, rightWidth, rightWidth - outerWidth),
                        outerFields.get(leftWidth, outerWidth), type);
                return j.copy(j.getTraitSet(), List.of(j.getLeft(), right));
            }
        }
        return LogicalJoin.create(outer, inner, List.of(), condition, Set.of(), type);
    }

    /**
     * How many chunked tables {@code rel}, a tree of joins, filters and projections over tables, reads (2 for anything
     * else). A join of one chunked table with replicated ones runs inside its chunks, and one of replicated tables only
     * inside one database, whichever input is filtered first: the semi join goes above it, where the other inputs'
     * filters have reduced the rows it looks up (TPC-DS q16: the catalog orders of 60 days shipped to Georgia by five
     * counties' call centers, not all 1.4 million; q69: the customers of three states, not all 100,000).
     */
    private static int chunkedTables(RelNode rel) {
        if (rel instanceof TableScan scan) {
            HadoopDbTable table = scan.getTable().unwrap(HadoopDbTable.class);
            return table == null ? 2 : table.info().isReplicated() ? 0 : 1;
        }
        if (!(rel instanceof Filter || rel instanceof Project || rel instanceof LogicalJoin j
                && (j.getJoinType() == JoinRelType.INNER || j.getJoinType() == JoinRelType.LEFT))) {
            return 2;
        }
        int n = 0;
        for (RelNode in : rel.getInputs()) {
            n += chunkedTables(in);
        }
        return Math.min(n, 2);
    }

    /** Moves the outer fields (before {@code innerStart}) by {@code by}. */
    private static RexNode shiftOuter(RexNode condition, int innerStart, int by) {
        return condition.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return ref.getIndex() < innerStart ? new RexInputRef(ref.getIndex() + by, ref.getType()) : ref;
            }
        });
    }
}
