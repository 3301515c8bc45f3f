package org.hadoopdb.peers.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.hadoopdb.peers.protocol.PaperTaskSql;
import org.hadoopdb.peers.protocol.PeerException;
import org.hadoopdb.peers.protocol.PeerLaunch;
import org.hadoopdb.peers.protocol.PeerProcess;
import org.hadoopdb.peers.protocol.PeerTable;
import org.hadoopdb.peers.protocol.PeerTable.Column;
import org.hadoopdb.peers.protocol.PeerTable.Type;
import org.hadoopdb.peers.protocol.ResultReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DuckDB runner in a JVM of its own, started through {@link PeerProcess} as the benchmark starts it: the
 * paper's task SQL, unchanged, on both variants of small hand-written tables, against answers computed here.
 * Revenues are multiples of 0.25, so every sum is exact in any order and the answers compare exactly.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DuckDbPeerTest {
    private static final String GREP = PaperTaskSql.grep();
    private static final String SELECTION = PaperTaskSql.selection(10);
    private static final String AGGREGATION_SMALL = PaperTaskSql.aggregationSmall();
    private static final String AGGREGATION_LARGE = PaperTaskSql.aggregationLarge();
    private static final String JOIN = PaperTaskSql.join();

    @TempDir
    static Path dir;
    private PeerProcess peer;
    private final List<Ranking> rankings = new ArrayList<>();
    private final List<Visit> visits = new ArrayList<>();
    private final List<String> records = new ArrayList<>();

    record Ranking(int pagerank, String pageurl, int avgduration) {
    }

    record Visit(String sourceip, String desturl, LocalDate visitdate, double adrevenue) {
    }

    @BeforeAll
    void start() throws IOException {
        writeTables();
        peer = PeerProcess.start(launch(), dir.resolve("work"), dir.resolve("duckdb.log"));
        peer.define(new PeerTable("rankings", dir.resolve("rankings").toString(), '|', List.of(new Column("pagerank", Type.INT),
                new Column("pageurl", Type.STRING), new Column("avgduration", Type.INT))));
        peer.define(new PeerTable("uservisits", dir.resolve("uservisits").toString(), '|', List.of(
                new Column("sourceip", Type.STRING), new Column("desturl", Type.STRING), new Column("visitdate", Type.DATE),
                new Column("adrevenue", Type.DOUBLE), new Column("useragent", Type.STRING), new Column("countrycode", Type.STRING),
                new Column("languagecode", Type.STRING), new Column("searchword", Type.STRING), new Column("duration", Type.INT))));
        peer.define(new PeerTable("grep", dir.resolve("grep").toString(), '\u0001', List.of(new Column("record", Type.STRING))));
    }

    @AfterAll
    void stop() {
        if (peer != null) {
            peer.close();
        }
    }

    /** The launch the build wrote (name, main class, JVM options), on the test's class path. */
    private static PeerLaunch launch() throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of("target", PeerLaunch.PROPERTIES))) {
            p.load(in);
        }
        assertThat(p.getProperty("name")).isEqualTo("duckdb");
        assertThat(p.getProperty("main")).isEqualTo(DuckDbRunner.class.getName());
        assertThat(p.getProperty("jar")).startsWith("hadoopdb-peer-duckdb-").endsWith(".jar");
        assertThat(Path.of("target", PeerLaunch.CLASSPATH)).content().contains("duckdb_jdbc");
        List<Path> cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
        return new PeerLaunch(p.getProperty("name"), p.getProperty("main"), List.of(p.getProperty("jvm.options").split("\\s+")), cp);
    }

    /** Two part files per table (and a marker file the peer must skip), with ties and several groups. */
    private void writeTables() throws IOException {
        for (int i = 0; i < 30; i++) {
            // pageranks 11..15 twice each: ties above 10; one empty URL, which must stay an empty string (not NULL)
            rankings.add(new Ranking(i % 15 + 1, i == 12 ? "" : "url" + i, 10 + i));
        }
        String[] ips = {"10.0.0.1", "10.0.0.2", "10.0.1.7", "192.168.3.4", "192.168.3.5", "172.16.0.9"};
        for (int i = 0; i < 48; i++) {
            // days 10..25 of January 2000: inside the join window for days 15..22 (both ends included)
            LocalDate day = LocalDate.of(2000, 1, 10 + i % 16);
            String url = i % 5 == 4 ? "nowhere" + i : "url" + (i * 7 % 30); // every fifth visit matches no ranking
            visits.add(new Visit(ips[i % ips.length], url, day, (i % 9) * 0.25 + (i == 20 ? 100 : 0)));
        }
        for (int i = 0; i < 40; i++) {
            records.add(i % 6 == 0 ? "abcXYZdef " + (i % 12) : "record number " + i + " xyz");
        }
        write("rankings", rankings.stream().map(r -> r.pagerank + "|" + r.pageurl + "|" + r.avgduration).toList());
        write("uservisits", visits.stream().map(v -> v.sourceip + "|" + v.desturl + "|" + v.visitdate + "|" + v.adrevenue
                + "|Mozilla/5.0 (X11)|DEU|de-DE|word|" + (int) v.adrevenue).toList());
        write("grep", records);
    }

    private void write(String table, List<String> lines) throws IOException {
        Path d = Files.createDirectories(dir.resolve(table));
        int half = lines.size() / 2;
        Files.write(d.resolve("part-00000"), lines.subList(0, half));
        Files.write(d.resolve("part-00001"), lines.subList(half, lines.size()));
        Files.writeString(d.resolve("_SUCCESS"), "");
    }

    @Test
    void offersTheNativeAndTextVariants() {
        assertThat(peer.variants()).containsExactly("native", "text");
    }

    @Test
    void everyTaskOnEveryVariantGivesTheExactAnswer() throws IOException {
        for (String variant : peer.variants()) {
            for (String table : List.of("rankings", "uservisits", "grep")) {
                assertThat(peer.load(table, variant).seconds()).isGreaterThanOrEqualTo(0);
            }
            assertThat(run(variant, GREP)).as(variant).containsExactlyInAnyOrderElementsOf(
                    records.stream().filter(r -> r.contains("XYZ")).map(List::of).toList());
            assertThat(run(variant, SELECTION)).as(variant).containsExactlyInAnyOrderElementsOf(rankings.stream()
                    .filter(r -> r.pagerank > 10).map(r -> List.of(r.pageurl, Integer.toString(r.pagerank))).toList());
            Map<String, Double> small = new TreeMap<>();
            Map<String, Double> large = new TreeMap<>();
            for (Visit v : visits) {
                small.merge(v.sourceip.substring(0, 7), v.adrevenue, Double::sum);
                large.merge(v.sourceip, v.adrevenue, Double::sum);
            }
            assertThat(small).hasSizeGreaterThan(2);
            assertThat(run(variant, AGGREGATION_SMALL)).as(variant).containsExactlyInAnyOrderElementsOf(rows(small));
            assertThat(run(variant, AGGREGATION_LARGE)).as(variant).containsExactlyInAnyOrderElementsOf(rows(large));
            assertThat(run(variant, JOIN)).as(variant).containsExactly(expectedJoin());
        }
    }

    @Test
    void badSqlFailsNamingThePeerAndTheErrorAndThePeerGoesOn() {
        assertThatThrownBy(() -> peer.query("native", "SELEC pagerank FROM rankings", dir.resolve("bad.tsv")))
                .isInstanceOf(PeerException.class)
                .hasMessageContaining("Peer duckdb failed on QUERY")
                .hasMessageContaining("syntax error");
        assertThatThrownBy(() -> peer.load("rankings", "parquet")).isInstanceOf(PeerException.class)
                .hasMessageContaining("Unknown variant 'parquet' of duckdb");
        assertThat(peer.query("text", "SELECT count(*) FROM rankings", dir.resolve("count.tsv")).rows()).isEqualTo(1);
    }

    /** The join's one row: the source IP with the most revenue from visits in the window to a ranked page. */
    private List<String> expectedJoin() {
        Map<String, Integer> rank = new TreeMap<>();
        rankings.forEach(r -> rank.put(r.pageurl, r.pagerank));
        Map<String, double[]> byIp = new TreeMap<>(); // revenue, pagerank sum, count
        for (Visit v : visits) {
            boolean inWindow = !v.visitdate.isBefore(LocalDate.of(2000, 1, 15)) && !v.visitdate.isAfter(LocalDate.of(2000, 1, 22));
            Integer r = rank.get(v.desturl);
            if (inWindow && r != null) {
                double[] a = byIp.computeIfAbsent(v.sourceip, k -> new double[3]);
                a[0] += v.adrevenue;
                a[1] += r;
                a[2]++;
            }
        }
        var top = byIp.entrySet().stream().max(Comparator.comparingDouble(e -> e.getValue()[0])).orElseThrow();
        assertThat(byIp.values().stream().filter(a -> a[0] == top.getValue()[0])).as("one top IP").hasSize(1);
        double[] a = top.getValue();
        return List.of(top.getKey(), Double.toString(a[1] / a[2]), Double.toString(a[0]));
    }

    private static List<List<String>> rows(Map<String, Double> sums) {
        return sums.entrySet().stream().map(e -> List.of(e.getKey(), Double.toString(e.getValue()))).toList();
    }

    private List<List<String>> run(String variant, String sql) throws IOException {
        Path out = dir.resolve("result.tsv");
        PeerProcess.Timed t = peer.query(variant, sql, out);
        List<List<String>> rows = new ArrayList<>();
        ResultReader.read(out, rows::add);
        assertThat(t.rows()).isEqualTo(rows.size());
        assertThat(t.seconds()).isGreaterThanOrEqualTo(0);
        return rows;
    }
}
