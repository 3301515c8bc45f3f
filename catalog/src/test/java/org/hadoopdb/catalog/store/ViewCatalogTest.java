package org.hadoopdb.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.CredentialRef;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.ViewInfo;
import org.hadoopdb.catalog.nodes.NodeRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Views in the catalog: published and read back whole, one name space with tables, kept by other changes. */
class ViewCatalogTest {
    @TempDir
    java.nio.file.Path temp;

    private static ViewInfo view(String name) {
        return new ViewInfo(name, List.of(new ColumnInfo("url", HiveType.STRING, "the page"), new ColumnInfo("n", HiveType.BIGINT)),
                "SELECT pageurl AS url, COUNT(*) AS n\nFROM rankings -- per page\nWHERE pagerank > 10 GROUP BY pageurl",
                "popular pages", false);
    }

    @Test
    void aViewIsPublishedAndReadBackUnchanged() {
        CatalogStore store = new CatalogStore(new Path(temp.resolve("catalog").toUri()), new Configuration(false), "test");
        Catalog base = store.publish(store.load(), CatalogFixtures.paperLayout(2, 1, 1));
        store.publish(base, base.withView(view("Popular")));
        Catalog read = store.load();
        assertThat(read.views()).containsExactly(view("popular"));
        assertThat(read.view("POPULAR").query()).contains("\n").endsWith("GROUP BY pageurl");
        assertThat(read.hasRelation("popular")).isTrue();
        assertThat(read.withoutView("popular").views()).isEmpty();
        assertThatThrownBy(() -> read.view("popullar")).isInstanceOf(CatalogException.class)
                .hasMessageContaining("View 'popullar' does not exist").hasMessageContaining("popular");
    }

    @Test
    void aViewCannotTakeATablesName() {
        Catalog c = CatalogFixtures.paperLayout(2, 1, 1).withView(view("rankings"));
        assertThat(CatalogValidator.problems(c)).containsExactly("view 'rankings' has the name of another table or view");
    }

    @Test
    void removingANodeKeepsTheViews() {
        CatalogStore store = new CatalogStore(new Path(temp.resolve("nodes").toUri()), new Configuration(false), "test");
        NodeRegistry nodes = new NodeRegistry(store);
        for (int i = 1; i <= 2; i++) {
            nodes.add(new NodeInfo("worker" + i, "w" + i + ".example.com", "jdbc:postgresql://w" + i + ".example.com:5432/hadoopdb",
                    "hadoopdb", CredentialRef.parse("pgpass"), false));
        }
        store.update("add a view", c -> c.withView(view("popular")));
        nodes.remove("worker2");
        assertThat(store.load().views()).containsExactly(view("popular"));
    }
}
