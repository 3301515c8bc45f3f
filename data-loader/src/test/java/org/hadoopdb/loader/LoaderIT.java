package org.hadoopdb.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.partition.KeyHasher;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.loader.table.TableDefinition;
import org.hadoopdb.loader.table.TableManager;
import org.hadoopdb.loader.text.TextFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loads into hashed tables on a 3-node embedded cluster: counts, placement by hash, replicas. */
class LoaderIT {
    @TempDir
    Path dir;

    @Test
    void everyRowLandsInTheChunkItsKeyHashesToAndReplicasMatchTheirPrimaries() throws Exception {
        String name = LoadTesting.uniqueName("visits");
        TableManager tables = new TableManager(LoadTesting.config());
        tables.create(TableDefinition.builder(name).column("url", "varchar(40)").column("visits", HiveType.INT)
                .column("day", HiveType.DATE).column("revenue", "decimal(8,2)").hashedBy("url").sortedBy("day").indexedOn("visits")
                .chunksPerNode(2).replication(2).format(TextFormat.HIVE_DEFAULT.withDelimiter('|')).build(), false);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            lines.add("http://site" + (i % 997) + ".example/p" + i + "|" + i + "|2020-01-" + (1 + i % 28) + "|" + (i % 500) + "." + (i % 100));
        }
        Path input = LoadTesting.write(dir.resolve("in/part-0"), lines.subList(0, 1700));
        LoadTesting.write(dir.resolve("in/part-1"), lines.subList(1700, 3000));

        List<LoadProgress> progress = new ArrayList<>();
        LoadReport report = new Loader(LoadTesting.config()).load(LoadSpec.builder(name).input(input.getParent().toString()).build(),
                progress::add);

        assertThat(report.rowsLoaded()).isEqualTo(3000);
        assertThat(report.rowsRejected()).isZero();
        assertThat(report.rowsInTable()).isEqualTo(3000);
        assertThat(report.chunks()).hasSize(6);
        assertThat(report.chunks().stream().mapToLong(ChunkLoad::rowsLoaded).sum()).isEqualTo(3000);
        assertThat(progress).extracting(LoadProgress::phase).contains(LoadPhase.GLOBAL_REPARTITION, LoadPhase.DONE);

        TableInfo table = LoadTesting.catalog().table(name);
        assertThat(table.generation()).isEqualTo(report.generation());
        assertThat(table.stats().rows()).isEqualTo(3000);
        assertThat(table.stats().column("visits").orElseThrow().min()).isEqualTo("0");
        assertThat(table.stats().column("visits").orElseThrow().max()).isEqualTo("2999");
        PartitioningScheme scheme = LoadTesting.catalog().scheme(table.scheme());
        KeyHasher hasher = new KeyHasher(scheme, List.of(HiveType.varchar(40)));
        long total = 0;
        try (NodePools pools = new NodePools(LoadTesting.config())) {
            for (ChunkInfo chunk : table.chunks()) {
                assertThat(chunk.schema()).isEqualTo(String.format("t_%s_g%d_c%04d", name, table.generation(), chunk.index()));
                assertThat(chunk.table()).isEqualTo(name);
                List<Row> rows = LoadTesting.rows(pools, table, chunk, chunk.primary());
                for (Row r : rows) {
                    assertThat(hasher.chunk(r.get(0))).as("chunk of %s", r.get(0)).isEqualTo(chunk.index());
                }
                total += rows.size();
                assertThat(chunk.rows()).isEqualTo(rows.size());
                assertThat(chunk.replicas()).hasSize(1);
                String primary = LoadTesting.fingerprint(pools, chunk, chunk.primary());
                assertThat(LoadTesting.fingerprint(pools, chunk, chunk.replicas().get(0))).isEqualTo(primary);
            }
            assertThat(total).isEqualTo(3000);
            for (String node : LoadTesting.catalog().nodeIds()) {
                assertThat(LoadTesting.schemas(pools, node, "s_" + name)).as("staging schemas left on %s", node).isEmpty();
            }
        }
    }
}
