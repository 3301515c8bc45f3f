package org.hadoopdb.planner.plan;

import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.connector.row.SortKeySpec;

/**
 * The repartition between map and reduce: map outputs are keyed by {@code key} (fields of the row
 * after the map operators, with directions), partitioned on the first {@code key.groupColumns()}
 * key columns, sorted by the whole key; each reduce call sees one group.
 *
 * @param key      sort key over the map output row; its group prefix decides partition and reduce groups
 * @param reducers number of reduce tasks (1 for a total order or a global aggregate)
 * @param why      one line for EXPLAIN: why the data is repartitioned here
 * @param ranged   partition by ranges of the whole key instead of a hash of the group prefix: reducer i
 *                 gets keys below reducer i+1's, so the reducers' outputs in turn are totally ordered
 *                 (split points are sampled from the stage's input when it starts)
 */
public record Shuffle(SortKeySpec key, int reducers, String why, boolean ranged) {
    public Shuffle(SortKeySpec key, int reducers, String why) {
        this(key, reducers, why, false);
    }

    /**
     * The order one reducer of this shuffle returns its rows in after {@code reduceOps}, as far as it is known: the
     * sort key, followed through the operators that keep it (an aggregate's group columns, filters, limits, selections
     * and projections of plain fields), up to the first key column one of them drops or computes. With several
     * reducers, each one's rows are in this order.
     */
    public List<SortKeySpec.Column> orderAfter(List<OperatorSpec> reduceOps) {
        List<SortKeySpec.Column> order = key.columns();
        for (OperatorSpec op : reduceOps) {
            List<SortKeySpec.Column> next = new ArrayList<>();
            for (SortKeySpec.Column c : order) {
                int field = keptColumn(op, c.field());
                if (field < 0) {
                    break;
                }
                next.add(new SortKeySpec.Column(field, c.descending(), c.nulls()));
            }
            order = next;
        }
        return order;
    }

    /**
     * True when one reducer of this shuffle returns its rows, after {@code reduceOps}, in the order {@code wanted}
     * (non-empty): a prefix of {@link #orderAfter}.
     */
    public boolean ordersBy(List<OperatorSpec> reduceOps, List<SortKeySpec.Column> wanted) {
        List<SortKeySpec.Column> order = orderAfter(reduceOps);
        return !wanted.isEmpty() && order.size() >= wanted.size() && order.subList(0, wanted.size()).equals(wanted);
    }

    /** The output column of {@code op} that is its input column {@code column}, in the rows' order; -1 when none is. */
    private static int keptColumn(OperatorSpec op, int column) {
        if (op instanceof OperatorSpec.Filter || op instanceof OperatorSpec.Limit) {
            return column;
        }
        if (op instanceof OperatorSpec.Aggregate a) {
            // one row per group, groups in the order they arrive: its group columns come first, as in its input
            return column < a.groupFields() ? column : -1;
        }
        if (op instanceof OperatorSpec.Select sel) {
            for (int i = 0; i < sel.fields().length; i++) {
                if (sel.fields()[i] == column) {
                    return i;
                }
            }
            return -1;
        }
        if (op instanceof OperatorSpec.Project p) {
            return p.expressions().indexOf("$" + column);
        }
        return -1;
    }
}
