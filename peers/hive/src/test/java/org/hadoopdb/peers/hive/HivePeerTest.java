package org.hadoopdb.peers.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.hadoopdb.peers.protocol.PaperTaskSql;
import org.hadoopdb.peers.protocol.PeerException;
import org.hadoopdb.peers.protocol.PeerLaunch;
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

/**
 * The Hive runner in a JVM of its own, started through {@link PeerProcess} as the benchmark starts it: every paper
 * task on every variant, over small tables written here, against answers computed here. Revenues are multiples of
 * 1/4, so that every sum is exact in any order and the doubles can be compared as text.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HivePeerTest {
    private static final LocalDate JOIN_FROM = PaperTaskSql.JOIN_FROM;
    private static final LocalDate JOIN_TO = PaperTaskSql.JOIN_TO;
    private static final int THRESHOLD = 10;
    private static final String GREP = PaperTaskSql.grep();
    private static final String SELECTION = PaperTaskSql.selection(THRESHOLD);
    private static final String AGGREGATION_SMALL = PaperTaskSql.aggregationSmall();
    private static final String AGGREGATION_LARGE = PaperTaskSql.aggregationLarge();
    private static final String JOIN = PaperTaskSql.join();

    record Ranking(int pagerank, String pageurl, int avgduration) {
        String line() {
            return pagerank + "|" + pageurl + "|" + avgduration;
        }
    }

    record Visit(String sourceip, String desturl, LocalDate visitdate, double adrevenue) {
        String line() {
            return String.join("|", sourceip, desturl, visitdate.toString(), Double.toString(adrevenue), "Mozilla/5.0",
                    "DEU", "de-DE", "hadoop", "7");
        }
    }

    @TempDir
    static Path dir;
    private PeerProcess hive;
    private final List<Ranking> rankings = new ArrayList<>();
    private final List<Visit> visits = new ArrayList<>();
    private final List<String> grep = new ArrayList<>();
    private PeerTable rankingsTable;

    @BeforeAll
    void startHiveAndDefineTables() throws IOException {
        rankings.addAll(List.of(new Ranking(5, "url1", 10), new Ranking(20, "url2", 3), new Ranking(10, "url3", 7),
                new Ranking(30, "url4", 1), new Ranking(20, "url5", 2), new Ranking(11, "url6", 4), new Ranking(1, "url7", 9)));
        for (int i = 0; i < 20; i++) {
            rankings.add(new Ranking(i % 15, "page" + i, i)); // ties around the threshold, and no visits
        }
        visits.addAll(List.of(
                new Visit("158.112.27.3", "url2", LocalDate.parse("2000-01-15"), 0.5), // first day of the window
                new Visit("158.112.27.3", "url4", LocalDate.parse("2000-01-22"), 1.25), // last day
                new Visit("158.112.99.1", "url1", LocalDate.parse("2000-01-18"), 2.75),
                new Visit("158.112.99.1", "url2", LocalDate.parse("2000-01-14"), 100.0), // the day before
                new Visit("10.0.0.1", "url5", LocalDate.parse("2000-01-20"), 0.25),
                new Visit("10.0.0.1", "url6", LocalDate.parse("2000-01-23"), 50.0), // the day after
                new Visit("10.0.0.1", "nowhere", LocalDate.parse("2000-01-16"), 9.5), // no ranking
                new Visit("203.0.113.9", "url4", LocalDate.parse("2000-01-19"), 1.5),
                new Visit("203.0.113.9", "url3", LocalDate.parse("2000-01-21"), 0.75),
                new Visit("203.0.113.90", "url7", LocalDate.parse("2000-01-17"), 3.0),
                new Visit("203.0.113.90", "url1", LocalDate.parse("2000-01-17"), 1.5),
                new Visit("203.0.113.90", "url6", LocalDate.parse("2000-01-21"), 0.5)));
        for (int i = 0; i < 24; i++) {
            visits.add(new Visit("192.168." + i % 3 + "." + i, "url" + (1 + i % 7), LocalDate.parse("2000-02-01").plusDays(i), i * 0.25));
        }
        for (int i = 0; i < 30; i++) {
            String filler = "r" + i + "|abcdefghij".repeat(1 + i % 3);
            grep.add(i % 4 == 0 ? filler.substring(0, i % 5) + "XYZ" + filler : filler);
        }
        grep.add("tab\tinside XYZ and a backslash \\");
        grep.add("r0XYZr0|abcdefghij"); // a duplicate of record 0
        grep.add("xyz in lower case");

        Path data = Files.createDirectories(dir.resolve("data"));
        rankingsTable = new PeerTable("rankings", write(data.resolve("rankings"), rankings.stream().map(Ranking::line).toList()),
                '|', List.of(new Column("pagerank", Type.INT), new Column("pageurl", Type.STRING), new Column("avgduration", Type.INT)));
        PeerTable visitsTable = new PeerTable("uservisits", write(data.resolve("uservisits"), visits.stream().map(Visit::line).toList()),
                '|', List.of(new Column("sourceip", Type.STRING), new Column("desturl", Type.STRING), new Column("visitdate", Type.DATE),
                        new Column("adrevenue", Type.DOUBLE), new Column("useragent", Type.STRING), new Column("countrycode", Type.STRING),
                        new Column("languagecode", Type.STRING), new Column("searchword", Type.STRING), new Column("duration", Type.INT)));
        PeerTable grepTable = new PeerTable("grep", write(data.resolve("grep"), grep), '\u0001', List.of(new Column("record", Type.STRING)));

        // each part file its own split (Hive would combine small files into one), so that a job runs two map tasks, as
        // every job over a large input does: two at once in the runner's JVM collided (Hive's cached operator tree)
        PeerLaunch built = BuiltRunner.launch(Path.of(System.getProperty("peer.target", "target")), "-Xmx4g");
        List<String> options = new ArrayList<>(built.jvmOptions());
        options.add("-Dhive.input.format=org.apache.hadoop.hive.ql.io.HiveInputFormat");
        hive = PeerProcess.start(new PeerLaunch(built.name(), built.mainClass(), options, built.classPath()), dir.resolve("work"),
                dir.resolve("hive.log"));
        for (PeerTable t : List.of(rankingsTable, visitsTable, grepTable)) {
            hive.define(t);
        }
    }

    /** The lines in two part files, with the marker and checksum files a Hadoop job leaves, which readers skip. */
    private static String write(Path table, List<String> lines) throws IOException {
        Files.createDirectories(table);
        int half = lines.size() / 2;
        Files.write(table.resolve("part-00000"), lines.subList(0, half));
        Files.write(table.resolve("part-00001"), lines.subList(half, lines.size()));
        Files.writeString(table.resolve("_SUCCESS"), "");
        Files.writeString(table.resolve(".part-00000.crc"), "not|a|row\n");
        return table.toAbsolutePath().toString();
    }

    @AfterAll
    void stopHive() {
        if (hive != null) {
            hive.close();
        }
    }

    @Test
    void everyTaskOnEveryVariantGivesTheExactAnswers() throws IOException {
        assertThat(hive.variants()).containsExactly("text", "orc");
        for (String variant : hive.variants()) {
            for (String table : List.of("rankings", "uservisits", "grep")) {
                assertThat(hive.load(table, variant).seconds()).as("load %s into %s", table, variant).isNotNegative();
            }
            assertThat(query(variant, GREP)).as("Grep on %s", variant).containsExactlyInAnyOrderElementsOf(
                    grep.stream().filter(r -> r.contains("XYZ")).map(List::of).toList());
            assertThat(query(variant, SELECTION)).as("Selection on %s", variant).containsExactlyInAnyOrderElementsOf(
                    rankings.stream().filter(r -> r.pagerank() > THRESHOLD).map(r -> List.of(r.pageurl(), Integer.toString(r.pagerank()))).toList());
            assertThat(query(variant, AGGREGATION_SMALL)).as("Aggregation small on %s", variant)
                    .containsExactlyInAnyOrderElementsOf(sums(v -> v.sourceip().substring(0, Math.min(7, v.sourceip().length()))));
            assertThat(query(variant, AGGREGATION_LARGE)).as("Aggregation large on %s", variant)
                    .containsExactlyInAnyOrderElementsOf(sums(Visit::sourceip));
            assertThat(query(variant, JOIN)).as("Join on %s", variant).containsExactly(joinAnswer());
        }
    }

    @Test
    void badSqlNamesThePeerAndHivesError() throws IOException {
        assertThatThrownBy(() -> hive.query("text", "SELEC pageurl FROM rankings", dir.resolve("bad.tsv")))
                .isInstanceOf(PeerException.class).hasMessageContaining("Peer hive failed on QUERY")
                .hasMessageContaining("ParseException").hasMessageContaining("SELEC");
        assertThatThrownBy(() -> hive.query("parquet", SELECTION, dir.resolve("bad.tsv")))
                .isInstanceOf(PeerException.class).hasMessageContaining("Hive has no variant 'parquet'");
        // the runner goes on after a failed command
        assertThat(query("text", "SELECT COUNT(*) FROM rankings")).containsExactly(List.of(Integer.toString(rankings.size())));
    }

    @Test
    void aTableDefinedAgainReadsTheSameFiles() throws IOException {
        // the text variant's table is replaced, never its files: they are the benchmark's data
        hive.define(rankingsTable);
        assertThat(query("text", "SELECT COUNT(*), SUM(pagerank) FROM rankings"))
                .containsExactly(List.of(Integer.toString(rankings.size()), Integer.toString(rankings.stream().mapToInt(Ranking::pagerank).sum())));
    }

    private List<List<String>> query(String variant, String sql) throws IOException {
        Path out = dir.resolve("result.tsv");
        PeerProcess.Timed t = hive.query(variant, sql, out);
        List<List<String>> rows = new ArrayList<>();
        ResultReader.read(out, rows::add);
        assertThat(t.rows()).isEqualTo(rows.size());
        return rows;
    }

    private List<List<String>> sums(Function<Visit, String> key) {
        Map<String, Double> sums = visits.stream().collect(Collectors.groupingBy(key, TreeMap::new, Collectors.summingDouble(Visit::adrevenue)));
        return sums.entrySet().stream().map(e -> List.of(e.getKey(), Double.toString(e.getValue()))).toList();
    }

    /** The source IP with the most revenue in the window from visits to ranked pages, its average page rank and revenue. */
    private List<String> joinAnswer() {
        Map<String, Integer> rank = rankings.stream().collect(Collectors.toMap(Ranking::pageurl, Ranking::pagerank));
        Map<String, List<Visit>> byIp = visits.stream()
                .filter(v -> !v.visitdate().isBefore(JOIN_FROM) && !v.visitdate().isAfter(JOIN_TO) && rank.containsKey(v.desturl()))
                .collect(Collectors.groupingBy(Visit::sourceip));
        List<List<String>> answers = byIp.entrySet().stream()
                .sorted(Comparator.comparingDouble((Map.Entry<String, List<Visit>> e) -> revenue(e.getValue())).reversed())
                .map(e -> List.of(e.getKey(),
                        Double.toString(e.getValue().stream().mapToInt(v -> rank.get(v.desturl())).sum() / (double) e.getValue().size()),
                        Double.toString(revenue(e.getValue()))))
                .toList();
        assertThat(answers.get(0).get(2)).as("the data has one top revenue").isNotEqualTo(answers.get(1).get(2));
        return answers.get(0);
    }

    private static double revenue(List<Visit> visits) {
        return visits.stream().mapToDouble(Visit::adrevenue).sum();
    }
}
