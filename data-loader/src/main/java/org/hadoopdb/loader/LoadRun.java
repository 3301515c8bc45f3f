package org.hadoopdb.loader;

import java.io.IOException;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ChunkInfo;
import org.hadoopdb.catalog.model.NodeInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.Property;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.catalog.model.TableStats;
import org.hadoopdb.catalog.partition.Schemes;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.ConnectorException;
import org.hadoopdb.connector.job.JobProgress;
import org.hadoopdb.connector.pool.NodePools;
import org.hadoopdb.loader.global.GlobalHasherJob;
import org.hadoopdb.loader.global.GlobalResults;
import org.hadoopdb.loader.global.MapSummary;
import org.hadoopdb.loader.job.JobRunner;
import org.hadoopdb.loader.job.LoadCounters;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.LoadTaskObserver;
import org.hadoopdb.loader.job.NodeJobs;
import org.hadoopdb.loader.job.NodeReport;
import org.hadoopdb.loader.local.NodeLoadMapper;
import org.hadoopdb.loader.physical.ChunkSql;
import org.hadoopdb.loader.physical.GarbageCollector;
import org.hadoopdb.loader.replica.ReplicaMapper;
import org.hadoopdb.loader.stats.TableStatsBuilder;
import org.hadoopdb.loader.table.TableProperties;
import org.hadoopdb.loader.text.TextFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One load, from input to published catalog version (see {@link Loader}); used once. */
final class LoadRun {
    private static final Logger LOG = LoggerFactory.getLogger(LoadRun.class);

    private final HadoopDbConfig config;
    private final CatalogStore store;
    private final LoadSpec spec;
    private final LoadProgressListener listener;
    private final Catalog catalog;
    private final TableInfo table;
    private final String loadId;
    private final long start;
    private final Configuration jobBase;
    private final boolean localFramework;
    private final Path workDir;
    private LoadPlan plan;
    private long inputBytes;
    private long phaseStart;
    private boolean published;

    private long prepareNanos;
    private long globalNanos;
    private long localNanos;
    private long replicationNanos;

    LoadRun(HadoopDbConfig config, CatalogStore store, LoadSpec spec, LoadProgressListener listener, Catalog catalog, TableInfo table,
            String loadId, long start) {
        this.config = config;
        this.store = store;
        this.spec = spec;
        this.listener = listener;
        this.catalog = catalog;
        this.table = table;
        this.loadId = loadId;
        this.start = start;
        this.jobBase = jobBase(config);
        this.localFramework = "local".equals(jobBase.get("mapreduce.framework.name", "local"));
        this.workDir = new Path(workRoot(config), table.name() + "-" + loadId);
    }

    LoadReport run() {
        try {
            phaseStart = System.nanoTime();
            progress(LoadPhase.PREPARE, 0, 0);
            List<Path> inputs = resolveInputs();
            PartitioningScheme scheme = chooseScheme();
            plan = new LoadPlan(loadId, table, scheme, catalog.nodes(), nextGeneration(), spec.overwrite(), workDir.toString());
            TextFormat format = spec.format().applyTo(TextFormat.fromProperties(properties(table)));
            RejectLimit limit = RejectLimit.parse(spec.maxRejects() != null ? spec.maxRejects() : config.get(ConfigKeys.LOAD_MAX_REJECTS));
            LOG.info("Load {} of table {} (generation {}, {}) from {} ({} bytes), {}", loadId, table.name(), plan.generation(),
                    spec.overwrite() ? "overwrite" : "append", spec.inputs(), inputBytes, spec.rowSchema() == null ? format : "typed rows");
            prepareNanos = System.nanoTime() - start;

            GlobalOutcome global = global(inputs, format, limit);
            checkInterrupted();

            long t = System.nanoTime();
            Set<Integer> all = new TreeSet<>();
            for (int i = 0; i < plan.nodes().size(); i++) {
                all.add(i);
            }
            Map<Integer, NodeReport> local = nodeTasks("local partitioning and COPY", "local", NodeLoadMapper.class, all,
                    global.results());
            localNanos = System.nanoTime() - t;
            checkInterrupted();

            t = System.nanoTime();
            Map<Integer, NodeReport> replicas = new TreeMap<>();
            if (plan.replication() > 1) {
                Set<Integer> receiving = new TreeSet<>();
                for (int i = 0; i < plan.nodes().size(); i++) {
                    if (!plan.replicasOnNode(i).isEmpty()) {
                        receiving.add(i);
                    }
                }
                replicas = nodeTasks("replication", "replicas", ReplicaMapper.class, receiving, global.results());
            }
            replicationNanos = System.nanoTime() - t;
            checkInterrupted();

            return publish(global, local, replicas);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cleanUp();
            throw new LoaderException("The load of table '" + table.name() + "' was cancelled; nothing was published", e);
        } catch (LoaderException e) {
            cleanUp();
            throw e;
        } catch (IOException | RuntimeException e) {
            cleanUp();
            throw new LoaderException("The load of table '" + table.name() + "' failed: " + e.getMessage()
                    + "; nothing was published", e);
        } finally {
            deleteWorkDir();
        }
    }

    // ---- preparation -----------------------------------------------------------------------------

    private List<Path> resolveInputs() throws IOException {
        List<Path> out = new ArrayList<>();
        long files = 0;
        for (String s : spec.inputs()) {
            Path p = spec.local() ? new Path(Paths.get(s).toAbsolutePath().toUri()) : new Path(s);
            FileSystem fs = p.getFileSystem(jobBase);
            FileStatus[] matches = fs.globStatus(p);
            if (matches == null || matches.length == 0) {
                throw new LoaderException("Input '" + s + "' matches no file or directory" + (p.toUri().getScheme() == null
                        ? " on " + fs.getUri() : ""));
            }
            for (FileStatus m : matches) {
                if (m.isDirectory()) {
                    RemoteIterator<LocatedFileStatus> it = fs.listFiles(m.getPath(), true);
                    while (it.hasNext()) {
                        LocatedFileStatus f = it.next();
                        if (!hidden(f.getPath().getName())) {
                            files++;
                            inputBytes += f.getLen();
                        }
                    }
                } else {
                    files++;
                    inputBytes += m.getLen();
                }
            }
            out.add(fs.makeQualified(p));
        }
        if (files == 0) {
            throw new LoaderException("The input " + spec.inputs() + " holds no files to load");
        }
        if (spec.local() && !localFramework) {
            // the tasks run on other machines: ship this machine's files to the work directory first
            List<Path> copies = new ArrayList<>();
            for (int i = 0; i < out.size(); i++) {
                Path dst = new Path(workDir, "input/" + i);
                FileSystem src = out.get(i).getFileSystem(jobBase);
                for (FileStatus m : src.globStatus(out.get(i))) {
                    FileUtil.copy(src, m.getPath(), dst.getFileSystem(jobBase), new Path(dst, m.getPath().getName()), false, jobBase);
                }
                copies.add(dst);
            }
            return copies;
        }
        return out;
    }

    private static boolean hidden(String name) {
        return name.startsWith("_") || name.startsWith(".");
    }

    /** The table's scheme; at a first load with {@code hadoopdb.max-chunk-size} (and no explicit chunk count), one sized from the input. */
    private PartitioningScheme chooseScheme() {
        if (table.isReplicated()) {
            return null;
        }
        PartitioningScheme scheme = catalog.scheme(table.scheme());
        Map<String, String> props = properties(table);
        Long max = TableProperties.size(table.name(), props, TableProperties.MAX_CHUNK_SIZE);
        if (table.generation() == 0 && max != null && !props.containsKey(TableProperties.CHUNKS_PER_NODE)
                && !props.containsKey(TableProperties.BUCKETS)) {
            int nodes = scheme.nodeCount();
            int per = (int) Math.max(1, (inputBytes + (long) nodes * max - 1) / ((long) nodes * max));
            if (per != scheme.chunksPerNode()) {
                scheme = Schemes.forLayout(catalog, scheme.keyFamilies(), per, scheme.replication());
                LOG.info("Table {}: {} input bytes and a maximum chunk size of {} bytes give {} chunks per node",
                        table.name(), inputBytes, max, per);
            }
        }
        return scheme;
    }

    /** One more than any generation of this table a retained catalog version knows, so no live schema name is reused. */
    private long nextGeneration() {
        long max = table.generation();
        for (long v : store.versions()) {
            try {
                Catalog c = store.load(v);
                max = Math.max(max, c.findTable(table.name()).map(TableInfo::generation).orElse(0L));
            } catch (CatalogException e) {
                LOG.debug("Catalog version {} went away while choosing a generation: {}", v, e.getMessage());
            }
        }
        return max + 1;
    }

    // ---- phase 1: global repartition ---------------------------------------------------------------

    private record GlobalOutcome(GlobalResults results, String rejectFile) {
    }

    private GlobalOutcome global(List<Path> inputs, TextFormat format, RejectLimit limit) throws IOException, InterruptedException {
        long t = System.nanoTime();
        phaseStart = t;
        Path out = new Path(workDir, "global");
        int attempts = Math.max(1, config.get(ConfigKeys.LOAD_TASK_ATTEMPTS));
        Job job = null;
        boolean ok = false;
        for (int attempt = 1; attempt <= attempts && !ok; attempt++) {
            out.getFileSystem(jobBase).delete(out, true);
            Configuration conf = new Configuration(jobBase);
            if (localFramework) {
                int slots = Runtime.getRuntime().availableProcessors();
                conf.setIfUnset("mapreduce.local.map.tasks.maximum", Integer.toString(slots));
                // A few splits per task slot: fewer, larger tasks cost less start-up and commit, yet the last
                // wave still balances. (On a cluster the block size decides, as usual.)
                long split = Math.max(32L << 20, Math.min(256L << 20, inputBytes / (4L * slots)));
                conf.setIfUnset(org.apache.hadoop.mapreduce.lib.input.FileInputFormat.SPLIT_MINSIZE, Long.toString(split));
            }
            job = GlobalHasherJob.create(conf, plan, inputs, spec.rowSchema(), format, limit.recordsPerTask(), out);
            Job running = job;
            JobProgress mapProgress = new JobProgress(running);
            ok = JobRunner.run(job, j -> progress(LoadPhase.GLOBAL_REPARTITION, 100.0 * JobRunner.mapProgress(mapProgress),
                    JobRunner.counter(running, LoadCounters.RECORDS_READ)));
            if (!ok && attempt < attempts) {
                LOG.warn("The global repartition of {} failed ({}); running it again", table.name(), JobRunner.failureInfo(job));
            }
        }
        if (!ok) {
            throw new LoaderException("The global repartition job of the load of table '" + table.name() + "' failed: "
                    + JobRunner.failureInfo(job));
        }
        int partitions = plan.isReplicated() ? 1 : plan.chunkCount();
        GlobalResults results = GlobalResults.read(out, jobBase, partitions, plan.columns());
        globalNanos = System.nanoTime() - t;
        long records = results.totalRows() + results.rejected();
        String rejectFile = null;
        if (results.rejected() > 0) {
            Path target = new Path(rejectRoot(config, spec), table.name() + "-" + loadId + ".rejects");
            List<String> first = results.writeRejects(out, jobBase, target);
            rejectFile = target.toString();
            LOG.info("Load {} of {}: {} of {} records rejected, listed in {}", loadId, table.name(), results.rejected(), records, rejectFile);
            if (limit.exceededBy(results.rejected(), records)) {
                throw new LoaderException(String.format(java.util.Locale.ROOT, "The load of table '%s' rejected %,d of %,d records, "
                        + "more than the limit of %s (hadoopdb.load.max-rejects, or --max-rejects); nothing was published. "
                        + "The rejected records are listed in %s, e.g. %s", table.name(), results.rejected(), records, limit,
                        rejectFile, String.join("; ", first)));
            }
        }
        return new GlobalOutcome(results, rejectFile);
    }

    // ---- phases 2 and 3: node tasks ------------------------------------------------------------------

    private Map<Integer, NodeReport> nodeTasks(String what, String dirName, Class<? extends Mapper<?, ?, ?, ?>> mapper,
                                               Set<Integer> nodes, GlobalResults global) throws IOException, InterruptedException {
        phaseStart = System.nanoTime();
        Map<Integer, NodeReport> done = new TreeMap<>();
        Set<Integer> remaining = new TreeSet<>(nodes);
        int attempts = Math.max(1, config.get(ConfigKeys.LOAD_TASK_ATTEMPTS));
        List<String> failures = new ArrayList<>();
        boolean replication = mapper == ReplicaMapper.class;
        long totalBytes = plan.isReplicated() ? global.totalBytes() * plan.nodes().size() : global.totalBytes();
        double rowsPerByte = global.totalBytes() == 0 ? 0 : (double) global.totalRows() / global.totalBytes();
        int totalChunks = plan.chunkCount();
        int totalReplicas = 0;
        for (int n : nodes) {
            totalReplicas += plan.replicasOnNode(n).size();
        }
        int replicaChunks = totalReplicas;
        for (int attempt = 1; attempt <= attempts && !remaining.isEmpty(); attempt++) {
            Path out = new Path(workDir, dirName + "-" + attempt);
            Job job = NodeJobs.create(jobBase, plan, mapper, what, remaining, attempt, out);
            JobRunner.run(job, j -> {
                if (replication) {
                    progress(LoadPhase.REPLICATION, replicaChunks == 0 ? 100 : 100.0 * JobRunner.counter(j, LoadCounters.CHUNKS_REPLICATED)
                            / replicaChunks, JobRunner.counter(j, LoadCounters.ROWS_REPLICATED));
                    return;
                }
                long copied = JobRunner.counter(j, LoadCounters.BYTES_COPIED);
                long indexed = JobRunner.counter(j, LoadCounters.CHUNKS_INDEXED);
                long analyzed = JobRunner.counter(j, LoadCounters.CHUNKS_ANALYZED);
                if (copied < totalBytes && indexed == 0) {
                    progress(LoadPhase.LOCAL_COPY, totalBytes == 0 ? 100 : 100.0 * copied / totalBytes, (long) (copied * rowsPerByte));
                } else if (indexed < totalChunks) {
                    progress(LoadPhase.INDEX, 100.0 * indexed / totalChunks, global.totalRows());
                } else {
                    progress(LoadPhase.ANALYZE, 100.0 * analyzed / totalChunks, global.totalRows());
                }
            });
            for (NodeReport r : NodeJobs.reports(out, jobBase)) {
                int pos = plan.nodePosition(r.node());
                done.put(pos, r);
                remaining.remove(pos);
            }
            if (!remaining.isEmpty()) {
                failures = NodeJobs.failures(out, jobBase);
                if (failures.isEmpty()) {
                    failures = List.of(JobRunner.failureInfo(job));
                }
                if (attempt < attempts) {
                    LOG.warn("Load {} of {}: {} failed on node(s) {} ({}); running those nodes again", loadId, table.name(), what,
                            ids(remaining), String.join("; ", failures));
                }
            }
        }
        if (!remaining.isEmpty()) {
            throw new LoaderException("The " + what + " of table '" + table.name() + "' failed on node(s) " + ids(remaining) + " after "
                    + attempts + " attempt(s): " + String.join("; ", failures) + "; nothing was published");
        }
        return done;
    }

    private String ids(Set<Integer> positions) {
        return positions.stream().map(p -> plan.nodes().get(p).id()).collect(Collectors.joining(", "));
    }

    // ---- phase 4: publication --------------------------------------------------------------------

    private LoadReport publish(GlobalOutcome global, Map<Integer, NodeReport> local, Map<Integer, NodeReport> replicas)
            throws InterruptedException {
        long t = System.nanoTime();
        phaseStart = t;
        progress(LoadPhase.PUBLISH, 0, global.results().totalRows());
        List<ChunkInfo> chunks = new ArrayList<>();
        List<ChunkLoad> loads = new ArrayList<>();
        List<NodeReport.ChunkResult> oneCopyEach = new ArrayList<>();
        Map<String, List<Integer>> schemasPerNode = new LinkedHashMap<>();
        for (int c = 0; c < plan.chunkCount(); c++) {
            int chunk = c;
            NodeReport primary = local.get(plan.primaryOf(c));
            NodeReport.ChunkResult result = primary.chunks().stream().filter(r -> r.chunk() == chunk).findFirst()
                    .orElseThrow(() -> new LoaderException("Node " + primary.node() + " did not report chunk " + chunk));
            List<String> holders = plan.nodesOf(c);
            chunks.add(new ChunkInfo(c, plan.finalSchema(c), table.name(), holders.get(0), holders.subList(1, holders.size()),
                    result.rows(), result.bytes()));
            long rejected = plan.isReplicated() ? 0 : global.results().rejectsPerChunk().getOrDefault(c, 0L);
            loads.add(new ChunkLoad(c, plan.finalSchema(c), holders.get(0), holders.subList(1, holders.size()), result.newRows(),
                    rejected, result.rows(), result.bytes()));
            if (!plan.isReplicated() || c == 0) {
                oneCopyEach.add(result);
            }
            for (String node : holders) {
                schemasPerNode.computeIfAbsent(node, k -> new ArrayList<>()).add(c);
            }
        }
        renameStagingSchemas(schemasPerNode);
        LoadTaskObserver.of(jobBase).publishing(table.name());
        boolean appended = !spec.overwrite() && table.generation() > 0;
        TableStats stats = TableStatsBuilder.build(table, appended, global.results().stats(), oneCopyEach);
        Catalog result = publishCatalog(chunks, stats);
        published = true;
        try (NodePools pools = new NodePools(config)) {
            GarbageCollector.GcReport gc = new GarbageCollector(config).collect(table.name(), pools);
            gc.problems().forEach(p -> LOG.warn("Garbage collection after loading {}: {}", table.name(), p));
        } catch (RuntimeException e) {
            LOG.warn("Garbage collection after loading {} failed ({}); 'hadoopdb cluster gc' will retry", table.name(), e.getMessage());
        }
        long publishNanos = System.nanoTime() - t;
        long total = System.nanoTime() - start;
        long maxCopy = local.values().stream().mapToLong(NodeReport::copyMs).max().orElse(0);
        long maxIndex = local.values().stream().mapToLong(NodeReport::indexMs).max().orElse(0);
        long maxAnalyze = local.values().stream().mapToLong(NodeReport::analyzeMs).max().orElse(0);
        LoadTimings timings = new LoadTimings(Duration.ofNanos(prepareNanos), Duration.ofNanos(globalNanos), Duration.ofMillis(maxCopy),
                Duration.ofMillis(maxIndex), Duration.ofMillis(maxAnalyze), Duration.ofNanos(localNanos),
                Duration.ofNanos(replicationNanos), Duration.ofNanos(publishNanos), Duration.ofNanos(total));
        GlobalResults g = global.results();
        LoadReport report = new LoadReport(table.name(), loadId, plan.generation(), result.version(), spec.overwrite(),
                g.totalRows() + g.rejected(), g.totalRows(), g.rejected(), g.rejectsPerChunk().getOrDefault(MapSummary.NO_CHUNK, 0L),
                stats.rows(), stats.bytes(), loads, global.rejectFile(), timings);
        phaseStart = System.nanoTime();
        progress(LoadPhase.DONE, 100, g.totalRows());
        LOG.info("Load {} of {} published generation {} (catalog version {}): {} rows loaded, {} rejected; {}", loadId, table.name(),
                plan.generation(), result.version(), g.totalRows(), g.rejected(), timings);
        return report;
    }

    /** Renames every staging schema to its final name, one transaction per node. */
    private void renameStagingSchemas(Map<String, List<Integer>> schemasPerNode) {
        try (NodePools pools = new NodePools(config)) {
            for (Map.Entry<String, List<Integer>> e : schemasPerNode.entrySet()) {
                NodeInfo node = catalog.node(e.getKey());
                try (Connection c = pools.connect(node)) {
                    c.setAutoCommit(false);
                    for (int chunk : e.getValue()) {
                        // A schema of this name can only be left over by a load that died: no retained
                        // catalog version knows this generation (see nextGeneration), and we hold the table's lock.
                        ChunkSql.dropSchema(c, plan.finalSchema(chunk));
                        ChunkSql.renameSchema(c, plan.stagingSchema(chunk), plan.finalSchema(chunk));
                    }
                    c.commit();
                } catch (SQLException ex) {
                    throw new LoaderException("Cannot rename the staging schemas of table '" + table.name() + "' on node " + node.id()
                            + ": " + ex.getMessage(), ex);
                }
            }
        }
    }

    private Catalog publishCatalog(List<ChunkInfo> chunks, TableStats stats) {
        PartitioningScheme scheme = plan.scheme();
        try {
            return store.update("load " + table.name() + " generation " + plan.generation(), c -> {
                TableInfo cur = c.findTable(table.name()).orElseThrow(() -> new LoaderException("Table '" + table.name()
                        + "' was dropped while it was being loaded; nothing was published"));
                if (cur.generation() != table.generation() || !cur.columns().equals(table.columns())
                        || !Objects.equals(cur.scheme(), table.scheme()) || cur.distribution() != table.distribution()) {
                    throw new LoaderException("Table '" + table.name() + "' was changed while it was being loaded (it is now "
                            + "generation " + cur.generation() + "); nothing was published: load it again");
                }
                Catalog next = c;
                if (scheme != null && c.findScheme(scheme.id()).isEmpty()) {
                    next = next.withScheme(scheme);
                }
                TableInfo updated = new TableInfo(cur.name(), cur.columns(), cur.distribution(), scheme == null ? null : scheme.id(),
                        cur.partitionKeys(), cur.sortColumns(), cur.indexColumns(), cur.properties(), plan.generation(), stats, chunks);
                return next.withTable(updated);
            });
        } catch (CatalogException e) {
            // The new version may have been written before the error (it is then the truth).
            TableInfo now = store.load().findTable(table.name()).orElse(null);
            if (now != null && now.generation() == plan.generation() && now.chunks().equals(chunks)) {
                LOG.warn("Publishing {} reported '{}' but the new version is in the catalog", table.name(), e.getMessage());
                return store.load();
            }
            throw new LoaderException("Cannot publish the load of table '" + table.name() + "': " + e.getMessage(), e);
        }
    }

    // ---- failure and clean-up --------------------------------------------------------------------

    /** Drops every schema this load created, on every node (staging and renamed ones). */
    private void cleanUp() {
        if (plan == null || published) {
            return;
        }
        // A node that failed the load is likely still down: do not wait the full connection timeout for it.
        HadoopDbConfig quick = config.with(Map.of(ConfigKeys.POOL_CONNECTION_TIMEOUT.name(), "5s"));
        try (NodePools pools = new NodePools(quick)) {
            for (NodeInfo node : catalog.nodes()) {
                try (Connection c = pools.connect(node)) {
                    c.setAutoCommit(true);
                    for (ChunkSql.TaggedSchema s : ChunkSql.taggedSchemas(c)) {
                        if (s.tag().loadId().equals(loadId)) {
                            ChunkSql.dropSchema(c, s.name());
                        }
                    }
                } catch (SQLException | ConnectorException e) {
                    LOG.warn("Could not drop the staging data of failed load {} on node {} ({}); 'hadoopdb cluster gc' will",
                            loadId, node.id(), e.getMessage());
                }
            }
        }
    }

    private void deleteWorkDir() {
        try {
            workDir.getFileSystem(jobBase).delete(workDir, true);
        } catch (IOException e) {
            LOG.warn("Could not delete the load's work directory {}: {}", workDir, e.getMessage());
        }
    }

    // ---- helpers --------------------------------------------------------------------------------

    private void checkInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException("load cancelled");
        }
    }

    private void progress(LoadPhase phase, double percent, long rows) {
        long now = System.nanoTime();
        double seconds = Math.max(1e-3, (now - phaseStart) / 1e9);
        listener.progress(new LoadProgress(phase, Math.max(0, Math.min(100, percent)), rows, rows / seconds,
                Duration.ofNanos(now - start)));
    }

    static Map<String, String> properties(TableInfo t) {
        Map<String, String> p = new LinkedHashMap<>();
        for (Property prop : t.properties()) {
            p.put(prop.name().toLowerCase(java.util.Locale.ROOT), prop.value());
        }
        return p;
    }

    static Configuration jobBase(HadoopDbConfig config) {
        Configuration conf = new Configuration(config.hadoopConf());
        if ("local".equals(conf.get("mapreduce.framework.name", "local"))) {
            String scratch = config.home().scratchDir().toString();
            conf.setIfUnset("hadoop.tmp.dir", scratch + "/hadoop-tmp");
            conf.setIfUnset("mapreduce.cluster.local.dir", scratch + "/mapred-local");
            conf.setIfUnset("mapreduce.jobtracker.staging.root.dir", scratch + "/staging");
        }
        return conf;
    }

    static Path workRoot(HadoopDbConfig config) {
        Path root = config.getIfSet(ConfigKeys.LOAD_WORK_DIR).map(Path::new)
                .orElse(new Path(config.home().jobScratch(), "loads"));
        config.home().requireReachableByTasks(root, "hadoopdb.load.work-dir");
        return root;
    }

    static Path rejectRoot(HadoopDbConfig config, LoadSpec spec) {
        if (spec.rejectDir() != null) {
            return new Path(spec.rejectDir());
        }
        return config.getIfSet(ConfigKeys.LOAD_REJECT_DIR).map(Path::new)
                .orElse(new Path(config.home().root().resolve("rejects").toUri()));
    }
}
