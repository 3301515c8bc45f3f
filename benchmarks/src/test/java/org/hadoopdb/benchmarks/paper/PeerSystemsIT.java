package org.hadoopdb.benchmarks.paper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.benchmarks.report.Measurement;
import org.hadoopdb.cli.quickstart.PaperData;
import org.hadoopdb.datagen.PavloTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's side of the peers with the real DuckDB runner of the source tree: one process for both of its
 * variants, the default variant for a bare key, answers read back, a failed load that stops only that variant, and
 * the work directory gone at the end.
 */
class PeerSystemsIT {
    @TempDir
    Path dir;

    @Test
    void aFailedLoadStopsOnlyThatVariantAndTheOthersAnswer() throws Exception {
        Path rankings = Files.createDirectories(dir.resolve("data").resolve("rankings"));
        // the second line's pagerank is no integer: DuckDB's load refuses it; the text variant reads the first only
        Files.writeString(rankings.resolve("part-00000"), "12|url1|5\nnot-a-number|url2|6\n");
        PaperData data = new PaperData(dir.resolve("data"), null);
        Path work = dir.resolve("work");
        List<String> failures = new ArrayList<>();
        try (PeerSystems peers = PeerSystems.start(List.of("duckdb", "duckdb-text"), PeerSystems.sourceTreePeers(), dir, work, 10,
                s -> { })) {
            PeerSystem nativeTables = peers.system("duckdb");
            PeerSystem text = peers.system("duckdb-text");
            assertThat(nativeTables.name()).isEqualTo("duckdb native");
            assertThat(text.name()).isEqualTo("duckdb text");
            assertThat(nativeTables.process()).isSameAs(text.process());
            peers.define(data, List.of(PavloTable.RANKINGS));
            List<Measurement> loads = peers.load(PavloTable.RANKINGS, "Load Rankings", failures::add);
            assertThat(loads).extracting(Measurement::system).containsExactly("duckdb text");
            assertThat(failures).singleElement().asString().startsWith("Load Rankings: duckdb native failed: Peer duckdb failed on LOAD")
                    .contains("not-a-number");
            assertThat(peers.allLoaded()).isFalse();
            assertThat(nativeTables.cannotRun(PaperTask.SELECTION)).isEqualTo("its load of Rankings failed");
            assertThat(text.cannotRun(PaperTask.SELECTION)).isNull();
            assertThat(text.cannotRun(PaperTask.UDF)).contains("user function");
            // the text variant reads the files at query time: the bad line fails the query, with DuckDB's reason
            assertThatThrownBy(() -> text.timed(PaperTask.SELECTION)).hasMessageContaining("Peer duckdb failed on QUERY")
                    .hasMessageContaining("not-a-number");
            assertThat(peers.memory()).singleElement().satisfies(m -> {
                assertThat(m.process()).isEqualTo("duckdb runner JVM");
                assertThat(m.systems()).isEqualTo("duckdb native, duckdb text");
                assertThat(m.bytes()).isPositive();
            });
        }
        assertThat(work).doesNotExist();
        assertThat(dir.resolve("duckdb.log")).exists();
    }

    @Test
    void aVariantThePeerDoesNotOfferIsNamedWithTheOnesItDoes() {
        assertThatThrownBy(() -> PeerSystems.start(List.of("duckdb-orc"), PeerSystems.sourceTreePeers(), dir, dir.resolve("work"), 10,
                s -> { })).hasMessage("System 'duckdb-orc': peer duckdb has no variant 'orc'; it offers native, text");
        assertThat(dir.resolve("work")).doesNotExist();
    }

    @Test
    void theAnswerIsReadBackFromTheResultFile() throws Exception {
        Path rankings = Files.createDirectories(dir.resolve("data").resolve("rankings"));
        Files.writeString(rankings.resolve("part-00000"), "12|url1|5\n3|url2|6\n15|url3|7\n");
        try (PeerSystems peers = PeerSystems.start(List.of("duckdb"), PeerSystems.sourceTreePeers(), dir, dir.resolve("work"), 10,
                s -> { })) {
            peers.define(new PaperData(dir.resolve("data"), null), List.of(PavloTable.RANKINGS));
            assertThat(peers.load(PavloTable.RANKINGS, "Load Rankings", s -> { })).hasSize(1);
            BenchSystem.TimedAnswer run = peers.system("duckdb").timed(PaperTask.SELECTION);
            Answer expected = new Answer(PaperTask.SELECTION);
            expected.add("url1", 12L);
            expected.add("url3", 15L);
            assertThat(run.answer().rows()).isEqualTo(2);
            assertThat(run.answer().differenceFrom(expected)).isNull();
            assertThat(run.seconds()).isGreaterThanOrEqualTo(0);
        }
    }
}
