package org.hadoopdb.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.DatabaseInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.Property;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.ViewInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Databases in the catalog: names, published and read back, what the validator and removal check. */
class DatabaseCatalogTest {
    @TempDir
    java.nio.file.Path temp;

    private static final DatabaseInfo SALES = new DatabaseInfo("Sales", "the shop", "/data/sales",
            List.of(new Property("owner", "ops")));

    @Test
    void namesAreQualifiedWithTheirDatabaseExceptInDefault() {
        assertThat(Names.qualify("default", "T")).isEqualTo("t");
        assertThat(Names.qualify("sales", "t")).isEqualTo("sales.t");
        assertThat(Names.qualify("sales", "default.t")).isEqualTo("t");
        assertThat(Names.qualify("default", "Sales.Orders")).isEqualTo("sales.orders");
        assertThat(Names.databaseOf("sales.orders")).isEqualTo("sales");
        assertThat(Names.databaseOf("orders")).isEqualTo("default");
        assertThat(Names.tableOf("sales.orders")).isEqualTo("orders");
        assertThat(Names.tableOf("orders")).isEqualTo("orders");
        assertThatThrownBy(() -> Names.qualify("default", "a.b.c")).isInstanceOf(CatalogException.class)
                .hasMessageContaining("is not a table name");
    }

    @Test
    void aDatabaseAndItsTablesArePublishedAndReadBack() {
        CatalogStore store = new CatalogStore(new Path(temp.resolve("catalog").toUri()), new Configuration(false), "test");
        Catalog base = store.publish(store.load(), CatalogFixtures.paperLayout(2, 1, 1));
        TableInfo rankings = base.table("rankings");
        TableInfo moved = new TableInfo("sales.rankings", rankings.columns(), rankings.distribution(), rankings.scheme(),
                rankings.partitionKeys(), rankings.sortColumns(), rankings.indexColumns(), rankings.properties(), 0, null, null);
        ViewInfo view = ViewInfo.defined("sales.top", List.of(new ColumnInfo("url", HiveType.STRING)),
                "SELECT pageurl AS url FROM rankings", null, false, "default");
        store.publish(base, base.withDatabase(SALES).withTable(moved).withView(view));
        Catalog read = store.load();
        assertThat(read.databases()).containsExactly(new DatabaseInfo("sales", "the shop", "/data/sales",
                List.of(new Property("owner", "ops"))));
        assertThat(read.databaseNames()).containsExactly("default", "sales");
        assertThat(read.database("SALES").comment()).isEqualTo("the shop");
        assertThat(read.findDatabase("default")).contains(DatabaseInfo.DEFAULT);
        assertThat(read.tablesIn("sales")).extracting(TableInfo::name).containsExactly("sales.rankings");
        assertThat(read.tablesIn("default")).extracting(TableInfo::name).doesNotContain("sales.rankings").contains("rankings");
        assertThat(read.view("sales.top").resolvedIn()).isEqualTo("default");
        assertThat(read.view("sales.top").renamed("other.top").resolvedIn()).isEqualTo("default");
        assertThat(ViewInfo.defined("sales.v", view.columns(), "SELECT 1", null, false, "sales").queryDatabase()).isNull();
        assertThatThrownBy(() -> read.database("sails")).isInstanceOf(CatalogException.class)
                .hasMessage("Database 'sails' does not exist (did you mean 'sales'?)");
    }

    @Test
    void onlyAnEmptyDatabaseOtherThanDefaultCanBeRemoved() {
        Catalog c = CatalogFixtures.paperLayout(2, 1, 1).withDatabase(SALES);
        ViewInfo view = new ViewInfo("sales.v", List.of(new ColumnInfo("x", HiveType.INT)), "SELECT 1 AS x", null, false);
        assertThatThrownBy(() -> c.withView(view).withoutDatabase("sales")).isInstanceOf(CatalogException.class)
                .hasMessage("Database 'sales' is not empty");
        assertThat(c.withoutDatabase("sales").databases()).isEmpty();
        assertThatThrownBy(() -> c.withoutDatabase("default")).isInstanceOf(CatalogException.class);
        assertThatThrownBy(() -> c.withDatabase(new DatabaseInfo("default", null, null, null)))
                .isInstanceOf(CatalogException.class);
        assertThatThrownBy(() -> new DatabaseInfo("a.b", null, null, null)).isInstanceOf(CatalogException.class);
    }

    @Test
    void theValidatorFindsTablesAndViewsOfMissingDatabases() {
        Catalog c = CatalogFixtures.paperLayout(2, 1, 1);
        TableInfo rankings = c.table("rankings");
        TableInfo orphan = new TableInfo("gone.rankings", rankings.columns(), rankings.distribution(), rankings.scheme(),
                rankings.partitionKeys(), rankings.sortColumns(), rankings.indexColumns(), rankings.properties(), 0, null, null);
        Catalog broken = c.withTable(orphan)
                .withView(new ViewInfo("gone.v", List.of(new ColumnInfo("x", HiveType.INT)), "SELECT 1 AS x", null, false));
        assertThat(CatalogValidator.problems(broken)).containsExactly(
                "table 'gone.rankings' is in database 'gone', which does not exist",
                "view 'gone.v' is in database 'gone', which does not exist");
        assertThat(CatalogValidator.problems(broken.withDatabase(new DatabaseInfo("gone", null, null, null)))).isEmpty();
    }
}
