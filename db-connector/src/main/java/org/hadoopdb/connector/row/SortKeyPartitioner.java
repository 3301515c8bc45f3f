package org.hadoopdb.connector.row;

import org.apache.hadoop.mapreduce.Partitioner;

/**
 * Sends each {@link SortKey} to the reducer chosen by a hash of its group prefix: equal grouping
 * values meet in one reducer even when their representations differed (1.50 and 1.5, -0.0 and
 * 0.0), because equal values have equal encodings; with secondary sort a whole group goes to one
 * reducer. {@code job.setPartitionerClass(SortKeyPartitioner.class)}.
 *
 * @param <V> the map output value type
 */
public class SortKeyPartitioner<V> extends Partitioner<SortKey, V> {

    @Override
    public int getPartition(SortKey key, V value, int numPartitions) {
        return partition(key, numPartitions);
    }

    /** The partition of {@code key} among {@code numPartitions}. */
    public static int partition(SortKey key, int numPartitions) {
        return (key.groupHash() & Integer.MAX_VALUE) % numPartitions;
    }
}
