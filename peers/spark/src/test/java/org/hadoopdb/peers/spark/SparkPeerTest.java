package org.hadoopdb.peers.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.hadoopdb.peers.protocol.PaperTaskSql;
import org.hadoopdb.peers.protocol.PeerException;
import org.hadoopdb.peers.protocol.PeerProcess;
import org.hadoopdb.peers.protocol.PeerTable;
import org.hadoopdb.peers.protocol.PeerTable.Column;
import org.hadoopdb.peers.protocol.PeerTable.Type;
import org.hadoopdb.peers.protocol.ResultReader;
import org.hadoopdb.peers.protocol.testing.BuiltRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The built runner in a JVM of its own, started through {@link PeerProcess} as the benchmark starts it: every task
 * of the paper on every variant, against the answers {@link PaperTables} computes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkPeerTest {
    private static final String GREP = PaperTaskSql.grep();
    private static final String SELECTION = PaperTaskSql.selection(PaperTables.SELECTION_THRESHOLD);
    private static final String AGGREGATION_SMALL = PaperTaskSql.aggregationSmall();
    private static final String AGGREGATION_LARGE = PaperTaskSql.aggregationLarge();
    private static final String JOIN = PaperTaskSql.join();

    @TempDir
    static Path dir;

    private final PaperTables tables = new PaperTables();
    private PeerProcess spark;
    private int results;

    @BeforeAll
    void startAndLoad() throws IOException {
        // the tests' tables are tiny and the machine shared: a 1 GB heap is plenty
        spark = PeerProcess.start(BuiltRunner.launch(Path.of(System.getProperty("peer.target", "target")), "-Xmx1g"),
                dir.resolve("work"), dir.resolve("spark.log"));
        spark.define(tables.writeRankings(dir.resolve("data/rankings")));
        spark.define(tables.writeUserVisits(dir.resolve("data/uservisits")));
        spark.define(tables.writeGrep(dir.resolve("data/grep")));
        for (String variant : spark.variants()) {
            for (String table : List.of("rankings", "uservisits", "grep")) {
                assertThat(spark.load(table, variant).seconds()).isGreaterThanOrEqualTo(0);
            }
        }
    }

    @AfterAll
    void stop() {
        if (spark != null) {
            spark.close();
        }
    }

    @Test
    void offersTextFirstThenParquet() {
        assertThat(spark.variants()).containsExactly("text", "parquet");
    }

    @Test
    void theParquetLoadWritesParquetFilesInTheWorkDirectory() throws IOException {
        try (Stream<Path> files = Files.walk(dir.resolve("work/warehouse/parquet.db/uservisits"))) {
            assertThat(files.map(Path::toString)).anyMatch(f -> f.endsWith(".parquet"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "parquet"})
    void grep(String variant) throws IOException {
        assertThat(query(variant, GREP)).containsExactlyInAnyOrderElementsOf(tables.grepAnswer()).hasSize(18);
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "parquet"})
    void selection(String variant) throws IOException {
        assertThat(query(variant, SELECTION)).containsExactlyInAnyOrderElementsOf(tables.selectionAnswer()).isNotEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "parquet"})
    void aggregationSmall(String variant) throws IOException {
        assertThat(query(variant, AGGREGATION_SMALL)).containsExactlyInAnyOrderElementsOf(tables.aggregationSmallAnswer()).hasSize(3);
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "parquet"})
    void aggregationLarge(String variant) throws IOException {
        assertThat(query(variant, AGGREGATION_LARGE)).containsExactlyInAnyOrderElementsOf(tables.aggregationLargeAnswer()).hasSize(12);
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "parquet"})
    void join(String variant) throws IOException {
        assertThat(query(variant, JOIN)).containsExactlyElementsOf(tables.joinAnswer());
    }

    @Test
    void badSqlFailsNamingThePeerAndTheErrorAndThePeerGoesOn() throws IOException {
        assertThatThrownBy(() -> query("text", "SELEC pageurl FROM rankings"))
                .isInstanceOf(PeerException.class)
                .hasMessageContaining("Peer spark failed on QUERY")
                .hasMessageContaining("PARSE_SYNTAX_ERROR");
        assertThat(query("text", SELECTION)).containsExactlyInAnyOrderElementsOf(tables.selectionAnswer());
    }

    @Test
    void anUnknownVariantIsNamed() {
        assertThatThrownBy(() -> query("orc", SELECTION)).isInstanceOf(PeerException.class)
                .hasMessageContaining("Unknown variant 'orc'").hasMessageContaining("[text, parquet]");
    }

    @Test
    void redefiningATableKeepsItsFilesAndDropsItsStaleParquetCopy() throws IOException {
        spark.define(tables.writeRankings(dir.resolve("data/rankings")));
        assertThat(dir.resolve("data/rankings/part-00000")).exists();
        assertThatThrownBy(() -> query("parquet", SELECTION)).isInstanceOf(PeerException.class)
                .hasMessageContaining("TABLE_OR_VIEW_NOT_FOUND");
        assertThat(spark.load("rankings", "parquet").seconds()).isGreaterThanOrEqualTo(0);
        assertThat(query("parquet", SELECTION)).containsExactlyInAnyOrderElementsOf(tables.selectionAnswer());
    }

    @Test
    void aLineThatDoesNotParseFailsTheQuery() throws IOException {
        Path broken = Files.createDirectories(dir.resolve("data/broken"));
        Files.writeString(broken.resolve("part-00000"), "1|http://a.example/|2\nnot-a-number|http://b.example/|3\n");
        spark.define(new PeerTable("broken", broken.toString(), '|',
                List.of(new Column("pagerank", Type.INT), new Column("pageurl", Type.STRING), new Column("avgduration", Type.INT))));
        assertThatThrownBy(() -> query("text", "SELECT pagerank, pageurl FROM broken")).isInstanceOf(PeerException.class)
                .hasMessageContaining("Peer spark failed on QUERY").hasMessageContaining("MALFORMED");
    }

    private List<List<String>> query(String variant, String sql) throws IOException {
        Path out = dir.resolve("result-" + results++ + ".tsv");
        PeerProcess.Timed t = spark.query(variant, sql, out);
        List<List<String>> rows = new ArrayList<>();
        ResultReader.read(out, rows::add);
        assertThat(t.rows()).isEqualTo(rows.size());
        return rows;
    }
}
