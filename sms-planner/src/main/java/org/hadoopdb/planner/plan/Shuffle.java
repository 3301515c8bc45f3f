package org.hadoopdb.planner.plan;

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
}
