package org.hadoopdb.benchmarks.tpch;

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
import org.hadoopdb.benchmarks.paper.Machine;
import org.hadoopdb.benchmarks.report.BenchReport;
import org.hadoopdb.benchmarks.report.Measurement;
import org.hadoopdb.benchmarks.report.QueryRuns;
import org.hadoopdb.benchmarks.report.ReportWriter;
import org.hadoopdb.benchmarks.report.Systems;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.datagen.TpchDataGenerator;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.hiveql.ast.SourceSpan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hadoopdb bench tpch}: the 22 TPC-H queries in HiveQL on HadoopDB and on one PostgreSQL holding
 * all the data with the indexes its correlated sub-queries need, side by side on dbgen data generated at
 * the chosen scale factor ({@link TpchSetup} has the layout). Each query gets warm-up runs, then timed
 * runs; the two systems must return the same number of rows (the answers themselves are compared row by
 * row by the differential test, {@code TpchDifferentialIT}).
 *
 * <pre>
 * hadoopdb --home /tmp/tpch bench tpch --sf 1 --runs 3
 * </pre>
 */
@Command(name = "tpch", mixinStandardHelpOptions = true, sortOptions = false,
        description = "The 22 TPC-H queries on HadoopDB (HiveQL) and on one PostgreSQL, side by side.")
public final class TpchBenchmark extends BaseCommand {
    private static final String REFERENCE = "tpch_bench";

    @Option(names = "--sf", defaultValue = "0.1", description = "Scale factor (default ${DEFAULT-VALUE}).")
    double scaleFactor;

    @Option(names = "--queries", split = ",", paramLabel = "N", description = "Queries to run, e.g. 1,3,5 (default: all 22).")
    List<Integer> queries;

    @Option(names = "--runs", defaultValue = "3", description = "Timed runs per query and system (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmups", defaultValue = "1", description = "Untimed runs first (default ${DEFAULT-VALUE}).")
    int warmups;

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default <home>/bench-results/tpch-<time>).")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || warmups < 0) {
            throw new IllegalArgumentException("--runs must be at least 1 and --warmups at least 0");
        }
        List<SourceSpan> all = TpchSetup.queries();
        List<Integer> chosen = queries == null ? java.util.stream.IntStream.rangeClosed(1, all.size()).boxed().toList() : queries;
        for (int q : chosen) {
            if (q < 1 || q > all.size()) {
                throw new IllegalArgumentException("There is no TPC-H query " + q + ": choose from 1 to " + all.size());
            }
        }
        Path results = out != null ? out : config().home().root().resolve("bench-results")
                .resolve("tpch-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        List<Measurement> measurements = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, String> setup = new LinkedHashMap<>();
        boolean agreed = true;
        try (HadoopDbEngine engine = HadoopDbEngine.start(config(), console()::note);
             Session session = engine.openSession(Map.of())) {
            int nodes = engine.catalog().nodes().size();
            NodeInfo single = engine.catalog().nodes().get(0);
            Path data = config().home().root().resolve("bench-data").resolve("tpch-sf" + scaleFactor);
            console().note("Generating TPC-H at scale factor " + scaleFactor + " into " + data + " ...");
            TpchDataGenerator.builder().scaleFactor(scaleFactor).threads(Runtime.getRuntime().availableProcessors())
                    .outputDir(data).overwrite(true).build().generate(p -> { });
            long start = System.nanoTime();
            console().note("Loading HadoopDB ...");
            TpchSetup.loadHadoopDb(session, data, nodes * 2);
            measurements.add(new Measurement("Load TPC-H", Systems.SMS, List.of(QueryRuns.seconds(start)), -1));
            console().note("Loading one PostgreSQL ...");
            start = System.nanoTime();
            try (Connection c = engine.pools().connect(single)) {
                TpchSetup.loadReference(c, REFERENCE, data);
            }
            measurements.add(new Measurement("Load TPC-H", Systems.SINGLE_PG, List.of(QueryRuns.seconds(start)), -1));
            setup.put("nodes", nodes + " embedded PostgreSQL nodes, " + (nodes * 2) + " chunks per hashed table");
            setup.put("data", "TPC-H scale factor " + scaleFactor + " (io.trino.tpch dbgen)");
            setup.put("layout", "lineitem/orders co-located on the order key, part/partsupp on the part key, customer and "
                    + "supplier hashed on their keys, nation and region replicated; one PostgreSQL with lookup indexes");
            setup.put("runs", warmups + " warm-up + " + runs + " timed runs per query and system");
            try (Connection c = engine.pools().connect(single)) {
                for (int q : chosen) {
                    String task = "Q" + q;
                    SourceSpan query = all.get(q - 1);
                    console().note("-- " + task);
                    Measurement sms = time(task, Systems.SMS, () -> QueryRuns.rows(session.execute(query, StatementListener.NONE)));
                    Measurement pg = time(task, Systems.SINGLE_PG,
                            () -> QueryRuns.postgresRows(c, REFERENCE, List.of(), TpchSetup.postgresSpelling(query.text())));
                    measurements.add(sms);
                    measurements.add(pg);
                    console().note(String.format(Locale.ROOT, "   %-16s %8.2f s   %-16s %8.2f s   %,d rows", Systems.SMS, sms.median(),
                            Systems.SINGLE_PG, pg.median(), sms.rows()));
                    if (sms.rows() != pg.rows()) {
                        agreed = false;
                        String note = task + ": HadoopDB returned " + sms.rows() + " rows, PostgreSQL " + pg.rows();
                        notes.add(note);
                        console().err().println("bench: " + note);
                    }
                }
                try (Statement st = c.createStatement()) {
                    st.execute("DROP SCHEMA IF EXISTS " + REFERENCE + " CASCADE");
                }
            }
        }
        String command = "hadoopdb " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        BenchReport report = new BenchReport("TPC-H on HadoopDB and one PostgreSQL", command, Machine.describe(), setup,
                measurements, notes);
        console().out().println(ReportWriter.write(report, results));
        console().out().println("results (CSV, Markdown, charts): " + results);
        console().out().flush();
        return agreed ? 0 : 1;
    }

    private interface Run {
        long rows() throws Exception;
    }

    private Measurement time(String task, String system, Run run) throws Exception {
        for (int w = 0; w < warmups; w++) {
            run.rows();
        }
        List<Double> seconds = new ArrayList<>();
        long rows = -1;
        for (int r = 0; r < runs; r++) {
            long start = System.nanoTime();
            rows = run.rows();
            seconds.add(QueryRuns.seconds(start));
        }
        return new Measurement(task, system, seconds, rows);
    }


}
