package org.hadoopdb.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.CatalogConflictException;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.Distribution;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.junit.jupiter.api.Test;

/** What every file system holding a catalog must guarantee; run on the local disk and on HDFS. */
abstract class CatalogStoreContract {

    /** A fresh, empty directory for each test. */
    protected abstract Path newCatalogDir() throws Exception;

    protected abstract Configuration conf();

    private CatalogStore store(Path dir) {
        return new CatalogStore(dir, conf(), "test", 5);
    }

    private static TableInfo table(String name) {
        return TableInfo.created(name, List.of(new ColumnInfo("id", HiveType.BIGINT)), Distribution.REPLICATED, null,
                List.of(), List.of(), List.of(), List.of());
    }

    @Test
    void emptyStoreReadsAsVersionZero() throws Exception {
        CatalogStore store = store(newCatalogDir());
        assertThat(store.latestVersion()).isZero();
        assertThat(store.load()).isEqualTo(Catalog.empty("test"));
    }

    @Test
    void publishedVersionsRoundTripAndStayReadable() throws Exception {
        CatalogStore store = store(newCatalogDir());
        Catalog v0 = store.load();
        Catalog v1 = store.publish(v0, CatalogFixtures.paperLayout(3, 2, 2));
        Catalog v2 = store.publish(v1, v1.withoutTable("rankings"));
        assertThat(v1.version()).isEqualTo(1);
        assertThat(v2.version()).isEqualTo(2);
        assertThat(store.load()).isEqualTo(v2);
        assertThat(store.load(1)).isEqualTo(v1);
        assertThat(store.load(1).findTable("rankings")).isPresent();
        assertThat(store.versions()).containsExactly(1L, 2L);
        assertThat(v2.publishedBy()).contains("pid " + ProcessHandle.current().pid());
    }

    @Test
    void writerThatLostTheRaceGetsAConflictAndNothingIsOverwritten() throws Exception {
        CatalogStore store = store(newCatalogDir());
        Catalog base = store.publish(store.load(), CatalogFixtures.withNodes(2));
        Catalog winner = store.publish(base, base.withTable(table("winner")));
        assertThatThrownBy(() -> store.publish(base, base.withTable(table("loser"))))
                .isInstanceOf(CatalogConflictException.class)
                .hasMessageContaining("version 2 was already published by")
                .hasMessageContaining("based on version 1")
                .hasMessageContaining("Nothing was overwritten");
        assertThat(store.load()).isEqualTo(winner);
        assertThat(store.load().findTable("loser")).isEmpty();
        assertThat(store.versions()).containsExactly(1L, 2L);
    }

    @Test
    void concurrentUpdatesAllLand() throws Exception {
        CatalogStore store = store(newCatalogDir());
        int writers = 6;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Catalog>> results = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                String name = "t" + i;
                results.add(pool.submit(() -> store.update("add " + name, c -> c.withTable(table(name)))));
            }
            for (Future<Catalog> f : results) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        Catalog last = store.load();
        assertThat(last.version()).isEqualTo(writers);
        assertThat(last.tableNames()).containsExactlyInAnyOrder("t0", "t1", "t2", "t3", "t4", "t5");
    }

    @Test
    void invalidCatalogIsNeverWritten() throws Exception {
        CatalogStore store = store(newCatalogDir());
        Catalog base = store.load();
        TableInfo broken = TableInfo.created("bad", List.of(new ColumnInfo("x", HiveType.INT)), Distribution.HASH,
                "missing_scheme", List.of("x"), List.of(), List.of(), List.of());
        assertThatThrownBy(() -> store.publish(base, base.withTable(broken)))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("catalog-00000001.xml")
                .hasMessageContaining("unknown partitioning scheme 'missing_scheme'");
        assertThat(store.latestVersion()).isZero();
    }

    @Test
    void oldVersionsArePrunedButTheLatestKept() throws Exception {
        CatalogStore store = store(newCatalogDir());
        for (int i = 0; i < 8; i++) {
            String name = "t" + i;
            store.update("add", c -> c.withTable(table(name)));
        }
        assertThat(store.versions()).containsExactly(4L, 5L, 6L, 7L, 8L);
        assertThatThrownBy(() -> store.load(2)).hasMessageContaining("Catalog version 2 does not exist")
                .hasMessageContaining("the latest is 8");
    }
}
