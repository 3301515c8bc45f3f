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
 */
public record Shuffle(SortKeySpec key, int reducers, String why) {
}
