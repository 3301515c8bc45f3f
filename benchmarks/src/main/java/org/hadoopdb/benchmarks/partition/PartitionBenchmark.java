package org.hadoopdb.benchmarks.partition;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hadoopdb.benchmarks.paper.Machine;
import org.hadoopdb.benchmarks.report.BenchReport;
import org.hadoopdb.benchmarks.report.Measurement;
import org.hadoopdb.benchmarks.report.ReportWriter;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.cli.quickstart.PaperData;
import org.hadoopdb.datagen.PavloTable;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;
import org.hadoopdb.runtime.ResultStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hadoopdb bench partitions}: one year of the paper's UserVisits, asked of the table partitioned by
 * the visit's year ({@code PARTITIONED BY (visityear INT)}, filled from the plain table by a dynamic-partition
 * {@code INSERT OVERWRITE}) and of the plain table, where the year is a filter on {@code visitDate} (as
 * Hive users write it, {@code year(visitdate) = y}, and as a date range the chunks' index on visitDate
 * serves). The answers must agree; each query gets warm-up and timed runs.
 *
 * <pre>
 * hadoopdb --home /tmp/parts bench partitions --scale 2GB --nodes 4 --runs 3
 * </pre>
 */
@Command(name = "partitions", mixinStandardHelpOptions = true, sortOptions = false,
        description = "A one-year query on UserVisits partitioned by year and on the plain table, side by side.")
public final class PartitionBenchmark extends BaseCommand {
    @Option(names = "--scale", defaultValue = "2GB", description = "Size of UserVisits (default ${DEFAULT-VALUE}).")
    String scale;

    @Option(names = "--nodes", description = "Embedded nodes, when the home has no cluster yet (default: hadoopdb.embedded.nodes).")
    Integer nodes;

    @Option(names = "--year", defaultValue = "1990", description = "The year asked for, 1973 to 2004 (default ${DEFAULT-VALUE}).")
    int year;

    @Option(names = "--runs", defaultValue = "3", description = "Timed runs per query (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmups", defaultValue = "1", description = "Untimed runs first (default ${DEFAULT-VALUE}).")
    int warmups;

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default <home>/bench-results/partitions-<time>).")
    Path out;

    private static final String SYSTEM = "HadoopDB";

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || warmups < 0) {
            throw new IllegalArgumentException("--runs must be at least 1 and --warmups at least 0");
        }
        long visits = Math.max(1, Math.round(org.hadoopdb.benchmarks.load.LoadBenchmark.parseSize(scale)
                / PavloTable.USERVISITS.approxBytesPerRow()));
        Path results = out != null ? out : config().home().root().resolve("bench-results")
                .resolve("partitions-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (nodes != null) {
            org.hadoopdb.cluster.embedded.EmbeddedCluster cluster = new org.hadoopdb.cluster.embedded.EmbeddedCluster(config());
            if (!cluster.exists()) {
                console().note("Creating an embedded cluster of " + nodes + " nodes");
                cluster.init(nodes, 0);
            }
        }
        List<Measurement> measurements = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, String> setup = new LinkedHashMap<>();
        boolean agreed;
        try (HadoopDbEngine engine = HadoopDbEngine.start(config(), console()::note);
             Session session = engine.openSession(Map.of("hive.exec.dynamic.partition.mode", "nonstrict"))) {
            int n = engine.catalog().nodes().size();
            PaperData data = PaperData.generate(config().home().root().resolve("bench-data"), Math.max(25, visits / 10), visits,
                    1000, 42, n, console()::note);
            long start = System.nanoTime();
            data.load(session, PavloTable.USERVISITS, n, console()::note);
            measurements.add(new Measurement("Load UserVisits", SYSTEM, List.of(seconds(start)), visits));
            execute(session, "DROP TABLE IF EXISTS uservisits_by_year");
            execute(session, "CREATE TABLE uservisits_by_year (sourceip STRING, desturl STRING, visitdate DATE, adrevenue DOUBLE, "
                    + "useragent STRING, countrycode STRING, languagecode STRING, searchword STRING, duration INT) "
                    + "PARTITIONED BY (visityear INT) CLUSTERED BY (desturl) SORTED BY (visitdate) INTO " + (n * 2) + " BUCKETS");
            start = System.nanoTime();
            console().note("Partitioning by year ...");
            execute(session, "INSERT OVERWRITE TABLE uservisits_by_year PARTITION (visityear) "
                    + "SELECT sourceip, desturl, visitdate, adrevenue, useragent, countrycode, languagecode, searchword, duration, "
                    + "year(visitdate) FROM uservisits");
            measurements.add(new Measurement("Partition by year (INSERT OVERWRITE … PARTITION)", SYSTEM, List.of(seconds(start)), visits));
            setup.put("nodes", n + " embedded PostgreSQL nodes, " + (n * 2) + " chunks per table");
            setup.put("UserVisits", String.format(Locale.ROOT, "%,d rows, visit dates 1973-03-03 to 2004-11-09", visits));
            setup.put("query", "per country: visits and revenue in " + year);
            setup.put("runs", warmups + " warm-up + " + runs + " timed runs per query");
            String select = "SELECT countrycode, COUNT(*), SUM(adrevenue) FROM ";
            String partitioned = select + "uservisits_by_year WHERE visityear = " + year + " GROUP BY countrycode";
            String yearFilter = select + "uservisits WHERE year(visitdate) = " + year + " GROUP BY countrycode";
            String range = select + "uservisits WHERE visitdate >= DATE '" + year + "-01-01' AND visitdate < DATE '" + (year + 1)
                    + "-01-01' GROUP BY countrycode";
            List<String> expected = rows(session, partitioned);
            agreed = true;
            for (String[] q : List.of(new String[] {"partitioned table, WHERE visityear = y", partitioned},
                    new String[] {"plain table, WHERE year(visitdate) = y", yearFilter},
                    new String[] {"plain table, WHERE visitdate in [y-01-01, y+1-01-01)", range})) {
                console().note("-- " + q[0]);
                for (int w = 0; w < warmups; w++) {
                    rows(session, q[1]);
                }
                List<Double> seconds = new ArrayList<>();
                List<String> answer = null;
                for (int r = 0; r < runs; r++) {
                    long t = System.nanoTime();
                    answer = rows(session, q[1]);
                    seconds.add(seconds(t));
                }
                Measurement m = new Measurement(q[0], SYSTEM, seconds, answer.size());
                measurements.add(m);
                console().note(String.format(Locale.ROOT, "   %8.2f s   %,d rows", m.median(), answer.size()));
                if (!answer.equals(expected)) {
                    agreed = false;
                    notes.add(q[0] + ": the answer differs from the partitioned table's");
                }
            }
            notes.add("EXPLAIN of the partitioned query: " + explainSummary(session, partitioned));
        }
        String command = "hadoopdb " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        BenchReport report = new BenchReport("One year of UserVisits: partitioned by year against the plain table", command,
                Machine.describe(), setup, measurements, notes);
        console().out().println(ReportWriter.write(report, results));
        console().out().println("results (CSV, Markdown, charts): " + results);
        console().out().flush();
        if (!agreed) {
            console().err().println("bench: the answers disagree (see the notes above)");
        }
        return agreed ? 0 : 1;
    }

    private static void execute(Session session, String sql) {
        StatementResult r = session.execute(sql, StatementListener.NONE);
        if (r instanceof StatementResult.Rows rows) {
            rows.rows().close();
        }
    }

    /** The answer's rows as sorted text (the three queries group alike, so their sorted rows must be equal). */
    private static List<String> rows(Session session, String sql) {
        List<String> out = new ArrayList<>();
        try (ResultStream r = ((StatementResult.Rows) session.execute(sql, StatementListener.NONE)).rows()) {
            while (r.next()) {
                out.add(r.row().get(0) + "|" + r.row().get(1) + "|" + String.format(Locale.ROOT, "%.6g", (Double) r.row().get(2)));
            }
        }
        out.sort(null);
        return out;
    }

    /** The lines of EXPLAIN that say which partitions and chunks the query reads. */
    private static String explainSummary(Session session, String sql) {
        List<String> lines = new ArrayList<>();
        try (ResultStream r = ((StatementResult.Rows) session.execute("EXPLAIN " + sql, StatementListener.NONE)).rows()) {
            while (r.next()) {
                String line = String.valueOf(r.row().get(0)).strip();
                if (line.toLowerCase(Locale.ROOT).contains("partition") || line.startsWith("SQL:")) {
                    lines.add(line);
                }
            }
        }
        return String.join(" / ", lines);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
