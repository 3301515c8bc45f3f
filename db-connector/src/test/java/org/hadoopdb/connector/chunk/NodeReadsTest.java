package org.hadoopdb.connector.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.mapreduce.Counters;
import org.junit.jupiter.api.Test;

class NodeReadsTest {

    @Test
    void readsAddUpNodeByNode() {
        NodeReads a = NodeReads.of("node1", 10, 100).plus(NodeReads.of("node2", 5, 40));
        NodeReads b = NodeReads.of("node2", 1, 8).plus(NodeReads.of("node3", 2, 20));
        assertThat(a.plus(b).byNode()).containsExactly(
                java.util.Map.entry("node1", new NodeReads.Count(10, 100)),
                java.util.Map.entry("node2", new NodeReads.Count(6, 48)),
                java.util.Map.entry("node3", new NodeReads.Count(2, 20)));
        assertThat(NodeReads.of("node1", 0, 0)).isEqualTo(NodeReads.NONE);
    }

    @Test
    void sinceAnEarlierCountOfTheSameReadsIsWhatCameAfterIt() {
        NodeReads earlier = NodeReads.of("node1", 10, 100);
        NodeReads now = NodeReads.of("node1", 25, 260).plus(NodeReads.of("node2", 3, 30));
        assertThat(now.since(earlier)).isEqualTo(NodeReads.of("node1", 15, 160).plus(NodeReads.of("node2", 3, 30)));
        assertThat(now.since(now)).isEqualTo(NodeReads.NONE);
    }

    @Test
    void jobCountersGiveTheReadsBack() {
        Counters counters = new Counters();
        counters.findCounter(NodeReads.ROWS_GROUP, "node1").increment(7);
        counters.findCounter(NodeReads.BYTES_GROUP, "node1").increment(70);
        counters.findCounter(NodeReads.ROWS_GROUP, "node2").increment(3);
        counters.findCounter(NodeReads.BYTES_GROUP, "node2").increment(33);
        counters.findCounter(ChunkReadCounter.REPLICA_FAILOVERS).increment(1);
        assertThat(NodeReads.of(counters)).isEqualTo(NodeReads.of("node1", 7, 70).plus(NodeReads.of("node2", 3, 33)));
        assertThat(NodeReads.of(new Counters())).isEqualTo(NodeReads.NONE);
    }
}
