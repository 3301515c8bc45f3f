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
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.PartitionInfo;
import org.hadoopdb.catalog.model.PartitionValues;
import org.hadoopdb.catalog.model.TableInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Partitioned tables in the catalog: partition columns, the partition list, names and canonical values. */
class PartitionCatalogTest {
    @TempDir
    java.nio.file.Path temp;

    private static final ColumnInfo DT = new ColumnInfo("dt", HiveType.DATE);
    private static final ColumnInfo HR = new ColumnInfo("hr", HiveType.TINYINT);
    private static final ColumnInfo CODE = new ColumnInfo("code", HiveType.charType(3));

    private static TableInfo partitioned(TableInfo base, List<String> partitionColumns, List<PartitionInfo> partitions,
                                         ColumnInfo... extra) {
        List<ColumnInfo> columns = new java.util.ArrayList<>(base.columns());
        columns.addAll(List.of(extra));
        return new TableInfo(base.name(), columns, base.distribution(), base.scheme(), base.partitionKeys(), base.sortColumns(),
                base.indexColumns(), base.properties(), 0, null, null, partitionColumns, partitions);
    }

    @Test
    void partitionsArePublishedSortedAndReadBack() {
        CatalogStore store = new CatalogStore(new Path(temp.resolve("catalog").toUri()), new Configuration(false), "test");
        Catalog base = store.publish(store.load(), CatalogFixtures.paperLayout(2, 1, 1));
        TableInfo table = partitioned(base.table("rankings"), List.of("dt", "hr"), List.of(
                new PartitionInfo(List.of("2020-01-02", "7")), new PartitionInfo(List.of("2020-01-01", "23")),
                new PartitionInfo(List.of("2020-01-01", PartitionValues.DEFAULT_PARTITION))), DT, HR);
        store.publish(base, base.withoutTable("rankings").withTable(table));
        TableInfo read = store.load().table("rankings");
        assertThat(read.partitionColumns()).containsExactly("dt", "hr");
        assertThat(read.isPartitioned()).isTrue();
        assertThat(read.dataColumns()).extracting(ColumnInfo::name).doesNotContain("dt", "hr").hasSize(3);
        assertThat(PartitionInfo.names(read.partitions(), read.partitionColumns())).containsExactly(
                "dt=2020-01-01/hr=23", "dt=2020-01-01/hr=__HIVE_DEFAULT_PARTITION__", "dt=2020-01-02/hr=7");
        assertThat(read.partitions().get(1).isNull(1)).isTrue();
        assertThat(read.withPartitions(List.of()).partitions()).isEmpty();
        assertThat(base.table("rankings").isPartitioned()).isFalse();
    }

    @Test
    void theValidatorWantsTrailingPartitionColumnsOfExactTypesAndOneValueEach() {
        Catalog c = CatalogFixtures.paperLayout(2, 1, 1);
        TableInfo r = c.table("rankings");
        TableInfo notLast = partitioned(r, List.of("pagerank"), List.of());
        TableInfo badType = partitioned(r, List.of("score"), List.of(), new ColumnInfo("score", HiveType.DOUBLE));
        TableInfo badValues = partitioned(r, List.of("dt"), List.of(new PartitionInfo(List.of("2020-01-01", "x"))), DT);
        assertThat(CatalogValidator.problems(c.withoutTable("rankings").withTable(notLast)))
                .anySatisfy(p -> assertThat(p).contains("partition columns [pagerank] that are not its last columns"));
        assertThat(CatalogValidator.problems(c.withoutTable("rankings").withTable(badType)))
                .anySatisfy(p -> assertThat(p).contains("partition column 'score' of type double"));
        assertThat(CatalogValidator.problems(c.withoutTable("rankings").withTable(badValues)))
                .anySatisfy(p -> assertThat(p).contains("with 2 values for 1 partition columns"));
        assertThat(CatalogValidator.problems(c.withoutTable("rankings").withTable(partitioned(r, List.of("dt"), List.of(), DT))))
                .isEmpty();
    }

    @Test
    void valuesHaveOneCanonicalSpelling() {
        assertThat(PartitionValues.canonical(HR, "07")).isEqualTo("7");
        assertThat(PartitionValues.canonical(HR, "+7")).isEqualTo("7");
        assertThat(PartitionValues.canonical(DT, "2020-01-01")).isEqualTo("2020-01-01");
        assertThat(PartitionValues.canonical(CODE, "nl ")).isEqualTo("nl");
        assertThat(PartitionValues.canonical(new ColumnInfo("ok", HiveType.BOOLEAN), "TRUE")).isEqualTo("true");
        assertThat(PartitionValues.canonical(HR, (Object) null)).isEqualTo(PartitionValues.DEFAULT_PARTITION);
        assertThatThrownBy(() -> PartitionValues.canonical(HR, "128")).isInstanceOf(CatalogException.class)
                .hasMessage("'128' is not a value of partition column 'hr' (tinyint)");
        assertThatThrownBy(() -> PartitionValues.canonical(DT, "2020-13-01")).isInstanceOf(CatalogException.class)
                .hasMessageContaining("partition column 'dt' (date)");
    }

    @Test
    void namesAreEscapedAsHivePaths() {
        assertThat(new PartitionInfo(List.of("a/b=c%d", "x:y")).name(List.of("p", "q"))).isEqualTo("p=a%2Fb%3Dc%25d/q=x%3Ay");
    }
}
