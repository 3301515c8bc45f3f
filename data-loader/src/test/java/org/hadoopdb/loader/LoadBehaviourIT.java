package org.hadoopdb.loader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.loader.table.TableDefinition;
import org.hadoopdb.loader.table.TableManager;
import org.hadoopdb.loader.text.TextFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rejected records, append and overwrite, and co-location of tables loaded separately. */
class LoadBehaviourIT {
    @TempDir
    Path dir;

    private String table(String base, String key) {
        String name = LoadTesting.uniqueName(base);
        new TableManager(LoadTesting.config()).create(TableDefinition.builder(name).column(key, "string").column("n", HiveType.INT)
                .hashedBy(key).chunksPerNode(2).format(TextFormat.HIVE_DEFAULT.withDelimiter('|')).build(), false);
        return name;
    }

    private LoadReport load(String table, Path input, boolean overwrite, String maxRejects) {
        LoadSpec.Builder spec = LoadSpec.builder(table).input(input.toString()).overwrite(overwrite);
        if (maxRejects != null) {
            spec.maxRejects(maxRejects);
        }
        return new Loader(LoadTesting.config()).load(spec.build(), LoadProgressListener.NONE);
    }

    @Test
    void badRecordsGoToTheRejectFileWithTheirLineAndReason() throws Exception {
        String name = table("rejects", "k");
        Path input = LoadTesting.write(dir.resolve("in.txt"), List.of("a|1", "b|two", "c|3", "d", "e|5|extra", "f|\\N"));
        LoadReport report = load(name, input, false, "3");
        assertThat(report.rowsLoaded()).isEqualTo(3);
        assertThat(report.rowsRejected()).isEqualTo(3);
        assertThat(report.rejectFile()).isNotNull();
        String rejects = Files.readString(Path.of(java.net.URI.create(report.rejectFile())));
        // source file, line number, reason, the raw line: tab-separated
        assertThat(rejects.lines()).hasSize(3);
        assertThat(rejects.lines().toList().get(0)).endsWith("in.txt\t2\tcolumn 2 'n' (int): 'two' is not an int\tb|two");
        assertThat(rejects).contains("in.txt\t4\tthe line has 1 field but the table has 2 columns")
                .contains("in.txt\t5\tthe line has 3 fields").doesNotContain("in.txt\t1\t").doesNotContain("in.txt\t6\t");
        assertThat(report.summary()).contains("Rejected 3 of 6 records");
        // the catalog version that published it keeps the load in its history, rejects and all
        org.hadoopdb.catalog.model.LoadRecord record = LoadTesting.catalog().loads().get(LoadTesting.catalog().loads().size() - 1);
        assertThat(record).isEqualTo(new org.hadoopdb.catalog.model.LoadRecord(name, report.generation(), record.finishedAt(), false,
                6, 3, 3));

        assertThatThrownBy(() -> load(name, input, false, "2")).isInstanceOf(LoaderException.class)
                .hasMessageContaining("rejected 3 of 6 records").hasMessageContaining("nothing was published");
        assertThat(LoadTesting.catalog().table(name).chunks().stream().mapToLong(ChunkInfo::rows).sum()).isEqualTo(3);
    }

    @Test
    void anAbortedLoadListsEveryRejectedRecordItRead() throws Exception {
        String name = table("manyrejects", "k");
        Path inputs = Files.createDirectories(dir.resolve("many"));
        for (String file : List.of("a.txt", "b.txt")) {
            List<String> lines = new ArrayList<>();
            for (int i = 1; i <= 100; i++) {
                lines.add(i % 2 == 0 ? "bad" + i + "|not-a-number" : "k" + i + "|" + i);
            }
            LoadTesting.write(inputs.resolve(file), lines);
        }
        Path rejectDir = dir.resolve("rejects");
        LoadSpec spec = LoadSpec.builder(name).input(inputs.toString()).maxRejects("3").rejectDir(rejectDir.toString()).build();
        assertThatThrownBy(() -> new Loader(LoadTesting.config()).load(spec, LoadProgressListener.NONE))
                .isInstanceOf(LoaderException.class).hasMessageContaining("rejected 100 of 200 records")
                .hasMessageContaining("nothing was published");

        List<Path> files;
        try (var listing = Files.list(rejectDir)) {
            files = listing.filter(f -> f.toString().endsWith(".rejects")).toList();
        }
        assertThat(files).hasSize(1);
        List<String> rejected = Files.readAllLines(files.get(0));
        List<String> expected = new ArrayList<>();
        for (String file : List.of("a.txt", "b.txt")) {
            for (int i = 2; i <= 100; i += 2) {
                expected.add(file + "\t" + i + "\tcolumn 2 'n' (int): 'not-a-number' is not an int\tbad" + i + "|not-a-number");
            }
        }
        // every rejected record read, in input order, each with its source file and line
        assertThat(rejected).hasSize(100);
        assertThat(rejected.stream().map(l -> l.substring(l.lastIndexOf('/') + 1)).toList()).isEqualTo(expected);
    }

    @Test
    void appendAddsRowsAndOverwriteReplacesThem() throws Exception {
        String name = table("appends", "k");
        Path first = LoadTesting.write(dir.resolve("first.txt"), List.of("a|1", "b|2"));
        Path second = LoadTesting.write(dir.resolve("second.txt"), List.of("c|3", "d|4", "e|5"));
        load(name, first, false, null);
        assertThat(load(name, second, false, null).rowsInTable()).isEqualTo(5);
        TableInfo appended = LoadTesting.catalog().table(name);
        assertThat(appended.chunks().stream().mapToLong(ChunkInfo::rows).sum()).isEqualTo(5);
        LoadReport replaced = load(name, first, true, null);
        assertThat(replaced.rowsInTable()).isEqualTo(2);
        assertThat(LoadTesting.catalog().table(name).generation()).isGreaterThan(appended.generation());
    }

    @Test
    void tablesHashedOnTheSameKeyTypeShareASchemeAndPlaceEqualKeysTogether() throws Exception {
        String visits = table("colo_visits", "url");
        String pages = table("colo_pages", "pageurl");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            lines.add("http://p" + i + ".example|" + i);
        }
        load(visits, LoadTesting.write(dir.resolve("v.txt"), lines), false, null);
        load(pages, LoadTesting.write(dir.resolve("p.txt"), lines.subList(0, 120)), false, null);
        TableInfo v = LoadTesting.catalog().table(visits);
        TableInfo p = LoadTesting.catalog().table(pages);
        assertThat(p.scheme()).isEqualTo(v.scheme());
        try (var pools = new org.hadoopdb.connector.pool.NodePools(LoadTesting.config())) {
            for (ChunkInfo pc : p.chunks()) {
                ChunkInfo vc = v.chunks().get(pc.index());
                assertThat(vc.primary()).isEqualTo(pc.primary());
                List<Object> pageKeys = new ArrayList<>();
                LoadTesting.rows(pools, p, pc, pc.primary()).forEach(r -> pageKeys.add(r.get(0)));
                List<Object> visitKeys = new ArrayList<>();
                LoadTesting.rows(pools, v, vc, vc.primary()).forEach(r -> visitKeys.add(r.get(0)));
                assertThat(visitKeys).as("chunk %d", pc.index()).containsAll(pageKeys);
            }
        }
    }
}
