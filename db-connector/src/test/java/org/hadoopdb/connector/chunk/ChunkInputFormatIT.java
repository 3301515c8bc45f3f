package org.hadoopdb.connector.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.testing.ChunkedTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chunk queries on a 3-node embedded cluster with replication 2: splits, reading every copy, joins of
 * co-located and replicated tables inside each chunk, tables never loaded, bad statements, and a
 * MapReduce job over the chunks.
 */
class ChunkInputFormatIT {
    private static final RowSchema VISITS = RowSchema.builder().add("url", "string").add("ip", "varchar(16)")
            .add("revenue", "double").add("day", "date").build();
    private static final RowSchema RANKS = RowSchema.builder().add("pageurl", "string").add("rank", "int").build();
    private static final RowSchema COUNTRIES = RowSchema.builder().add("code", "char(3)").add("name", "string").build();

    private static TestClusters.TestCluster cluster;
    private static final List<Row> visits = new ArrayList<>();
    private static final List<Row> ranks = new ArrayList<>();
    private static ChunkReadSettings settings;
    private static CredentialResolver credentials;

    @BeforeAll
    static void load() {
        cluster = TestClusters.shared(3);
        for (int i = 0; i < 300; i++) {
            visits.add(Row.of(VISITS, "http://site" + (i % 40) + ".com/", "10.0.0." + (i % 7), i * 1.5,
                    java.time.LocalDate.of(2000, 1, 1).plusDays(i)));
        }
        visits.add(Row.of(VISITS, null, "10.9.9.9", 1.0, null));
        for (int i = 0; i < 40; i++) {
            ranks.add(Row.of(RANKS, "http://site" + i + ".com/", i * 10));
        }
        ChunkedTables.hashed(cluster, "ci_visits", VISITS, "url", 2, 2, visits);
        ChunkedTables.hashed(cluster, "ci_ranks", RANKS, "pageurl", 2, 2, ranks);
        ChunkedTables.replicated(cluster, "ci_countries", COUNTRIES, List.of(Row.of(COUNTRIES, "DEU", "Germany"),
                Row.of(COUNTRIES, "FRA", "France")));
        ChunkedTables.unloaded(cluster, "ci_never", RANKS, "pageurl", 2, 2);
        settings = ChunkReadSettings.from(cluster.config());
        credentials = new CredentialResolver(cluster.config().hadoopConf());
    }

    private static Catalog catalog() {
        return cluster.catalog();
    }

    private static List<String> readAll(List<ChunkSplit> splits, int copy) throws IOException {
        List<String> out = new ArrayList<>();
        for (ChunkSplit s : splits) {
            ChunkRecordReader reader = new ChunkRecordReader();
            reader.initialize(s, copy, settings, credentials);
            try {
                while (reader.nextKeyValue()) {
                    out.add(reader.getCurrentValue().toString());
                }
                assertThat(reader.getProgress()).isEqualTo(1f);
            } finally {
                reader.close();
            }
        }
        out.sort(null);
        return out;
    }

    private static List<String> sorted(List<Row> rows) {
        List<String> out = new ArrayList<>();
        rows.forEach(r -> out.add(r.toString()));
        out.sort(null);
        return out;
    }

    @Test
    void oneSplitPerChunkWithItsCopiesPrimaryFirst() {
        List<ChunkSplit> splits = ChunkSplits.plan(catalog(), ChunkQuery.of("SELECT * FROM ci_visits", "ci_visits"), settings,
                credentials);
        assertThat(splits).hasSize(6);
        var table = catalog().table("ci_visits");
        for (ChunkSplit s : splits) {
            var chunk = table.chunks().get(s.chunk());
            assertThat(s.copies()).extracting(c -> c.node().id()).containsExactlyElementsOf(chunk.nodes());
            assertThat(s.copies().get(0).searchPath()).containsExactly(chunk.schema());
            assertThat(s.getLength()).isEqualTo(chunk.bytes());
            assertThat(s.schema()).isEqualTo(VISITS);
        }
    }

    @Test
    void everyCopyHoldsTheSameRows() throws IOException {
        List<ChunkSplit> splits = ChunkSplits.plan(catalog(), ChunkQuery.of("SELECT * FROM ci_visits", "ci_visits"), settings,
                credentials);
        assertThat(readAll(splits, 0)).isEqualTo(sorted(visits));
        assertThat(readAll(splits, 1)).isEqualTo(sorted(visits));
    }

    @Test
    void coLocatedTablesJoinInsideEachChunk() throws IOException {
        ChunkQuery q = ChunkQuery.of("SELECT v.ip, r.rank FROM ci_visits v JOIN ci_ranks r ON v.url = r.pageurl", "ci_visits",
                "ci_ranks");
        Map<String, Integer> rankOf = new HashMap<>();
        ranks.forEach(r -> rankOf.put(r.getString(0), r.getInt(1)));
        RowSchema out = RowSchema.builder().add("ip", "varchar(16)").add("rank", "int").build();
        List<Row> expected = new ArrayList<>();
        for (Row v : visits) {
            if (v.get(0) != null && rankOf.containsKey(v.getString(0))) {
                expected.add(Row.of(out, v.getString(1), rankOf.get(v.getString(0))));
            }
        }
        assertThat(readAll(ChunkSplits.plan(catalog(), q, settings, credentials), 0)).isEqualTo(sorted(expected));
    }

    @Test
    void replicatedTablesJoinWithEveryChunk() throws IOException {
        ChunkQuery q = ChunkQuery.of("SELECT count(*) FROM ci_visits v CROSS JOIN ci_countries c", "ci_visits", "ci_countries");
        List<String> perChunk = readAll(ChunkSplits.plan(catalog(), q, settings, credentials), 0);
        long total = perChunk.stream().mapToLong(s -> Long.parseLong(s.replaceAll("[^0-9]", ""))).sum();
        assertThat(total).isEqualTo(visits.size() * 2L);
    }

    @Test
    void aTableNeverLoadedReadsAsEmpty() throws IOException {
        ChunkQuery left = ChunkQuery.of("SELECT r.pageurl, n.rank FROM ci_ranks r LEFT JOIN ci_never n ON n.pageurl = r.pageurl",
                "ci_ranks", "ci_never");
        List<String> rows = readAll(ChunkSplits.plan(catalog(), left, settings, credentials), 0);
        assertThat(rows).hasSize(ranks.size()).allMatch(s -> s.contains("NULL") || s.contains("null"));
        ChunkQuery driven = ChunkQuery.of("SELECT pageurl FROM ci_never", "ci_never");
        assertThat(ChunkSplits.plan(catalog(), driven, settings, credentials)).isEmpty();
        assertThat(ChunkSplits.schema(catalog(), driven, settings, credentials).names()).containsExactly("pageurl");
    }

    @Test
    void prunedChunksOnly() {
        ChunkQuery q = ChunkQuery.of("SELECT * FROM ci_visits", "ci_visits").withChunks(new TreeSet<>(List.of(1, 4)));
        assertThat(ChunkSplits.plan(catalog(), q, settings, credentials)).extracting(ChunkSplit::chunk).containsExactly(1, 4);
    }

    @Test
    void aStatementPostgresRefusesFailsAtPlanningNamingTheChunkAndNode() {
        assertThatThrownBy(() -> ChunkSplits.plan(catalog(), ChunkQuery.of("SELECT no_such_column FROM ci_visits", "ci_visits"),
                settings, credentials))
                .isInstanceOf(ConnectorException.class).hasMessageContaining("no_such_column")
                .hasMessageContaining("ci_visits chunk").hasMessageContaining("node");
    }

    @Test
    void aDeclaredSchemaThatDoesNotFitIsRefused() {
        RowSchema wrong = RowSchema.builder().add("url", "int").build();
        assertThatThrownBy(() -> ChunkSplits.plan(catalog(), new ChunkQuery(List.of("ci_visits"), "SELECT url FROM ci_visits",
                wrong, null), settings, credentials)).hasMessageContaining("'url'");
    }

    @Test
    void tablesThatAreNotCoLocatedCannotShareAStatement() {
        RowSchema other = RowSchema.builder().add("k", "int").build();
        ChunkedTables.hashed(cluster, "ci_ints", other, "k", 1, 1, List.of(Row.of(other, 1)));
        assertThatThrownBy(() -> ChunkSplits.bind(catalog(), ChunkQuery.of("SELECT 1 FROM ci_visits, ci_ints", "ci_visits",
                "ci_ints"))).hasMessageContaining("neither replicated nor co-located");
    }

    /** Emits each row as text. */
    public static final class RowText extends Mapper<LongWritable, Row, NullWritable, Text> {
        @Override
        protected void map(LongWritable key, Row row, Context context) throws IOException, InterruptedException {
            context.write(NullWritable.get(), new Text(row.toString()));
        }
    }

    @Test
    void aMapReduceJobOverTheChunks(@TempDir Path out) throws Exception {
        Configuration conf = new Configuration(cluster.config().hadoopConf());
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", out.resolve("tmp").toString());
        Job job = Job.getInstance(conf, "rows of ci_visits");
        ChunkInputFormat.configure(job).catalog(cluster.config().home().catalogPath())
                .query("SELECT * FROM ci_visits WHERE revenue > 100", "ci_visits").fetchSize(7).setting("work_mem", "8MB").apply();
        job.setMapperClass(RowText.class);
        job.setNumReduceTasks(0);
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(Text.class);
        job.setOutputFormatClass(TextOutputFormat.class);
        FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(out.resolve("result").toUri()));
        assertThat(job.waitForCompletion(false)).isTrue();
        List<String> lines = new ArrayList<>();
        try (var files = Files.list(out.resolve("result"))) {
            for (Path p : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                lines.addAll(Files.readAllLines(p));
            }
        }
        lines.sort(null);
        List<Row> expected = visits.stream().filter(r -> r.getDouble(2) > 100).toList();
        assertThat(lines).isEqualTo(sorted(expected));
        // the map tasks' counters bring back the rows and bytes read, by the node each chunk was read on
        NodeReads reads = NodeReads.of(job.getCounters());
        assertThat(reads.byNode().values().stream().mapToLong(NodeReads.Count::rows).sum()).isEqualTo(expected.size());
        assertThat(reads.byNode().values().stream().mapToLong(NodeReads.Count::bytes).sum())
                .isEqualTo(expected.stream().mapToLong(Row::encodedLength).sum());
        assertThat(reads.byNode().keySet()).isSubsetOf(catalog().nodes().stream().map(n -> n.id()).toList());
    }

    @Test
    void eachReadCountsItsRowsAndBytesOnTheNodeItReadThemFrom() {
        List<ChunkSplit> splits = ChunkSplits.plan(catalog(), ChunkQuery.of("SELECT * FROM ci_visits", "ci_visits"), settings,
                credentials);
        for (int copy = 0; copy < 2; copy++) {
            NodeReads expected = NodeReads.NONE;
            NodeReads counted = NodeReads.NONE;
            for (ChunkSplit s : splits) {
                try (FailoverChunkReader reader = FailoverChunkReader.open(s, copy, settings, credentials)) {
                    Row row = new Row(s.schema());
                    long rows = 0;
                    long bytes = 0;
                    while (reader.next(row)) {
                        rows++;
                        bytes += row.encodedLength();
                    }
                    NodeReads one = NodeReads.of(s.copies().get(copy).node().id(), rows, bytes);
                    assertThat(reader.nodeReads()).isEqualTo(one);
                    expected = expected.plus(one);
                    counted = counted.plus(reader.nodeReads());
                }
            }
            assertThat(counted).isEqualTo(expected);
            assertThat(counted.byNode().values().stream().mapToLong(NodeReads.Count::rows).sum()).isEqualTo(visits.size());
            assertThat(counted.byNode().values().stream().mapToLong(NodeReads.Count::bytes).sum())
                    .isEqualTo(visits.stream().mapToLong(Row::encodedLength).sum());
        }
    }

    @Test
    void aNodeThatIsDownIsReadFromItsReplicas() throws IOException {
        try (TestClusters.TestCluster fresh = TestClusters.fresh(3)) {
            ChunkedTables.hashed(fresh, "down_visits", VISITS, "url", 1, 2, visits);
            Catalog c = fresh.catalog();
            var node2 = new EmbeddedCluster(fresh.config()).embeddedNodes(c).get(1);
            node2.stop();
            ChunkReadSettings quick = new ChunkReadSettings(100, java.time.Duration.ZERO, java.time.Duration.ofSeconds(2), Map.of());
            List<ChunkSplit> splits = ChunkSplits.plan(c, ChunkQuery.of("SELECT * FROM down_visits", "down_visits"), quick,
                    credentials);
            assertThat(splits).allMatch(s -> !s.copies().get(0).node().id().equals("node2"));
            List<String> rows = new ArrayList<>();
            for (ChunkSplit s : splits) {
                try (ChunkReader r = ChunkReader.open(s, 0, quick, credentials)) {
                    Row row = new Row(s.schema());
                    while (r.next(row)) {
                        rows.add(row.toString());
                    }
                }
            }
            rows.sort(null);
            assertThat(rows).isEqualTo(sorted(visits));
            // reading the stopped copy itself fails as a node failure, naming the node
            ChunkSplit withNode2 = splits.stream().filter(s -> s.copies().stream().anyMatch(x -> x.node().id().equals("node2")))
                    .findFirst().orElseThrow();
            int index = withNode2.copies().indexOf(withNode2.copies().stream().filter(x -> x.node().id().equals("node2"))
                    .findFirst().orElseThrow());
            assertThatThrownBy(() -> ChunkReader.open(withNode2, index, quick, credentials))
                    .isInstanceOfSatisfying(ChunkReadException.class, e -> assertThat(e.nodeFailure()).isTrue())
                    .hasMessageContaining("node2");
        }
    }
}
