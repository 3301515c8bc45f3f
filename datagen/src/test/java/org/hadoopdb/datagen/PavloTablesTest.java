package org.hadoopdb.datagen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Formats, value ranges and distributions of every Pavlo table, on one small generated data set. */
class PavloTablesTest {

    /** The UDF aggregation task's regex (BENCHMARK.md). */
    private static final Pattern LINK = Pattern.compile("<a href=\"http://([\\w./\\d]+\\.html)\">link</a>",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern URL = Pattern.compile("http://[0-9]+[a-z]+\\.html");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern REVENUE = Pattern.compile("\\d{1,3}\\.\\d{3}");

    private static final long GREP_ROWS = 35_000;
    private static final long USERVISITS_ROWS = 200_000;

    @TempDir
    static Path out;
    static PavloDataGenerator generator;
    static GenerationSummary summary;
    static Map<String, Long> rankings;

    @BeforeAll
    static void generate() throws Exception {
        Scale scale = Scale.paperFraction(0.001, 1)
                .withRows(PavloTable.GREP, GREP_ROWS)
                .withRows(PavloTable.USERVISITS, USERVISITS_ROWS);
        generator = PavloDataGenerator.builder().seed(20090824).scale(scale).threads(2).outputDir(out)
                .rowsPerPart(PavloTable.GREP, 7_000) // parts that cut through the pattern's 10 000-record blocks
                .rowsPerPart(PavloTable.RANKINGS, 5_000)
                .rowsPerPart(PavloTable.USERVISITS, 70_000)
                .rowsPerPart(PavloTable.DOCUMENTS, 250)
                .build();
        summary = generator.generate(GenerationProgressListener.NONE);
        rankings = new HashMap<>();
        for (String line : TestFiles.lines(out.resolve("rankings"))) {
            String[] f = line.split("\\|", -1);
            rankings.put(f[1], Long.parseLong(f[0]));
        }
    }

    @Test
    void summaryDescribesTheFiles() throws Exception {
        assertThat(summary.datasets()).extracting(DatasetSummary::name)
                .containsExactly("grep", "rankings", "uservisits", "documents", "documents-hadoop");
        DatasetSummary grep = summary.dataset("grep").orElseThrow();
        assertThat(grep.files()).hasSize(5);
        assertThat(grep.rows()).isEqualTo(GREP_ROWS);
        assertThat(grep.bytes()).isEqualTo(GREP_ROWS * 101);
        assertThat(summary.dataset("documents-hadoop").orElseThrow().files()).hasSize(3);
        String manifest = Files.readString(out.resolve(PavloDataGenerator.MANIFEST));
        assertThat(manifest).contains("seed=20090824", "generated.uservisits.rows=" + USERVISITS_ROWS,
                "selection.threshold=" + summary.selectionThreshold().orElseThrow().threshold());
        try (var files = Files.list(out.resolve("uservisits"))) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted())
                    .containsExactly("part-00000", "part-00001", "part-00002");
        }
    }

    @Test
    void grepRecordsAre100PrintableCharactersWithThePatternOncePer10000() {
        List<String> lines = TestFiles.lines(out.resolve("grep"));
        assertThat(lines).hasSize((int) GREP_ROWS);
        List<Integer> matches = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String record = lines.get(i);
            assertThat(record).hasSize(100);
            assertThat(record.chars().allMatch(c -> c >= ' ' && c <= '~')).isTrue();
            int at = record.indexOf("XYZ");
            if (at >= 0) {
                assertThat(at).as("pattern in the field, not the key").isGreaterThanOrEqualTo(10);
                assertThat(record.indexOf("XYZ", at + 1)).isEqualTo(-1);
                matches.add(i);
            }
        }
        assertThat((long) matches.size()).isEqualTo(generator.expectedGrepMatches()).isEqualTo(summary.grepMatches());
        for (int block = 0; block < GREP_ROWS / 10_000; block++) {
            int b = block;
            assertThat(matches.stream().filter(m -> m / 10_000 == b)).as("block %d", b).hasSize(1);
        }
        assertThat(matches.size()).isBetween(3, 4);
    }

    @Test
    void rankingsRowsHaveThreeFieldsInRange() {
        List<String> lines = TestFiles.lines(out.resolve("rankings"));
        assertThat(lines).hasSize(18_000);
        long sum = 0;
        for (String line : lines) {
            String[] f = line.split("\\|", -1);
            assertThat(f).hasSize(3);
            long pageRank = Long.parseLong(f[0]);
            assertThat(pageRank).isGreaterThanOrEqualTo(1);
            sum += pageRank;
            assertThat(f[1]).matches(URL).hasSizeLessThanOrEqualTo(100);
            assertThat(Integer.parseInt(f[2])).isBetween(1, 99);
        }
        assertThat(rankings).hasSize(18_000); // URLs are distinct
        assertThat(sum).isEqualTo(generator.totalLinks());
        assertThat(rankings.values().stream().mapToLong(Long::longValue).max().orElseThrow())
                .as("Zipf-skewed").isGreaterThan(10);
    }

    @Test
    void userVisitsRowsHaveNineFieldsInRange() {
        Set<String> agents = new HashSet<>(UserVisitsVocabulary.USER_AGENTS);
        Set<String> locales = new HashSet<>(UserVisitsVocabulary.COUNTRY_LANGUAGES);
        Set<String> searchWords = new HashSet<>(WordList.get().searchWords());
        LocalDate first = LocalDate.of(1973, 3, 3);
        LocalDate last = LocalDate.of(2004, 11, 9);
        List<String> problems = new ArrayList<>(); // plain checks: 200 000 rows through AssertJ take seconds
        double revenue = 0;
        int[] durations = new int[10];
        for (String line : TestFiles.lines(out.resolve("uservisits"))) {
            String[] f = line.split("\\|", -1);
            if (f.length != 9) {
                problems.add("not 9 fields: " + line);
                continue;
            }
            LocalDate date = DATE.matcher(f[2]).matches() ? LocalDate.parse(f[2]) : null;
            double r = REVENUE.matcher(f[3]).matches() ? Double.parseDouble(f[3]) : -1;
            int duration = Integer.parseInt(f[8]);
            boolean ok = rankings.containsKey(f[1])
                    && date != null && !date.isBefore(first) && !date.isAfter(last)
                    && r >= 0 && r < 500
                    && agents.contains(f[4]) && f[4].length() <= 64
                    && f[5].length() == 3 && f[6].length() == 6 && f[6].startsWith(f[5] + "-")
                    && locales.contains(f[5] + "|" + f[6])
                    && searchWords.contains(f[7]) && f[7].length() <= 32
                    && duration >= 1 && duration <= 9;
            if (!ok) {
                problems.add(line);
                continue;
            }
            revenue += r;
            durations[duration]++;
        }
        assertThat(problems).as("rows with a field out of range (destURL must be a Rankings URL)").isEmpty();
        assertThat(revenue / USERVISITS_ROWS).isCloseTo(250, within(2.0));
        for (int d = 1; d <= 9; d++) {
            assertThat(durations[d] / (double) USERVISITS_ROWS).isCloseTo(1 / 9.0, within(0.005));
        }
    }

    @Test
    void sourceIpsAreUniformOverTheirValueSpace() {
        Set<String> distinct = new HashSet<>();
        int[][] seenRange = {{999, -1}, {999, -1}, {999, -1}, {999, -1}};
        for (String line : TestFiles.lines(out.resolve("uservisits"))) {
            String ip = line.substring(0, line.indexOf('|'));
            distinct.add(ip);
            String[] octets = ip.split("\\.");
            assertThat(octets).hasSize(4);
            for (int i = 0; i < 4; i++) {
                int v = Integer.parseInt(octets[i]);
                seenRange[i][0] = Math.min(seenRange[i][0], v);
                seenRange[i][1] = Math.max(seenRange[i][1], v);
            }
        }
        assertThat(seenRange).isDeepEqualTo(new int[][] {{150, 179}, {100, 134}, {1, 48}, {1, 48}});
        assertThat(UserVisitsGenerator.SOURCE_IP_VALUES).isEqualTo(2_419_200L);
        // n uniform draws from M values give M (1 - e^(-n/M)) distinct ones
        double m = UserVisitsGenerator.SOURCE_IP_VALUES;
        double expected = m * (1 - Math.exp(-USERVISITS_ROWS / m));
        assertThat((double) distinct.size()).isCloseTo(expected, within(expected * 0.01));
    }

    @Test
    void joinWindowSelectsAbout007PercentOfVisits() {
        LocalDate from = LocalDate.of(2000, 1, 15);
        LocalDate to = LocalDate.of(2000, 1, 22);
        // yyyy-MM-dd strings compare like dates
        long inWindow = TestFiles.lines(out.resolve("uservisits")).stream()
                .map(l -> l.split("\\|", -1)[2])
                .filter(d -> d.compareTo(from.toString()) >= 0 && d.compareTo(to.toString()) <= 0)
                .count();
        double expected = USERVISITS_ROWS * 8.0 / VisitDates.DAYS; // 0.069 %: 138 rows
        assertThat(8.0 / VisitDates.DAYS).isCloseTo(0.0007, within(0.00005));
        assertThat((double) inWindow).isCloseTo(expected, within(4 * Math.sqrt(expected))); // 4 sigma
    }

    @Test
    void documentsAreHtmlWithZipfLinksThatMatchThePageRanks() throws Exception {
        List<String> rows = TestFiles.lines(out.resolve("documents"));
        assertThat(rows).hasSize(600);
        String hadoop = new String(TestFiles.concatenated(out.resolve("documents-hadoop")), StandardCharsets.US_ASCII);
        StringBuilder fromTable = new StringBuilder();
        Map<String, Long> linkCounts = new HashMap<>();
        long tokens = 0;
        long links = 0;
        long tokenChars = 0;
        for (String row : rows) {
            List<String> fields = TestFiles.splitEscaped(row);
            assertThat(fields).hasSize(2);
            assertThat(fields.get(0)).matches(URL);
            String contents = TestFiles.unescape(fields.get(1));
            fromTable.append(contents).append('\n');
            assertThat(contents).startsWith("<html><head></head><body>").endsWith("</body></html>");
            String body = contents.substring(25, contents.length() - 14);
            tokenChars += body.length();
            for (String line : body.split("\n")) {
                tokens += line.split(" ").length;
                int lastToken = line.endsWith("</a>") ? line.lastIndexOf("<a ") : line.lastIndexOf(' ') + 1;
                String withoutLast = line.substring(0, lastToken);
                assertThat(withoutLast.length()).as("a line breaks once it passes 80 characters").isLessThanOrEqualTo(81);
            }
            Matcher m = LINK.matcher(contents);
            while (m.find()) {
                linkCounts.merge("http://" + m.group(1), 1L, Long::sum);
                links++;
            }
        }
        assertThat(fromTable.toString()).as("both representations hold the same pages").isEqualTo(hadoop);
        assertThat(links).isEqualTo(generator.totalLinks());
        assertThat(linkCounts).as("Rankings.pageRank counts the links to each URL").isEqualTo(rankings);
        tokens -= links; // a link's own space split it in two
        assertThat((double) links / tokens).isCloseTo(0.05, within(0.01));
        assertThat(tokenChars / 600.0).isCloseTo(10_000, within(300.0));
    }
}
