package org.hadoopdb.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.CatalogFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalCatalogStoreTest extends CatalogStoreContract {
    @TempDir
    java.nio.file.Path temp;
    private int dirs;

    @Override
    protected Path newCatalogDir() {
        return new Path(temp.resolve("catalog" + dirs++).toUri());
    }

    @Override
    protected Configuration conf() {
        return new Configuration(false);
    }

    @Test
    void leavesOnlyVersionFilesBehind() throws Exception {
        Path dir = newCatalogDir();
        CatalogStore store = new CatalogStore(dir, conf(), "test");
        store.publish(store.load(), CatalogFixtures.withNodes(1));
        try (Stream<java.nio.file.Path> files = Files.list(java.nio.file.Paths.get(dir.toUri()))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("catalog-00000001.xml", ".tmp");
        }
    }

    @Test
    void corruptFileIsReportedWithItsPath() throws Exception {
        Path dir = newCatalogDir();
        java.nio.file.Path local = java.nio.file.Paths.get(dir.toUri());
        Files.createDirectories(local);
        Files.writeString(local.resolve("catalog-00000001.xml"), "<catalog formatVersion=\"1\" version=\"1\"><nodes>");
        CatalogStore store = new CatalogStore(dir, conf(), "test");
        assertThatThrownBy(store::load).hasMessageContaining(local.resolve("catalog-00000001.xml").toString());
    }
}
