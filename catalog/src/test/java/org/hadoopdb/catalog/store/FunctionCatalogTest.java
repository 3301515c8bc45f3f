package org.hadoopdb.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.CatalogFixtures;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.DatabaseInfo;
import org.hadoopdb.catalog.model.FunctionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Permanent user functions in the catalog: published and read back whole, checked, and gone with their database. */
class FunctionCatalogTest {
    @TempDir
    java.nio.file.Path temp;

    private static FunctionInfo function(String name, String... jars) {
        return new FunctionInfo(name, "com.example.udf.Upper", List.of(jars));
    }

    @Test
    void aFunctionIsPublishedAndReadBackUnchanged() {
        CatalogStore store = new CatalogStore(new Path(temp.resolve("catalog").toUri()), new Configuration(false), "test");
        Catalog base = store.publish(store.load(), CatalogFixtures.paperLayout(2, 1, 1).withDatabase(
                new DatabaseInfo("sales", null, null, List.of())));
        store.publish(base, base.withFunction(function("My_Upper", "/jars/a.jar", "hdfs://nn:8020/udf/b.jar"))
                .withFunction(function("sales.f")));
        Catalog read = store.load();
        assertThat(read.functions()).containsExactly(function("my_upper", "/jars/a.jar", "hdfs://nn:8020/udf/b.jar"),
                function("sales.f"));
        assertThat(read.findFunction("MY_UPPER")).map(FunctionInfo::jars).contains(List.of("/jars/a.jar", "hdfs://nn:8020/udf/b.jar"));
        assertThat(read.functionsIn("sales")).extracting(FunctionInfo::name).containsExactly("sales.f");
        assertThat(read.functionsIn("default")).extracting(FunctionInfo::name).containsExactly("my_upper");
        assertThat(read.withoutFunction("my_upper").functions()).extracting(FunctionInfo::name).containsExactly("sales.f");
        assertThatThrownBy(() -> read.withoutFunction("my_uper")).isInstanceOf(CatalogException.class)
                .hasMessageContaining("Function 'my_uper' does not exist").hasMessageContaining("my_upper");
        // a database's functions go with it
        assertThat(read.withoutDatabase("sales").functions()).extracting(FunctionInfo::name).containsExactly("my_upper");
    }

    @Test
    void otherChangesKeepTheFunctions() {
        Catalog c = CatalogFixtures.paperLayout(2, 1, 1).withFunction(function("f"));
        assertThat(c.withTable(c.tables().get(0)).functions()).containsExactly(function("f"));
        assertThat(c.asPublished(7, "now", "me").functions()).containsExactly(function("f"));
        assertThat(c.with(c.nodes(), c.schemes(), c.tables(), c.views(), c.databases()).functions()).containsExactly(function("f"));
    }

    @Test
    void theValidatorChecksDatabasesAndClassNames() {
        Catalog c = CatalogFixtures.paperLayout(2, 1, 1).withFunction(function("nowhere.f"))
                .withFunction(new FunctionInfo("g", "not a class", List.of()));
        assertThat(CatalogValidator.problems(c)).containsExactly(
                "function 'nowhere.f' is in database 'nowhere', which does not exist",
                "function 'g' has class 'not a class', which is not a Java class name");
        assertThatThrownBy(() -> new FunctionInfo("f", " ", List.of())).isInstanceOf(CatalogException.class)
                .hasMessage("Function 'f' has no class");
        assertThatThrownBy(() -> new FunctionInfo("f", "a.B", List.of(""))).isInstanceOf(CatalogException.class)
                .hasMessage("Function 'f' lists an empty jar path");
    }
}
