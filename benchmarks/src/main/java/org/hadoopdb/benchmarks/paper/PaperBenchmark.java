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
import org.hadoopdb.benchmarks.report.MemoryUse;
import org.hadoopdb.benchmarks.report.ScalingReport;
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
import org.hadoopdb.peers.protocol.PeerException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hadoopdb bench pavlo}: the HadoopDB paper's experiments (section 6) on every system side by
 * side, in one run, on the same generated data: HadoopDB through HiveQL (the SMS planner), HadoopDB's
 * hand-coded MapReduce jobs over the chunks, Hadoop MapReduce over the text files (the paper's Hadoop),
 * one PostgreSQL holding all the data, and the ideal pushdown (SMS's chunk SQL run by a plain parallel
 * JDBC client). Loads are timed once; each query task gets warm-up runs, then timed runs whose median,
 * minimum and maximum are reported. Every system's answer to a task is compared with the others': a
 * disagreement fails the run. The peer systems (DuckDB, Spark SQL, Hive, each in a JVM of its own and on
 * each of its variants: {@link PeerSystems}) run the same SQL beside them when {@code --systems} names
 * them; the report gives each process's memory. Several sizes make a scaling run ({@code ScalingReport}).
 *
 * <pre>
 * hadoopdb --home /tmp/bench bench pavlo --scale 2GB --nodes 4 --runs 3
 * hadoopdb bench pavlo --tasks join,selection --systems sms,hand
 * hadoopdb bench pavlo --scale 0.5GB,1GB,2GB --systems sms,pg,duckdb,duckdb-text,spark,spark-parquet,hive,hive-orc
 * </pre>
 */
@Command(name = "pavlo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The HadoopDB paper's tasks on HadoopDB (HiveQL and hand-coded), Hadoop over text files, one PostgreSQL "
                + "and the ideal pushdown, side by side; and on the peer systems (DuckDB, Spark SQL, Hive, each in a JVM of "
                + "its own, built from peers/<peer>) when --systems names them. Answers must agree; the report gives each "
                + "system's times and each process's memory. A list of sizes (--scale 0.5GB,1GB,2GB) is a scaling run.",
                "See docs/benchmarks-peers.md."})
public final class PaperBenchmark extends BaseCommand {
    @Option(names = "--scale", split = ",", paramLabel = "SIZE", description = "Size of UserVisits, e.g. 2GB; Rankings get a "
            + "tenth of its rows and Grep 40 %% (the proportions of BENCHMARKS.md's run). The row options below override it. "
            + "A list (0.5GB,1GB,2GB) is a scaling run: the whole benchmark once per size, each on data of its own, each "
            + "size's report in its own folder, and scaling.md with a log-log chart per task (seconds against size, one "
            + "line per system) and each line's slope.")
    List<String> scale;

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

    @Option(names = "--systems", split = ",", paramLabel = "SYSTEM", description = "Systems (default: the first five): sms, "
            + "hand, hadoop, pg (or postgres), ideal, and the peers, each in a JVM of its own once its module is built (docs/benchmarks-peers.md): "
            + "duckdb, duckdb-text, spark, spark-parquet, hive, hive-orc (<peer> is its default variant, <peer>-<variant> another).")
    List<String> systems;

    @Option(names = "--peers-dir", paramLabel = "DIR", description = "Where the peers' modules are built, <DIR>/<peer>/target "
            + "(default: the peers directory of the source tree this command was built in).")
    Path peersDir;

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default <home>/bench-results/pavlo-<time>).")
    Path out;

    /** The HadoopDB systems' keys, in report order. */
    private static final List<String> HADOOPDB_SYSTEMS = List.of("sms", "hand", "hadoop", "pg", "ideal");

    /** One size's rows per table. */
    private record Rows(long userVisits, long rankings, long grep) {
    }

    /** What one size's run produced. */
    private record SizeRun(BenchReport report, boolean agreed) {
    }

    @Override
    public Integer call() throws Exception {
        EnumSet<PaperTask> chosen = EnumSet.noneOf(PaperTask.class);
        (tasks == null ? List.of("grep", "selection", "aggregation-small", "aggregation-large", "join", "udf") : tasks)
                .forEach(t -> chosen.add(PaperTask.named(t)));
        List<String> systemKeys = (systems == null ? HADOOPDB_SYSTEMS : systems).stream()
                .map(k -> k.strip().toLowerCase(Locale.ROOT))
                .map(k -> k.equals("postgres") || k.equals("postgresql") ? "pg" : k) // the one PostgreSQL's other names
                .toList();
        if (runs < 1 || warmups < 0) {
            throw new IllegalArgumentException("--runs must be at least 1 and --warmups at least 0");
        }
        List<String> sizes = scale == null || scale.isEmpty() ? java.util.Collections.singletonList(null) : scale;
        if (sizes.size() > 1 && (userVisitsRows != null || rankingsRows != null || grepRows != null)) {
            throw new IllegalArgumentException("--scale with several sizes sets every table's rows; leave out --uservisits-rows, "
                    + "--rankings-rows and --grep-rows");
        }
        Path peers = peersDir != null ? peersDir : systemKeys.stream().anyMatch(k -> !HADOOPDB_SYSTEMS.contains(k))
                ? PeerSystems.sourceTreePeers() : null;
        for (String key : systemKeys) {
            if (!HADOOPDB_SYSTEMS.contains(key) && !PeerSystems.isPeer(key, peers)) {
                throw new IllegalArgumentException("Unknown system '" + key + "': choose from " + String.join(", ", HADOOPDB_SYSTEMS)
                        + " or a peer (" + String.join(", ", PeerSystems.EXAMPLES) + ": <peer> or <peer>-<variant>, its module in "
                        + peers + ")");
            }
            if (!HADOOPDB_SYSTEMS.contains(key)) {
                PeerSystems.launch(peers, PeerSystems.Key.parse(key).peer()); // a peer not built fails now, not after the loads
            }
        }
        Path results = out != null ? out : config().home().root().resolve("bench-results")
                .resolve("pavlo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (nodes != null) {
            EmbeddedCluster cluster = new EmbeddedCluster(config());
            if (!cluster.exists()) {
                console().note("Creating an embedded cluster of " + nodes + " nodes");
                cluster.init(nodes, 0);
            }
        }
        boolean agreed = true;
        List<ScalingReport.Size> scaling = new ArrayList<>();
        try (HadoopDbEngine engine = HadoopDbEngine.start(config(), console()::note);
             Session session = engine.openSession(Map.of())) {
            int nodes = engine.catalog().nodes().size();
            if (this.nodes != null && this.nodes != nodes) {
                throw new IllegalArgumentException("--nodes " + this.nodes + ": the home's cluster has " + nodes
                        + " nodes; use another --home for another cluster size");
            }
            for (String size : sizes) {
                boolean several = sizes.size() > 1;
                if (several) {
                    console().note("== Size " + size);
                }
                Path dataDir = config().home().root().resolve("bench-data");
                SizeRun run = runSize(engine, session, nodes, rows(size), several ? dataDir.resolve(size) : dataDir,
                        several ? results.resolve(size) : results, chosen, systemKeys, peers);
                agreed &= run.agreed();
                if (several) {
                    scaling.add(new ScalingReport.Size(size, org.hadoopdb.benchmarks.load.LoadBenchmark.parseSize(size), run.report()));
                }
            }
        }
        if (scaling.size() > 1) {
            String md = ScalingReport.write("HadoopDB paper benchmark (Pavlo et al. tasks)", scaling, results);
            console().out().println();
            console().out().println(md);
            console().out().println("scaling report (Markdown, SVG charts): " + results);
            console().out().flush();
        }
        if (!agreed) {
            console().err().println("bench: the systems' answers disagree or a peer failed (see the notes above)");
            return 1;
        }
        return 0;
    }

    /** The whole benchmark on one size's data: generate, load, run every task on every system, write its report. */
    private SizeRun runSize(HadoopDbEngine engine, Session session, int nodes, Rows rows, Path dataDir, Path results,
                            EnumSet<PaperTask> chosen, List<String> systemKeys, Path peersDir) throws Exception {
        List<Measurement> measurements = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<MemoryUse> memory = new ArrayList<>();
        Map<String, String> setup = new LinkedHashMap<>();
        boolean agreed = true;
        Files.createDirectories(results);
        PaperData data = PaperData.generate(dataDir, rows.rankings(), rows.userVisits(), rows.grep(),
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
        List<String> peerKeys = systemKeys.stream().filter(k -> !all.containsKey(k)).toList();
        Path peerWork = config().home().root().resolve("bench-work").resolve("peers-" + UUID.randomUUID());
        try (PeerSystems peers = peerKeys.isEmpty() ? null : PeerSystems.start(peerKeys, peersDir, results, peerWork,
                data.selectionThreshold(), console()::note)) {
            List<BenchSystem> running = new ArrayList<>();
            for (String key : systemKeys) {
                running.add(all.containsKey(key) ? all.get(key) : peers.system(key));
            }
            setup.put("nodes", nodes + " embedded PostgreSQL nodes, " + (nodes * 2) + " chunks per table");
            setup.put("UserVisits", String.format(Locale.ROOT, "%,d rows", rows.userVisits()));
            setup.put("Rankings", String.format(Locale.ROOT, "%,d rows (Selection threshold pageRank > %d)", rows.rankings(),
                    data.selectionThreshold()));
            setup.put("Grep", String.format(Locale.ROOT, "%,d records", rows.grep()));
            if (chosen.contains(PaperTask.UDF)) {
                setup.put("Documents", String.format(Locale.ROOT, "%,d documents of about 10 KB", Math.max(1, rows.rankings() / 25)));
            }
            setup.put("runs", warmups + " warm-up + " + runs + " timed runs per task and system; loads once");
            setup.put("Hadoop", "MapReduce " + config().hadoopConf().get("mapreduce.framework.name", "local") + " runner");
            if (peers != null) {
                setup.put("peers", "each in a JVM of its own (" + peersDir + "); their times are their own, measured around each "
                        + "query and the writing of its rows");
            }

            measurements.addAll(loads(ctx, session, single, peers, running, chosen, nodes, notes));
            agreed &= peers == null || peers.allLoaded();
            for (PaperTask task : chosen) {
                agreed &= runTask(task, running, measurements, notes);
                if (task != PaperTask.UDF && running.stream().anyMatch(s -> s instanceof SmsSystem)) {
                    notes.add(String.format(Locale.ROOT, "%s: SMS planning %.1f ms (warm)", task.title(), planMillis(session,
                            task.sql(data.selectionThreshold()))));
                }
            }
            if (peers != null) {
                memory.addAll(peers.memory());
            }
            List<String> inProcess = running.stream().filter(s -> !(s instanceof PeerSystem)).map(BenchSystem::name).toList();
            if (!inProcess.isEmpty()) {
                memory.addAll(HadoopDbMemory.measure(new EmbeddedCluster(config()).embeddedNodes(engine.catalog()),
                        String.join(", ", inProcess)));
            }
            scratch.getFileSystem(ctx.conf()).delete(scratch, true);
            single.close();
        }
        String command = "hadoopdb " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        BenchReport report = new BenchReport("HadoopDB paper benchmark (Pavlo et al. tasks)", command, Machine.describe(),
                setup, measurements, notes, memory);
        ReportOutput.write(report, results, console());
        return new SizeRun(report, agreed);
    }

    /** Rows of each table: the row options, else derived from the size, else the defaults. */
    private Rows rows(String size) {
        long visits = 2_000_000;
        if (size != null) {
            visits = Math.max(1, Math.round(org.hadoopdb.benchmarks.load.LoadBenchmark.parseSize(size)
                    / PavloTable.USERVISITS.approxBytesPerRow()));
        }
        long uv = userVisitsRows != null ? userVisitsRows : visits;
        long rankings = rankingsRows != null ? rankingsRows : size != null ? Math.max(25, uv / 10) : 200_000;
        long grep = grepRows != null ? grepRows : size != null ? Math.max(10_000, uv * 2 / 5) : 1_000_000;
        return new Rows(uv, rankings, grep);
    }

    /**
     * Loads the tables the tasks need on every system that loads (HadoopDB, one PostgreSQL, Hadoop's file copy, each
     * peer's variants: its DEFINE first, untimed, then its timed LOAD).
     */
    private List<Measurement> loads(BenchContext ctx, Session session, SinglePostgresSystem single, PeerSystems peers,
                                    List<BenchSystem> running, EnumSet<PaperTask> chosen, int nodes, List<String> notes)
            throws Exception {
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
        boolean hadoopDb = running.stream().anyMatch(s -> !(s instanceof SinglePostgresSystem) && !(s instanceof HadoopTextSystem)
                && !(s instanceof PeerSystem));
        boolean pg = running.contains(single);
        boolean hadoop = running.stream().anyMatch(s -> s instanceof HadoopTextSystem);
        if (pg) {
            single.reset();
        }
        if (peers != null) {
            peers.define(ctx.data(), tables.stream().filter(t -> t != PavloTable.DOCUMENTS).toList());
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
            if (peers != null && table != PavloTable.DOCUMENTS) {
                out.addAll(peers.load(table, task, failure -> {
                    notes.add(failure);
                    console().err().println("bench: " + failure);
                }));
            }
            out.stream().filter(m -> m.task().equals(task)).forEach(m -> console().note(String.format(Locale.ROOT,
                    "   %-22s %8.2f s", m.system(), m.median())));
        }
        return out;
    }

    /** Runs one task on every system; returns false when their answers disagree or a peer failed it. */
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
            List<Double> seconds = new ArrayList<>();
            Answer answer = null;
            try {
                for (int w = 0; w < warmups; w++) {
                    system.run(task);
                }
                for (int r = 0; r < runs; r++) {
                    // the systems share this JVM: the garbage of one run (or of another system) is collected before
                    // the clock starts, not on the next run's time
                    System.gc();
                    BenchSystem.TimedAnswer run = system.timed(task);
                    answer = run.answer();
                    seconds.add(run.seconds());
                }
            } catch (PeerException e) {
                // a peer that fails a task (out of memory, a dialect gap) fails the run, but the other systems go on
                // and the report is written
                agreed = false;
                String note = task.title() + ": " + system.name() + " failed: " + e.getMessage();
                notes.add(note);
                console().err().println("bench: " + note);
                continue;
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
        session.planAfresh(q); // warm
        // planned again, not taken from the plan cache, whose plan carries its first (cold) planning's time
        return session.planAfresh(q).planningNanos() / 1e6;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
