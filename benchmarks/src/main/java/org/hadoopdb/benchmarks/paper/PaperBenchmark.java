package org.hadoopdb.benchmarks.paper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.fs.FileUtil;
import org.hadoopdb.benchmarks.report.BenchReport;
import org.hadoopdb.benchmarks.report.Measurement;
import org.hadoopdb.benchmarks.report.Systems;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.cli.quickstart.PaperData;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.datagen.PavloTable;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hadoopdb bench pavlo}: the HadoopDB paper's experiments (section 6) on every system side by
 * side, in one run, on the same generated data: HadoopDB through HiveQL (the SMS planner), HadoopDB's
 * hand-coded MapReduce jobs over the chunks, Hadoop MapReduce over the text files (the paper's Hadoop),
 * one PostgreSQL holding all the data, and the ideal pushdown (SMS's chunk SQL run by a plain parallel
 * JDBC client). Loads are timed once; each query task gets warm-up runs, then timed runs whose median,
 * minimum and maximum are reported. Every system's answer to a task is compared with the others': a
 * disagreement fails the run.
 *
 * <pre>
 * hadoopdb --home /tmp/bench bench pavlo --scale 2GB --nodes 4 --runs 3
 * hadoopdb bench pavlo --tasks join,selection --systems sms,hand
 * </pre>
 */
@Command(name = "pavlo", mixinStandardHelpOptions = true, sortOptions = false,
        description = "The HadoopDB paper's tasks on HadoopDB (HiveQL and hand-coded), Hadoop over text files, one PostgreSQL "
                + "and the ideal pushdown, side by side.")
public final class PaperBenchmark extends BaseCommand {
    @Option(names = "--scale", paramLabel = "SIZE", description = "Size of UserVisits, e.g. 2GB; Rankings get a tenth of its "
            + "rows and Grep 40 %% (the proportions of BENCHMARKS.md's run). The row options below override it.")
    String scale;

    @Option(names = "--nodes", description = "Embedded nodes, when the home has no cluster yet (default: hadoopdb.embedded.nodes).")
    Integer nodes;

    @Option(names = "--uservisits-rows", description = "UserVisits rows (default 2,000,000).")
    Long userVisitsRows;

    @Option(names = "--rankings-rows", description = "Rankings rows (default 200,000; Documents are one per 25 Rankings rows).")
    Long rankingsRows;

    @Option(names = "--grep-rows", description = "Grep records (default 1,000,000).")
    Long grepRows;

    @Option(names = "--seed", defaultValue = "42", description = "Data generator seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--runs", defaultValue = "3", description = "Timed runs of each task per system (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmups", defaultValue = "1", description = "Untimed runs first (default ${DEFAULT-VALUE}).")
    int warmups;

    @Option(names = "--tasks", split = ",", paramLabel = "TASK", description = "Tasks to run (default: all): grep, selection, "
            + "aggregation-small, aggregation-large, join, udf.")
    List<String> tasks;

    @Option(names = "--systems", split = ",", paramLabel = "SYSTEM", description = "Systems (default: all): sms, hand, hadoop, pg, ideal.")
    List<String> systems;

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default <home>/bench-results/pavlo-<time>).")
    Path out;

    @Override
    public Integer call() throws Exception {
        EnumSet<PaperTask> chosen = EnumSet.noneOf(PaperTask.class);
        (tasks == null ? List.of("grep", "selection", "aggregation-small", "aggregation-large", "join", "udf") : tasks)
                .forEach(t -> chosen.add(PaperTask.named(t)));
        List<String> systemKeys = systems == null ? List.of("sms", "hand", "hadoop", "pg", "ideal") : systems;
        if (runs < 1 || warmups < 0) {
            throw new IllegalArgumentException("--runs must be at least 1 and --warmups at least 0");
        }
        Path results = out != null ? out : config().home().root().resolve("bench-results")
                .resolve("pavlo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        List<Measurement> measurements = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, String> setup = new LinkedHashMap<>();
        boolean agreed = true;
        sizes();
        if (nodes != null) {
            EmbeddedCluster cluster = new EmbeddedCluster(config());
            if (!cluster.exists()) {
                console().note("Creating an embedded cluster of " + nodes + " nodes");
                cluster.init(nodes, 0);
            }
        }
        try (HadoopDbEngine engine = HadoopDbEngine.start(config(), console()::note);
             Session session = engine.openSession(Map.of())) {
            int nodes = engine.catalog().nodes().size();
            if (this.nodes != null && this.nodes != nodes) {
                throw new IllegalArgumentException("--nodes " + this.nodes + ": the home's cluster has " + nodes
                        + " nodes; use another --home for another cluster size");
            }
            PaperData data = PaperData.generate(config().home().root().resolve("bench-data"), rankingsRows, userVisitsRows, grepRows,
                    seed, nodes, chosen.contains(PaperTask.UDF), console()::note);
            org.apache.hadoop.fs.Path scratch = new org.apache.hadoop.fs.Path(config().home().jobScratch(), "bench-" + UUID.randomUUID());
            BenchContext ctx = new BenchContext(engine, session, data, scratch);
            SinglePostgresSystem single = new SinglePostgresSystem(ctx);
            Map<String, BenchSystem> all = new LinkedHashMap<>();
            all.put("sms", new SmsSystem(ctx));
            all.put("hand", new HandCodedSystem(ctx));
            all.put("hadoop", new HadoopTextSystem(ctx));
            all.put("pg", single);
            all.put("ideal", new IdealPushdownSystem(ctx));
            List<BenchSystem> running = new ArrayList<>();
            for (String key : systemKeys) {
                BenchSystem s = all.get(key.strip().toLowerCase(Locale.ROOT));
                if (s == null) {
                    throw new IllegalArgumentException("Unknown system '" + key + "': choose from " + String.join(", ", all.keySet()));
                }
                running.add(s);
            }
            setup.put("nodes", nodes + " embedded PostgreSQL nodes, " + (nodes * 2) + " chunks per table");
            setup.put("UserVisits", String.format(Locale.ROOT, "%,d rows", userVisitsRows));
            setup.put("Rankings", String.format(Locale.ROOT, "%,d rows (Selection threshold pageRank > %d)", rankingsRows,
                    data.selectionThreshold()));
            setup.put("Grep", String.format(Locale.ROOT, "%,d records", grepRows));
            if (chosen.contains(PaperTask.UDF)) {
                setup.put("Documents", String.format(Locale.ROOT, "%,d documents of about 10 KB", Math.max(1, rankingsRows / 25)));
            }
            setup.put("runs", warmups + " warm-up + " + runs + " timed runs per task and system; loads once");
            setup.put("Hadoop", "MapReduce " + config().hadoopConf().get("mapreduce.framework.name", "local") + " runner");

            measurements.addAll(loads(ctx, session, single, running, chosen, nodes, notes));
            for (PaperTask task : chosen) {
                agreed &= runTask(task, running, measurements, notes);
                if (task != PaperTask.UDF && running.stream().anyMatch(s -> s instanceof SmsSystem)) {
                    notes.add(String.format(Locale.ROOT, "%s: SMS planning %.1f ms (warm)", task.title(), planMillis(session,
                            task.sql(data.selectionThreshold()))));
                }
            }
            scratch.getFileSystem(ctx.conf()).delete(scratch, true);
            single.close();
        }
        String command = "hadoopdb " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        BenchReport report = new BenchReport("HadoopDB paper benchmark (Pavlo et al. tasks)", command, Machine.describe(),
                setup, measurements, notes);
        Files.createDirectories(results);
        ReportOutput.write(report, results, console());
        if (!agreed) {
            console().err().println("bench: the systems' answers disagree (see the notes above)");
            return 1;
        }
        return 0;
    }

    /** Rows of each table: the row options, else derived from --scale, else the defaults. */
    private void sizes() {
        long visits = 2_000_000;
        if (scale != null) {
            visits = Math.max(1, Math.round(org.hadoopdb.benchmarks.load.LoadBenchmark.parseSize(scale)
                    / PavloTable.USERVISITS.approxBytesPerRow()));
        }
        if (userVisitsRows == null) {
            userVisitsRows = visits;
        }
        if (rankingsRows == null) {
            rankingsRows = scale != null ? Math.max(25, userVisitsRows / 10) : 200_000;
        }
        if (grepRows == null) {
            grepRows = scale != null ? Math.max(10_000, userVisitsRows * 2 / 5) : 1_000_000;
        }
    }

    /** Loads the tables the tasks need on every system that loads (HadoopDB, one PostgreSQL, Hadoop's file copy). */
    private List<Measurement> loads(BenchContext ctx, Session session, SinglePostgresSystem single, List<BenchSystem> running,
                                    EnumSet<PaperTask> chosen, int nodes, List<String> notes) throws Exception {
        EnumSet<PavloTable> tables = EnumSet.noneOf(PavloTable.class);
        for (PaperTask t : chosen) {
            switch (t) {
                case GREP -> tables.add(PavloTable.GREP);
                case SELECTION -> tables.add(PavloTable.RANKINGS);
                case AGGREGATION_SMALL, AGGREGATION_LARGE -> tables.add(PavloTable.USERVISITS);
                case JOIN -> {
                    tables.add(PavloTable.RANKINGS);
                    tables.add(PavloTable.USERVISITS);
                }
                case UDF -> tables.add(PavloTable.DOCUMENTS);
            }
        }
        boolean hadoopDb = running.stream().anyMatch(s -> !(s instanceof SinglePostgresSystem) && !(s instanceof HadoopTextSystem));
        boolean pg = running.contains(single);
        boolean hadoop = running.stream().anyMatch(s -> s instanceof HadoopTextSystem);
        if (pg) {
            single.reset();
        }
        List<Measurement> out = new ArrayList<>();
        for (PavloTable table : tables) {
            String task = "Load " + table.sqlName();
            console().note("-- " + task);
            if (hadoopDb) {
                long start = System.nanoTime();
                String report = ctx.data().load(session, table, nodes, s -> { });
                out.add(new Measurement(task, Systems.SMS, List.of(seconds(start)), -1));
                // the first line says what was loaded, the last where the time went
                String[] lines = report.strip().split("\n");
                notes.add(task + " on HadoopDB: " + lines[0].strip()
                        + (lines.length > 1 ? " " + lines[lines.length - 1].strip() : ""));
            }
            if (pg) {
                out.add(new Measurement(task, Systems.SINGLE_PG, List.of(single.load(table)), -1));
            }
            if (hadoop) {
                // the paper's Hadoop load is a copy into HDFS; here, into the job file system's scratch space
                Path source = table == PavloTable.DOCUMENTS ? ctx.data().hadoopDocuments() : ctx.data().files(table);
                org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(ctx.scratch(), "load-" + table.directoryName());
                long start = System.nanoTime();
                var fs = target.getFileSystem(ctx.conf());
                FileUtil.copy(org.apache.hadoop.fs.FileSystem.getLocal(ctx.conf()), new org.apache.hadoop.fs.Path(source.toUri()), fs,
                        target, false, ctx.conf());
                out.add(new Measurement(task, Systems.HADOOP, List.of(seconds(start)), -1));
                fs.delete(target, true);
            }
            out.stream().filter(m -> m.task().equals(task)).forEach(m -> console().note(String.format(Locale.ROOT,
                    "   %-22s %8.2f s", m.system(), m.median())));
        }
        return out;
    }

    /** Runs one task on every system; returns false when their answers disagree. */
    private boolean runTask(PaperTask task, List<BenchSystem> running, List<Measurement> measurements, List<String> notes)
            throws Exception {
        console().note("-- " + task.title());
        Answer reference = null;
        String referenceName = null;
        boolean agreed = true;
        for (BenchSystem system : running) {
            String why = system.cannotRun(task);
            if (why != null) {
                notes.add(task.title() + ": no " + system.name() + " run: " + why);
                continue;
            }
            for (int w = 0; w < warmups; w++) {
                system.run(task);
            }
            List<Double> seconds = new ArrayList<>();
            Answer answer = null;
            for (int r = 0; r < runs; r++) {
                // the systems share this JVM: the garbage of one run (or of another system) is collected before
                // the clock starts, not on the next run's time
                System.gc();
                long start = System.nanoTime();
                answer = system.run(task);
                seconds.add(seconds(start));
            }
            Measurement m = new Measurement(task.title(), system.name(), seconds, answer.rows());
            measurements.add(m);
            console().note(String.format(Locale.ROOT, "   %-22s %8.2f s  (min %.2f, max %.2f)  %,d rows", system.name(), m.median(),
                    m.min(), m.max(), answer.rows()));
            if (reference == null) {
                reference = answer;
                referenceName = system.name();
            } else {
                String diff = answer.differenceFrom(reference);
                if (diff != null) {
                    agreed = false;
                    String note = task.title() + ": " + system.name() + " disagrees with " + referenceName + ": " + diff;
                    notes.add(note);
                    console().err().println("bench: " + note);
                }
            }
        }
        return agreed;
    }

    private static double planMillis(Session session, String sql) {
        QueryStatement q = (QueryStatement) HiveQlParser.parse(SourceSpan.of(sql));
        session.plan(q); // warm
        return session.plan(q).planningNanos() / 1e6;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
