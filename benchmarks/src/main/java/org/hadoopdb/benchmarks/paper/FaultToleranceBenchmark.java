package org.hadoopdb.benchmarks.paper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.hadoopdb.benchmarks.cluster.JobWatcher;
import org.hadoopdb.benchmarks.cluster.MiniHadoopCluster;
import org.hadoopdb.benchmarks.cluster.ProcessThrottle;
import org.hadoopdb.benchmarks.load.LoadBenchmark;
import org.hadoopdb.benchmarks.report.BenchReport;
import org.hadoopdb.benchmarks.report.Measurement;
import org.hadoopdb.benchmarks.report.ReportWriter;
import org.hadoopdb.benchmarks.report.Systems;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.nodes.NodeRegistry;
import org.hadoopdb.cli.BaseCommand;
import org.hadoopdb.cli.quickstart.PaperData;
import org.hadoopdb.cluster.embedded.ClusterLease;
import org.hadoopdb.cluster.embedded.EmbeddedCluster;
import org.hadoopdb.cluster.embedded.EmbeddedNode;
import org.hadoopdb.cluster.embedded.NodeSettings;
import org.hadoopdb.datagen.PavloTable;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Fig. 11 of the paper: fault tolerance and tolerance of a slow node. The small aggregation task runs
 * on YARN and HDFS (mini clusters in this JVM; task containers are separate JVMs) over N PostgreSQL
 * nodes with two copies of every chunk, as HiveQL through SMS and as the hand-coded Hadoop job over
 * the same rows as text on HDFS (two copies of every block), in three situations:
 * <ol>
 *   <li><b>normal</b>;</li>
 *   <li><b>node failure</b>: when a job has done half of its map phase, one worker dies: its PostgreSQL
 *       server and its HDFS DataNode are stopped (tasks that were reading from it fail and are retried;
 *       HadoopDB's retry reads the chunk's replica, HDFS's reader another block copy);</li>
 *   <li><b>slow node</b>: for the whole run one worker serves its data slowly: its PostgreSQL is frozen
 *       for a fraction of every 100 ms, and its DataNode's block reads are limited in bandwidth;
 *       speculative execution may start second attempts elsewhere.</li>
 * </ol>
 * It reports each system's slowdown over its own normal time, as the paper does. The same event
 * happens to both systems' runs: a worker dies or slows down, whichever system is using it.
 */
@Command(name = "faults", mixinStandardHelpOptions = true,
        description = "Fig. 11: the small aggregation on YARN and HDFS with a node killed half-way or a slow node; "
                + "HadoopDB SMS vs Hadoop over text, percent slowdown.")
public final class FaultToleranceBenchmark extends BaseCommand {
    @Option(names = "--nodes", defaultValue = "3", description = "PostgreSQL nodes and HDFS DataNodes (default ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--uservisits-rows", defaultValue = "600000", description = "UserVisits rows (default ${DEFAULT-VALUE}).")
    long userVisitsRows;

    @Option(names = "--runs", defaultValue = "3", description = "Timed runs per situation and system (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--seed", defaultValue = "42", description = "Data generator seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--slow-frozen", defaultValue = "0.8",
            description = "Slow node: part of every 100 ms its PostgreSQL is frozen (default ${DEFAULT-VALUE}).")
    double slowFrozen;

    @Option(names = "--slow-read-bandwidth", defaultValue = "2MB",
            description = "Slow node: its DataNode's block read bandwidth per second (default ${DEFAULT-VALUE}).")
    String slowReadBandwidth;

    @Option(names = "--block-size", defaultValue = "16MB",
            description = "HDFS block size of the text copy (about one map task per block; default ${DEFAULT-VALUE}).")
    String blockSize;

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default <home>/bench-results/faults-<time>).")
    Path out;

    private static final String NORMAL = "normal";
    private static final String FAILURE = "node failure";
    private static final String SLOW = "slow node";

    @Override
    public Integer call() throws Exception {
        if (nodes < 2 || runs < 1 || !(slowFrozen > 0 && slowFrozen < 1)) {
            throw new IllegalArgumentException("--nodes must be at least 2 (two copies of every chunk), --runs at least 1, "
                    + "--slow-frozen between 0 and 1");
        }
        long readBandwidth = LoadBenchmark.parseSize(slowReadBandwidth);
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path results = out != null ? out : config().home().root().resolve("bench-results").resolve("faults-" + stamp);
        Path work = config().home().root().resolve("bench-faults-work").resolve(stamp);
        Files.createDirectories(work);

        console().note("Starting " + nodes + " PostgreSQL nodes, HDFS with " + nodes + " DataNodes and YARN in this JVM ...");
        HadoopDbConfig pgHome = HadoopDbConfig.builder().home(work.resolve("postgres")).environment(Map.of())
                .override("hadoopdb.embedded.fsync", "false").build();
        EmbeddedCluster postgres = new EmbeddedCluster(pgHome);
        postgres.init(nodes, 0);
        try (ClusterLease lease = postgres.acquire(console()::note);
             MiniHadoopCluster hadoop = MiniHadoopCluster.start(work.resolve("hadoop"), nodes)) {
            List<EmbeddedNode> pgNodes = postgres.embeddedNodes(lease.catalog());
            HadoopDbConfig.Builder client = HadoopDbConfig.builder().home(work.resolve("client")).environment(Map.of());
            hadoop.clientSettings().forEach(client::override);
            client.override("hadoopdb.catalog.path", hadoop.hdfsUri() + "/hadoopdb/catalog")
                    .override("hadoopdb.load.replication", "2")
                    .override("hadoopdb.fetch.direct", "false")
                    // the experiment is MapReduce's recovery: every stage runs as a job, even a small one
                    .override("hadoopdb.exec.client-stage.max-rows", "0");
            HadoopDbConfig onYarn = client.build();
            NodeRegistry registry = new NodeRegistry(onYarn.home().catalogStore());
            for (NodeInfo n : lease.catalog().nodes()) {
                registry.add(new NodeInfo(n.id().replace("node", "worker"), "localhost", n.jdbcUrl(), n.user(), n.credential(), false));
            }
            int victim = nodes - 1;
            EmbeddedNode victimPg = pgNodes.get(victim);
            Worker worker = new Worker(hadoop, victim, victimPg, pgHome, nodes, slowFrozen, readBandwidth);

            try (HadoopDbEngine engine = HadoopDbEngine.start(onYarn, console()::note);
                 Session session = engine.openSession(Map.of())) {
                PaperData data = PaperData.generate(work.resolve("data"), 1000, userVisitsRows, 1000, seed, nodes, console()::note);
                data.load(session, PavloTable.USERVISITS, nodes, console()::note);
                Configuration conf = onYarn.hadoopConf();
                org.apache.hadoop.fs.Path text = copyToHdfs(conf, data.files(PavloTable.USERVISITS), LoadBenchmark.parseSize(blockSize));
                org.apache.hadoop.fs.Path scratch = new org.apache.hadoop.fs.Path(onYarn.home().jobScratch(), "faults-" + UUID.randomUUID());
                BenchContext ctx = new BenchContext(engine, session, data, scratch);
                List<BenchSystem> systems = List.of(new SmsSystem(ctx), new HdfsTextAggregation(ctx, text));

                console().note("Warm-up: one normal run per system (the first job uploads HadoopDB's jars to HDFS)");
                Answer reference = null;
                for (BenchSystem s : systems) {
                    Answer a = s.run(PaperTask.AGGREGATION_SMALL);
                    reference = check(reference, a, s, "warm-up");
                }
                Map<String, Map<String, List<Double>>> times = new LinkedHashMap<>();
                List<String> notes = new ArrayList<>();
                long rows = reference == null ? 0 : reference.rows();
                // situations interleave within each round, so that whatever else the machine does weighs on all alike
                for (int r = 0; r < runs; r++) {
                    for (String situation : List.of(NORMAL, FAILURE, SLOW)) {
                        for (BenchSystem s : systems) {
                            console().note(String.format(Locale.ROOT, "-- round %d of %d: %s, %s", r + 1, runs, situation, s.name()));
                            long start = System.nanoTime();
                            Answer a;
                            String event = "none";
                            try {
                                switch (situation) {
                                    case FAILURE -> {
                                        try (JobWatcher watcher = JobWatcher.start(conf, 0.5, worker::kill)) {
                                            a = s.run(PaperTask.AGGREGATION_SMALL);
                                            event = watcher.firedOn();
                                        } finally {
                                            worker.revive();
                                        }
                                    }
                                    case SLOW -> {
                                        try (Worker.Slowdown slow = worker.slowDown()) {
                                            a = s.run(PaperTask.AGGREGATION_SMALL);
                                        }
                                        event = "slow";
                                    }
                                    default -> a = s.run(PaperTask.AGGREGATION_SMALL);
                                }
                            } catch (Exception e) {
                                String failed = situation + ", " + s.name() + ", round " + (r + 1) + ": the query FAILED: " + e.getMessage();
                                notes.add(failed);
                                console().note("   " + failed);
                                continue;
                            }
                            double seconds = (System.nanoTime() - start) / 1e9;
                            reference = check(reference, a, s, situation);
                            if (event == null) {
                                notes.add(situation + ", " + s.name() + ", round " + (r + 1) + ": the job finished before half of "
                                        + "its map phase was seen; no node was killed");
                            }
                            console().note(String.format(Locale.ROOT, "   %.1f s (%s)", seconds, event == null ? "not killed" : event));
                            times.computeIfAbsent(s.name(), k -> new LinkedHashMap<>()).computeIfAbsent(situation, k -> new ArrayList<>())
                                    .add(seconds);
                            rows = a.rows();
                        }
                    }
                }
                write(results, times, rows, notes, data, text);
            }
        }
        return 0;
    }

    private static Answer check(Answer reference, Answer a, BenchSystem s, String situation) {
        if (reference != null) {
            String diff = reference.differenceFrom(a);
            if (diff != null) {
                throw new IllegalStateException(s.name() + " gave a different answer (" + situation + "): " + diff);
            }
        }
        return reference != null ? reference : a;
    }

    private org.apache.hadoop.fs.Path copyToHdfs(Configuration conf, Path dir, long blockBytes) throws java.io.IOException {
        Configuration c = new Configuration(conf);
        c.setLong("dfs.blocksize", blockBytes);
        org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path("/bench/uservisits");
        FileSystem hdfs = target.getFileSystem(c);
        FileSystem local = FileSystem.getLocal(c);
        console().note("Copying the UserVisits text to HDFS (" + target + ", " + blockSize + " blocks, 2 copies) ...");
        FileUtil.copy(local, new org.apache.hadoop.fs.Path(dir.toUri()), hdfs, target, false, true, c);
        return hdfs.makeQualified(target);
    }

    private void write(Path results, Map<String, Map<String, List<Double>>> times, long rows, List<String> notes, PaperData data,
                       org.apache.hadoop.fs.Path text) throws java.io.IOException {
        List<Measurement> measurements = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%-22s %12s %12s %12s %14s %14s", "SYSTEM", "normal s", "failure s", "slow s",
                "failure slowdown", "slow slowdown"));
        for (var e : times.entrySet()) {
            Map<String, Measurement> m = new LinkedHashMap<>();
            for (var s : e.getValue().entrySet()) {
                Measurement one = new Measurement("Aggregation small, " + s.getKey(), e.getKey(), s.getValue(), rows);
                m.put(s.getKey(), one);
                measurements.add(one);
            }
            double normal = median(m, NORMAL);
            double failure = median(m, FAILURE);
            double slow = median(m, SLOW);
            String line = String.format(Locale.ROOT, "%-22s %12.1f %12.1f %12.1f %13.0f%% %13.0f%%", e.getKey(), normal, failure, slow,
                    100 * (failure - normal) / normal, 100 * (slow - normal) / normal);
            lines.add(line);
            notes.add(String.format(Locale.ROOT, "%s: failure slowdown %.0f%%, slow-node slowdown %.0f%% (medians: normal %.1f s, "
                    + "failure %.1f s, slow %.1f s)", e.getKey(), 100 * (failure - normal) / normal, 100 * (slow - normal) / normal,
                    normal, failure, slow));
        }
        Map<String, String> setup = new LinkedHashMap<>();
        setup.put("cluster", nodes + " PostgreSQL nodes (2 copies of every chunk, " + (nodes * 2) + " chunks), HDFS with " + nodes
                + " DataNodes (2 copies of every " + blockSize + " block), YARN with one NodeManager; all on this machine");
        setup.put("data", String.format(Locale.ROOT, "UserVisits, %,d rows (%s on HDFS as text)", userVisitsRows, text));
        setup.put("task", "Aggregation small: " + PaperTask.AGGREGATION_SMALL.sql(0));
        setup.put("node failure", "at 50% of a job's map phase, worker " + nodes + "'s PostgreSQL and DataNode are stopped");
        setup.put("slow node", "worker " + nodes + "'s PostgreSQL is frozen " + Math.round(slowFrozen * 100) + "% of every 100 ms "
                + "and its DataNode serves block reads at " + slowReadBandwidth + "/s");
        setup.put("runs", "1 warm-up + " + runs + " timed runs per situation and system; median reported");
        BenchReport report = new BenchReport("Fault tolerance (Fig. 11): small aggregation on YARN", commandLine(), Machine.describe(),
                setup, measurements, notes);
        ReportWriter.write(report, results);
        lines.forEach(console()::note);
        console().note("Results in " + results);
    }

    /** The median of a situation's successful runs; NaN when every run failed. */
    private static double median(Map<String, Measurement> m, String situation) {
        Measurement one = m.get(situation);
        return one == null ? Double.NaN : one.median();
    }

    private String commandLine() {
        return "hadoopdb bench faults --nodes " + nodes + " --uservisits-rows " + userVisitsRows + " --runs " + runs;
    }

    /** The worker whose PostgreSQL and DataNode fail or slow down. */
    private record Worker(MiniHadoopCluster hadoop, int dataNode, EmbeddedNode postgres, HadoopDbConfig pgHome, int nodes,
                          double frozen, long readBandwidth) {
        void kill() {
            postgres.stop();
            hadoop.stopDataNode(dataNode);
        }

        void revive() throws java.io.IOException {
            if (!postgres.isRunning()) {
                postgres.start(NodeSettings.forNode(pgHome, postgres.port(), nodes), Duration.ofSeconds(60));
            }
            hadoop.restartDataNode(dataNode);
        }

        Slowdown slowDown() {
            long pid = postgres.postmasterPid().orElseThrow(() -> new IllegalStateException(postgres.id() + " is not running"));
            hadoop.throttleReads(dataNode, readBandwidth);
            return new Slowdown(this, ProcessThrottle.start(pid, frozen, 100));
        }

        record Slowdown(Worker worker, ProcessThrottle throttle) implements AutoCloseable {
            @Override
            public void close() {
                try {
                    throttle.close();
                } finally {
                    worker.hadoop.throttleReads(worker.dataNode, 0);
                }
            }
        }
    }
}
