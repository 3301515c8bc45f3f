package org.hadoopdb.peers.spark;

import static java.util.stream.Collectors.groupingBy;
import static java.util.stream.Collectors.toList;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.hadoopdb.peers.protocol.PeerTable;
import org.hadoopdb.peers.protocol.PeerTable.Column;
import org.hadoopdb.peers.protocol.PeerTable.Type;

/**
 * Small tables in the shape of the paper's (rankings, uservisits, grep), written as the benchmark's text files, and
 * the answers of its tasks computed here in plain Java. Revenues are multiples of 0.25, so that every sum is exact
 * in any order of addition and a peer's doubles can be compared as text.
 */
final class PaperTables {
    static final int SELECTION_THRESHOLD = 10;
    static final LocalDate JOIN_FROM = org.hadoopdb.peers.protocol.PaperTaskSql.JOIN_FROM;
    static final LocalDate JOIN_TO = org.hadoopdb.peers.protocol.PaperTaskSql.JOIN_TO;

    record Ranking(int pagerank, String pageurl, int avgduration) {
        String line() {
            return pagerank + "|" + pageurl + "|" + avgduration;
        }
    }

    record Visit(String sourceip, String desturl, LocalDate visitdate, double adrevenue, String useragent,
                 String countrycode, String languagecode, String searchword, int duration) {
        String line() {
            return String.join("|", sourceip, desturl, visitdate.toString(), Double.toString(adrevenue), useragent,
                    countrycode, languagecode, searchword, Integer.toString(duration));
        }
    }

    final List<Ranking> rankings = new ArrayList<>();
    final List<Visit> visits = new ArrayList<>();
    final List<String> grep = new ArrayList<>();

    PaperTables() {
        for (int i = 0; i < 30; i++) {
            // pageranks 0..22 in a scrambled order: several pages share one, on both sides of the threshold
            rankings.add(new Ranking(i * 7 % 23, url(i), 1 + i % 5));
        }
        for (int i = 0; i < 48; i++) {
            String ip = (i % 3 == 0 ? "158.112" : i % 3 == 1 ? "158.113" : "172.016") + "." + (i % 4) + "." + (i % 2 + 7);
            // every 6th visit is to a page no ranking has; dates run from 2000-01-10 to 2000-01-25 around the window
            String dest = i % 6 == 5 ? "http://nowhere.example/" + i : url(i * 5 % 30);
            visits.add(new Visit(ip, dest, LocalDate.parse("2000-01-10").plusDays(i % 16), (i * 37 % 400) / 4.0,
                    "Mozilla/5.0 \"quoted\" (X11; " + i + ")", i % 2 == 0 ? "NLD" : "USA", i % 2 == 0 ? "nl" : "en-US",
                    "word\\" + i % 7, 1 + i % 9));
        }
        for (int i = 0; i < 36; i++) {
            // a record in quotes would lose them to a CSV reader that still quotes
            String key = String.format(i % 6 == 3 ? "\"ey%07d" : "key%07d", i);
            String field = switch (i % 6) {
                case 0 -> "before XYZ after";
                case 1 -> "lower case xyz does not match";
                case 2 -> "XY Z is split";
                case 3 -> "a | pipe and a back\\slash, then XYZ";
                case 4 -> "XYZXYZ twice, \"inner quotes\"";
                default -> "nothing here";
            };
            String padded = (field + " ".repeat(90)).substring(0, 90);
            grep.add(key + (key.startsWith("\"") ? padded.substring(0, 89) + "\"" : padded));
        }
    }

    private static String url(int i) {
        return "http://site" + i + ".example/page" + i % 4 + ".html";
    }

    // ---- the files and the tables' descriptions

    PeerTable writeRankings(Path dir) throws IOException {
        write(dir, rankings.stream().map(Ranking::line).toList());
        return new PeerTable("rankings", dir.toString(), '|', List.of(new Column("pagerank", Type.INT),
                new Column("pageurl", Type.STRING), new Column("avgduration", Type.INT)));
    }

    PeerTable writeUserVisits(Path dir) throws IOException {
        write(dir, visits.stream().map(Visit::line).toList());
        return new PeerTable("uservisits", dir.toString(), '|', List.of(new Column("sourceip", Type.STRING),
                new Column("desturl", Type.STRING), new Column("visitdate", Type.DATE), new Column("adrevenue", Type.DOUBLE),
                new Column("useragent", Type.STRING), new Column("countrycode", Type.STRING),
                new Column("languagecode", Type.STRING), new Column("searchword", Type.STRING),
                new Column("duration", Type.INT)));
    }

    PeerTable writeGrep(Path dir) throws IOException {
        write(dir, grep);
        return new PeerTable("grep", dir.toString(), '\u0001', List.of(new Column("record", Type.STRING)));
    }

    /** Two part files, as a loader's output has, and the marker files a reader must skip. */
    private static void write(Path dir, List<String> lines) throws IOException {
        Files.createDirectories(dir);
        int half = lines.size() / 2;
        Files.write(dir.resolve("part-00000"), lines.subList(0, half), StandardCharsets.UTF_8);
        Files.write(dir.resolve("part-00001"), lines.subList(half, lines.size()), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("_SUCCESS"), "");
        Files.writeString(dir.resolve(".part-00000.crc"), "not a record");
    }

    // ---- the tasks' answers, as rows of text

    List<List<String>> grepAnswer() {
        return grep.stream().filter(r -> r.contains("XYZ")).map(List::of).toList();
    }

    List<List<String>> selectionAnswer() {
        return rankings.stream().filter(r -> r.pagerank() > SELECTION_THRESHOLD)
                .map(r -> List.of(r.pageurl(), Integer.toString(r.pagerank()))).toList();
    }

    List<List<String>> aggregationAnswer(Function<Visit, String> group) {
        return visits.stream().collect(groupingBy(group, toList())).entrySet().stream()
                .map(e -> List.of(e.getKey(), Double.toString(e.getValue().stream().mapToDouble(Visit::adrevenue).sum())))
                .toList();
    }

    List<List<String>> aggregationSmallAnswer() {
        return aggregationAnswer(v -> v.sourceip().substring(0, 7));
    }

    List<List<String>> aggregationLargeAnswer() {
        return aggregationAnswer(Visit::sourceip);
    }

    /** The join's one row; the data is such that exactly one source IP has the largest revenue. */
    List<List<String>> joinAnswer() {
        Map<String, Ranking> byUrl = rankings.stream().collect(java.util.stream.Collectors.toMap(Ranking::pageurl, r -> r));
        Map<String, List<Visit>> byIp = visits.stream()
                .filter(v -> !v.visitdate().isBefore(JOIN_FROM) && !v.visitdate().isAfter(JOIN_TO))
                .filter(v -> byUrl.containsKey(v.desturl()))
                .collect(groupingBy(Visit::sourceip, toList()));
        record Group(String ip, double avgPagerank, double revenue) {
        }
        List<Group> groups = byIp.entrySet().stream().map(e -> new Group(e.getKey(),
                        (double) e.getValue().stream().mapToInt(v -> byUrl.get(v.desturl()).pagerank()).sum() / e.getValue().size(),
                        e.getValue().stream().mapToDouble(Visit::adrevenue).sum()))
                .sorted(Comparator.comparingDouble(Group::revenue).reversed()).toList();
        if (groups.size() < 2 || groups.get(0).revenue() == groups.get(1).revenue()) {
            throw new IllegalStateException("The test data must give the join one top source IP and others: " + groups);
        }
        Group top = groups.get(0);
        return List.of(List.of(top.ip(), Double.toString(top.avgPagerank()), Double.toString(top.revenue())));
    }
}
