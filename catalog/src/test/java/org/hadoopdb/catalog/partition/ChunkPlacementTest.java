package org.hadoopdb.catalog.partition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.KeyFamily;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChunkPlacementTest {

    @ParameterizedTest
    @CsvSource({"3,1,2", "3,4,2", "4,5,2", "4,5,3", "10,20,2", "2,3,2", "5,1,5"})
    void noNodeHoldsTwoCopiesAndReplicasAreBalanced(int nodes, int chunksPerNode, int replication) {
        PartitioningScheme s = Schemes.forLayout(CatalogFixtures.withNodes(nodes), List.of(KeyFamily.STRING), chunksPerNode, replication);
        Map<String, Integer> copies = new HashMap<>();
        Map<String, Map<String, Integer>> replicasOfPrimary = new HashMap<>();
        for (int c = 0; c < s.chunkCount(); c++) {
            List<String> holders = ChunkPlacement.nodesOf(s, c);
            assertThat(holders).hasSize(replication);
            assertThat(new HashSet<>(holders)).hasSize(replication);
            assertThat(holders.get(0)).isEqualTo(s.nodes().get(c / chunksPerNode));
            holders.forEach(n -> copies.merge(n, 1, Integer::sum));
            for (String r : holders.subList(1, holders.size())) {
                replicasOfPrimary.computeIfAbsent(holders.get(0), k -> new HashMap<>()).merge(r, 1, Integer::sum);
            }
        }
        // every node holds the same number of copies
        assertThat(new HashSet<>(copies.values())).hasSize(1);
        // a node's replicas are spread: no other node holds more than its fair share (rounded up)
        int perOther = (int) Math.ceil((double) chunksPerNode * (replication - 1) / (nodes - 1));
        replicasOfPrimary.values().forEach(m -> assertThat(m.values()).allSatisfy(v -> assertThat(v).isLessThanOrEqualTo(perOther)));
    }
}
