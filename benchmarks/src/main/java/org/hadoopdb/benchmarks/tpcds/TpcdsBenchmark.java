package org.hadoopdb.benchmarks.tpcds;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.hadoopdb.benchmarks.paper.Machine;
import org.hadoopdb.benchmarks.report.BenchReport;
import org.hadoopdb.benchmarks.report.Measurement;
import org.hadoopdb.benchmarks.report.QueryRuns;
import org.hadoopdb.benchmarks.report.ReportWriter;
import org.hadoopdb.benchmarks.report.Systems;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hadoopdb bench tpcds}: the 99 TPC-DS queries (Hive's HiveQL spellings, as Spark's tests keep
 * them) on HadoopDB and on one PostgreSQL holding the same data, side by side on dsdgen data generated at
 * the chosen scale factor ({@link TpcdsSetup} has the layout). Each query gets warm-up runs, then timed
 * runs, each system bounded by {@code --timeout}; the two systems must return the same number of rows (the
 * answers themselves are compared row by row by the differential test, {@code TpcdsDifferentialIT}). A query
 * that fails or passes its bound on either system is reported and the run goes on; the exit status is then 1.
 *
 * <pre>
 * hadoopdb --home /tmp/tpcds bench tpcds --sf 1 --runs 1
 * hadoopdb --home /tmp/tpcds bench tpcds --sf 0.1 --queries q3,q14a,q72
 * </pre>
 */
@Command(name = "tpcds", mixinStandardHelpOptions = true, sortOptions = false,
        description = "The 99 TPC-DS queries on HadoopDB (HiveQL) and on one PostgreSQL, side by side.")
public final class TpcdsBenchmark extends BaseCommand {
    private static final String REFERENCE = "tpcds_bench";

    @Option(names = "--sf", defaultValue = "0.1", description = "Scale factor (default ${DEFAULT-VALUE}).")
    double scaleFactor;

    @Option(names = "--queries", split = ",", paramLabel = "NAME", description = "Queries to run, e.g. q3,q14a,q72 (default: all 103 texts).")
    List<String> queries;

    @Option(names = "--runs", defaultValue = "1", description = "Timed runs per query and system (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmups", defaultValue = "0", description = "Untimed runs first (default ${DEFAULT-VALUE}).")
    int warmups;

    @Option(names = "--timeout", defaultValue = "600", paramLabel = "SECONDS",
            description = "Bound of one run of a query on either system (default ${DEFAULT-VALUE}).")
    int timeout;

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default <home>/bench-results/tpcds-<time>).")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || warmups < 0 || timeout < 1) {
            throw new IllegalArgumentException("--runs and --timeout must be at least 1 and --warmups at least 0");
        }
        Map<String, String> texts = TpcdsQueries.load(queries);
        Path results = out != null ? out : config().home().root().resolve("bench-results")
                .resolve("tpcds-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        List<Measurement> measurements = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, String> setup = new LinkedHashMap<>();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tpcds-bound");
            t.setDaemon(true);
            return t;
        });
        try (HadoopDbEngine engine = HadoopDbEngine.start(config(), console()::note);
             Session session = engine.openSession(Map.of())) {
            int nodes = engine.catalog().nodes().size();
            NodeInfo single = engine.catalog().nodes().get(0);
            Path data = config().home().root().resolve("bench-data").resolve("tpcds-sf" + scaleFactor);
            var tables = TpcdsSetup.tablesOf(texts.values());
            console().note("Generating TPC-DS at scale factor " + scaleFactor + " into " + data
                    + " and loading HadoopDB and one PostgreSQL (" + tables.size() + " tables) ...");
            long start = System.nanoTime();
            try (Connection c = engine.pools().connect(single)) {
                TpcdsSetup.load(session, c, REFERENCE, data, scaleFactor, tables, nodes * 2);
            }
            console().note(String.format(Locale.ROOT, "Generated and loaded in %.0f s", QueryRuns.seconds(start)));
            setup.put("nodes", nodes + " embedded PostgreSQL nodes, " + (nodes * 2) + " chunks per fact table");
            setup.put("data", "TPC-DS scale factor " + scaleFactor + " (io.trino.tpcds dsdgen), " + tables.size() + " tables");
            setup.put("layout", "the seven fact tables hashed on their item key (sales, returns and inventory co-located), "
                    + "the dimensions replicated; one PostgreSQL with the same rows, strings in the C collation");
            List<String> settings = new ArrayList<>(TpcdsSetup.referenceSettings(scaleFactor));
            settings.removeIf(s -> s.contains("statement_timeout"));
            settings.add("SET statement_timeout = '" + timeout + "s'");
            setup.put("reference", "PostgreSQL session: " + String.join("; ", settings));
            setup.put("runs", warmups + " warm-up + " + runs + " timed runs per query and system, each bounded at " + timeout + " s");
            try (Connection c = engine.pools().connect(single)) {
                for (Map.Entry<String, String> q : texts.entrySet()) {
                    String task = q.getKey();
                    console().note("-- " + task);
                    Measurement sms = time(task, Systems.SMS, notes, () -> hadoopDb(session, q.getValue(), timer));
                    Measurement pg = time(task, Systems.SINGLE_PG, notes,
                            () -> QueryRuns.postgresRows(c, REFERENCE, settings, TpcdsQueries.postgresSpelling(q.getValue())));
                    if (sms != null) {
                        measurements.add(sms);
                    }
                    if (pg != null) {
                        measurements.add(pg);
                    }
                    console().note(String.format(Locale.ROOT, "   %-16s %s   %-16s %s", Systems.SMS, shown(sms), Systems.SINGLE_PG, shown(pg)));
                    if (sms != null && pg != null && sms.rows() != pg.rows()) {
                        notes.add(task + ": HadoopDB returned " + sms.rows() + " rows, PostgreSQL " + pg.rows());
                    }
                }
                try (Statement st = c.createStatement()) {
                    st.execute("DROP SCHEMA IF EXISTS " + REFERENCE + " CASCADE");
                }
            }
        } finally {
            timer.shutdownNow();
        }
        notes.forEach(n -> console().err().println("bench: " + n));
        String command = "hadoopdb " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        BenchReport report = new BenchReport("TPC-DS on HadoopDB and one PostgreSQL", command, Machine.describe(), setup,
                measurements, notes);
        console().out().println(ReportWriter.write(report, results));
        console().out().println("results (CSV, Markdown, charts): " + results);
        console().out().flush();
        return notes.isEmpty() ? 0 : 1;
    }

    private interface Run {
        long rows() throws Exception;
    }

    /** The query's measurement on one system, or null (and a note) when a run failed or passed its bound. */
    private Measurement time(String task, String system, List<String> notes, Run run) {
        List<Double> seconds = new ArrayList<>();
        long rows = -1;
        try {
            for (int w = 0; w < warmups; w++) {
                run.rows();
            }
            for (int r = 0; r < runs; r++) {
                long start = System.nanoTime();
                rows = run.rows();
                seconds.add(QueryRuns.seconds(start));
            }
        } catch (Exception e) {
            notes.add(task + " on " + system + ": " + String.valueOf(e.getMessage()).replaceAll("\\s+", " "));
            return null;
        }
        return new Measurement(task, system, seconds, rows);
    }

    private static String shown(Measurement m) {
        return m == null ? "  failed" : String.format(Locale.ROOT, "%8.2f s  %,d rows", m.median(), m.rows());
    }

    private long hadoopDb(Session session, String query, ScheduledExecutorService timer) {
        ScheduledFuture<?> bound = timer.schedule(session::cancel, timeout, TimeUnit.SECONDS);
        try {
            return QueryRuns.rows(session.execute(query, StatementListener.NONE));
        } finally {
            bound.cancel(false);
        }
    }

}
