package org.hadoopdb.catalog.nodes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.KeyFamily;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.partition.Schemes;
import org.hadoopdb.catalog.store.CatalogStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeRegistryTest {
    @TempDir
    java.nio.file.Path temp;
    private CatalogStore store;
    private NodeRegistry nodes;

    @BeforeEach
    void setUp() {
        store = new CatalogStore(new Path(temp.resolve("catalog").toUri()), new Configuration(false), "test");
        nodes = new NodeRegistry(store);
    }

    private static NodeInfo worker(int i) {
        return new NodeInfo("worker" + i, "w" + i + ".example.com", "jdbc:postgresql://w" + i + ".example.com:5432/hadoopdb",
                "hadoopdb", CredentialRef.parse("pgpass"), false);
    }

    @Test
    void addedNodesArePublishedInOrderWithTheirCredentialReference() {
        nodes.add(worker(1));
        Catalog c = nodes.add(worker(2));
        assertThat(c.version()).isEqualTo(2);
        assertThat(store.load().nodes()).containsExactly(worker(1), worker(2));
        assertThat(store.load().node("worker2").credential()).isEqualTo(CredentialRef.pgpass(null));
    }

    @Test
    void aTakenNameOrDatabaseIsRefused() {
        nodes.add(worker(1));
        assertThatThrownBy(() -> nodes.add(worker(1))).isInstanceOf(CatalogException.class)
                .hasMessageContaining("'worker1' is already registered").hasMessageContaining("remove-node worker1");
        NodeInfo sameDb = new NodeInfo("worker9", "w1.example.com", "jdbc:postgresql://W1.example.com:5432/hadoopdb?ssl=true",
                "hadoopdb", CredentialRef.NONE, false);
        assertThatThrownBy(() -> nodes.add(sameDb)).hasMessageContaining("already registered as node 'worker1'");
        assertThat(store.load().nodes()).hasSize(1);
    }

    @Test
    void badNamesAndEmbeddedNodesAreRefused() {
        NodeInfo upper = new NodeInfo("Worker 1", "w1", "jdbc:postgresql://w1/hadoopdb", "u", CredentialRef.NONE, false);
        assertThatThrownBy(() -> nodes.add(upper)).hasMessageContaining("'Worker 1' is not valid");
        assertThatThrownBy(() -> nodes.add(CatalogFixtures.node(1))).hasMessageContaining("marked embedded");
        store.publish(store.load(), CatalogFixtures.withNodes(2));
        assertThatThrownBy(() -> nodes.add(worker(1))).hasMessageContaining("lists embedded nodes (node1, node2)");
        assertThatThrownBy(() -> nodes.remove("node1")).hasMessageContaining("hadoopdb cluster destroy");
    }

    @Test
    void aNodeHoldingChunksOrPlannedForATableStays() {
        nodes.add(worker(1));
        nodes.add(worker(2));
        Catalog c = store.load();
        PartitioningScheme scheme = Schemes.forLayout(c, List.of(KeyFamily.STRING), 2, 2);
        TableInfo visits = TableInfo.created("visits", List.of(new ColumnInfo("url", HiveType.STRING)), Distribution.HASH,
                scheme.id(), List.of("url"), List.of(), List.of(), List.of());
        store.publish(c, c.withScheme(scheme).withTable(CatalogFixtures.loaded(visits, scheme, 1)));
        assertThatThrownBy(() -> nodes.remove("worker2")).hasMessageContaining("still used by table(s) visits");
        // a table created but never loaded has no chunks, yet its layout places them on the node
        Catalog loaded = store.load();
        store.publish(loaded, loaded.withTable(visits));
        assertThatThrownBy(() -> nodes.remove("worker2")).hasMessageContaining("visits");
        Catalog before = store.load();
        store.publish(before, before.withoutTable("visits"));
        Catalog after = nodes.remove("worker2");
        assertThat(after.nodeIds()).containsExactly("worker1");
        assertThat(after.schemes()).as("the layout over the removed node goes with it").isEmpty();
        assertThatThrownBy(() -> nodes.remove("workr1")).hasMessageContaining("no node 'workr1'")
                .hasMessageContaining("did you mean 'worker1'");
    }
}
