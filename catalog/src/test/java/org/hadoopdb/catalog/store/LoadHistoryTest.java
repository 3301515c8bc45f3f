package org.hadoopdb.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.FunctionInfo;
import org.hadoopdb.catalog.model.LoadRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The catalog's history of loads: published and read back, kept through other changes, bounded. */
class LoadHistoryTest {
    @TempDir
    java.nio.file.Path temp;

    private static LoadRecord load(String table, long generation, long rejected) {
        return new LoadRecord(table, generation, "2026-11-28T07:00:0" + (generation % 10) + "Z", generation > 1, 100, 100 - rejected,
                rejected);
    }

    @Test
    void loadsArePublishedAndReadBackInOrder() {
        CatalogStore store = new CatalogStore(new Path(temp.resolve("catalog").toUri()), new Configuration(false), "test");
        Catalog base = store.publish(store.load(), CatalogFixtures.paperLayout(2, 1, 1));
        store.publish(base, base.withLoad(load("uservisits", 1, 0)).withLoad(load("rankings", 2, 3)));
        assertThat(store.load().loads()).containsExactly(load("uservisits", 1, 0), load("rankings", 2, 3));
    }

    @Test
    void otherChangesKeepTheHistoryAndItKeepsTheLastLoads() {
        Catalog c = CatalogFixtures.paperLayout(2, 1, 1).withLoad(load("t", 1, 0));
        assertThat(c.withTable(c.tables().get(0)).withFunction(new FunctionInfo("f", "a.B", java.util.List.of()))
                .asPublished(3, "now", "me").loads()).containsExactly(load("t", 1, 0));
        for (int g = 2; g <= Catalog.LOADS_KEPT + 5; g++) {
            c = c.withLoad(load("t", g, 0));
        }
        assertThat(c.loads()).hasSize(Catalog.LOADS_KEPT);
        assertThat(c.loads().get(0).generation()).isEqualTo(6);
    }
}
