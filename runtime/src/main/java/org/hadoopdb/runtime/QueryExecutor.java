package org.hadoopdb.runtime;

import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.config.LocalJobDirs;
import org.hadoopdb.connector.job.JobProgress;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyPartitioner;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.mr.QueryCancellation;
import org.hadoopdb.runtime.mr.StageConf;
import org.hadoopdb.runtime.mr.StageSideInputs;
import org.hadoopdb.runtime.mr.StageInputFormat;
import org.hadoopdb.runtime.mr.ExternalFiles;
import org.hadoopdb.runtime.mr.StageMapper;
import org.hadoopdb.runtime.mr.StageReducer;
import org.hadoopdb.runtime.mr.StageSizes;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageGraph;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a query plan: decides how it runs ({@link RunTimePlanner}: a direct read, stages as Hadoop jobs
 * on the local runner by default or YARN when configured, small stages in the client), carries that
 * {@link ExecutionPlan} out, then streams the result. Intermediate results live under the query's
 * scratch directory and are deleted when the result stream is closed or the query fails.
 *
 * <p>{@link #cancel()} from another thread stops the query: the tasks of its jobs on the local runner
 * see its {@link QueryCancellation} flag within a few rows and fail, so each job ends by itself, and
 * only then are the query's files deleted (killing a local job would leave its task threads writing
 * into deleted files); a job that has not ended {@link #CANCEL_GRACE} after the cancel is killed. Jobs
 * on a cluster are killed at once. The stages in the client stop their reads.
 */
public final class QueryExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(QueryExecutor.class);
    /** How long the tasks of a cancelled local job may take to stop before the job is killed. */
    static final Duration CANCEL_GRACE = Duration.ofSeconds(60);

    private final HadoopDbConfig config;
    private final Path catalogDir;
    private final long catalogVersion;
    // execution state, for cancel() from another thread
    private final Set<Job> running = ConcurrentHashMap.newKeySet();
    private volatile boolean cancelled;
    private final Set<ClientStage> clients = ConcurrentHashMap.newKeySet();
    private volatile QueryCancellation.Query signal;
    /** The rows each stage wrote, counted as it ran: a stage that reads them is placed from them when it starts. */
    private final Map<Integer, Long> stageRows = new ConcurrentHashMap<>();

    /**
     * @param catalogDir     catalog directory the plan was made against
     * @param catalogVersion the exact catalog version: tasks read the chunks it lists
     */
    public QueryExecutor(HadoopDbConfig config, Path catalogDir, long catalogVersion) {
        this.config = config;
        this.catalogDir = catalogDir;
        this.catalogVersion = catalogVersion;
    }

    /**
     * Runs the plan and streams its result. How it runs (a direct read, jobs, stages in the client)
     * is decided once, just before, by {@link RunTimePlanner}; EXPLAIN shows that decision through
     * {@link #explainRun}.
     */
    public ResultStream run(QueryPlan plan, String description, ProgressListener progress) {
        if (plan.stages().isEmpty() && plan.result() instanceof QueryPlan.Direct d) {
            // a planned direct read (a point lookup, a pushed scan) needs no job configuration, scratch
            // directory or cancellation flag: its result stream is cancelled and closed by itself
            if (cancelled) {
                throw new PlannerException("Query cancelled");
            }
            LOG.debug("Reading the result directly from the chunks");
            return DirectResult.open(config, catalogDir, catalogVersion, d.source(), plan.schema(), progress);
        }
        Path queryDir = QueryScratch.newQueryDir(config);
        Configuration base = jobConf(queryDir);
        org.hadoopdb.runtime.mr.UserFunctionJobs.prepare(base, plan, config);
        ExecutionPlan exec = decide(plan, base);
        exec.explanation().forEach(line -> LOG.info("Run time: {}", line));
        // the jobs all run (and end) inside execute: the result streams without them
        try (QueryCancellation.Query q = QueryCancellation.register(queryDir.toString())) {
            signal = q;
            if (cancelled) {
                q.cancel();
            }
            return execute(exec, base, queryDir, description, progress);
        } finally {
            signal = null;
        }
    }

    /**
     * How the plan would run now, from PostgreSQL's current estimates, without running it: for EXPLAIN's
     * RUN TIME section. Empty when the plan runs no job.
     */
    public List<String> explainRun(QueryPlan plan) {
        if (plan.stages().isEmpty()) {
            return List.of();
        }
        return decide(plan, jobConf(new Path(scratchRoot(), "estimates"))).explanation();
    }

    private ExecutionPlan decide(QueryPlan plan, Configuration conf) {
        return new RunTimePlanner(config, ReducerSizing.from(config, conf)).plan(plan, stage -> StageSizes.estimate(conf, stage));
    }

    /**
     * Carries out the execution plan: its stages in dependency order (each in the client or as a job, one
     * that falls back from the client as its job), then the result's stage when its rows stream from the
     * client, then opens the result.
     */
    private ResultStream execute(ExecutionPlan exec, Configuration base, Path queryDir, String description,
            ProgressListener progress) {
        QueryPlan plan = exec.plan();
        ExecutionPlan.StageRun streamed = exec.streamed();
        int stages = plan.stages().size();
        try {
            runStages(exec.stages().stream().filter(s -> s != streamed).toList(), stages, base, description, progress);
            if (streamed != null) {
                ExecutionPlan.StageRun last = keyed(streamed, base);
                ExecutionPlan.Mode mode = placed(last, base);
                if (mode instanceof ExecutionPlan.InClient c) {
                    ClientStage.Outcome out = runInClient(last.stage(), c, stages, base, null,
                            () -> deleteQuietly(queryDir, base), progress);
                    if (out instanceof ClientStage.Rows r) {
                        return new RenamedResult(r.rows(), plan.schema());
                    }
                    LOG.info("Stage {}: {}; it runs as {} instead", last.stage().id(), ((ClientStage.FallBack) out).why(),
                            c.fallback());
                    mode = c.fallback();
                }
                runJob(last.stage(), (ExecutionPlan.Job) mode, stages, base, description, progress);
            }
        } catch (RuntimeException e) {
            deleteQuietly(queryDir, base);
            throw e;
        }
        if (plan.result() instanceof QueryPlan.Direct d) {
            if (!plan.stages().isEmpty()) {
                deleteQuietly(queryDir, base);
            } else {
                LOG.info("Reading the result directly from the chunks");
            }
            return DirectResult.open(config, catalogDir, catalogVersion, d.source(), plan.schema(), progress);
        }
        int last = ((QueryPlan.FromStage) plan.result()).stage();
        Stage lastStage = plan.stages().stream().filter(s -> s.id() == last).findFirst().orElseThrow();
        return new RenamedResult(new StageFileResult(StageConf.stageOutput(queryDir, last), lastStage.output(),
                base, () -> deleteQuietly(queryDir, base)), plan.schema());
    }

    /** The stage with its chunk statements filtered by the join keys of the stages it waited for ({@link KeyFilters}). */
    private ExecutionPlan.StageRun keyed(ExecutionPlan.StageRun run, Configuration base) {
        if (!KeyFilters.has(run.stage())) {
            return run;
        }
        return new ExecutionPlan.StageRun(KeyFilters.apply(run.stage(), config.get(ConfigKeys.KEY_FILTER_MAX_KEYS), base), run.mode());
    }

    /** How the stage runs now: a stage placed when it starts is placed from what its earlier stages wrote. */
    private ExecutionPlan.Mode placed(ExecutionPlan.StageRun run, Configuration base) {
        if (!(run.mode() instanceof ExecutionPlan.WhenSmall w)) {
            return run.mode();
        }
        StageSizes.Estimate measured = StageSizes.estimate(base, run.stage(), id -> stageRows.getOrDefault(id, -1L));
        ExecutionPlan.WhenSmall.Choice choice = w.choose(run.stage(), measured);
        LOG.info("Run time: {}", choice.why());
        return choice.mode();
    }

    /** One stage of {@link #runStages}: in the client (writing its file) or as a job. */
    private void runStage(ExecutionPlan.StageRun run, int stages, Configuration base, String description, ProgressListener progress) {
        if (cancelled) {
            throw new PlannerException("Query cancelled");
        }
        run = keyed(run, base);
        ExecutionPlan.Mode mode = placed(run, base);
        if (mode instanceof ExecutionPlan.InClient c) {
            Path dir = StageConf.stageOutput(base, run.stage().id());
            ClientStage.Outcome out = runInClient(run.stage(), c, stages, base, dir, null, progress);
            if (out instanceof ClientStage.Written w) {
                stageRows.put(run.stage().id(), w.rows());
                return;
            }
            LOG.info("Stage {}: {}; it runs as {} instead", run.stage().id(), ((ClientStage.FallBack) out).why(), c.fallback());
            mode = c.fallback();
        }
        runJob(run.stage(), (ExecutionPlan.Job) mode, stages, base, description, progress);
    }

    /**
     * The stage in the client: writing its output into {@code dir}, or, when {@code dir} is null, streaming it
     * to the caller (then {@code onClose} runs when the stream is closed); or the fall-back its mode foresees.
     */
    private ClientStage.Outcome runInClient(Stage stage, ExecutionPlan.InClient mode, int stages, Configuration base, Path dir,
            Runnable onClose, ProgressListener progress) {
        if (cancelled) {
            throw new PlannerException("Query cancelled");
        }
        ClientStage c = new ClientStage(config, catalogDir, catalogVersion, stage, mode, base, progress);
        clients.add(c);
        try {
            if (cancelled) {
                c.cancel();
            }
            progress.progress(stage.id(), stages, ProgressListener.CLIENT_STAGE, 0f, 0f);
            ClientStage.Outcome out = dir == null ? c.stream(onClose) : c.write(dir);
            if (!(out instanceof ClientStage.FallBack)) {
                progress.progress(stage.id(), stages, ProgressListener.CLIENT_STAGE, 1f, 1f);
                progress.stageFinished(stage.id(), stages, ProgressListener.CLIENT_STAGE);
            }
            return out;
        } finally {
            clients.remove(c);
        }
    }

    /**
     * Stops the running jobs (see the class comment) and the client's chunk reads, if any; {@link #run}
     * then fails with "cancelled" once the jobs have ended.
     */
    public void cancel() {
        cancelled = true;
        QueryCancellation.Query q = signal;
        if (q != null) {
            q.cancel();
        }
        clients.forEach(ClientStage::cancel);
        for (Job job : List.copyOf(running)) {
            if (!isLocal(job)) {
                kill(job);
            }
        }
    }

    private static boolean isLocal(Job job) {
        return "local".equals(job.getConfiguration().get("mapreduce.framework.name", "local"));
    }

    private static void kill(Job job) {
        try {
            job.killJob();
        } catch (IOException e) {
            LOG.warn("Could not kill job {}: {}", job.getJobID(), e.getMessage());
        } catch (IllegalStateException notSubmitted) {
            // the job failed to submit, or is being submitted: the cancelled flag stops it from running
            LOG.debug("Job {} was not running: {}", job.getJobName(), notSubmitted.getMessage());
        }
    }

    /** Progress is reported at most this often, however often the job is polled. */
    private static final long PROGRESS_EVERY_NANOS = 200_000_000L;

    /**
     * How long to wait before asking again whether a job ended ({@code hadoopdb.exec.job-poll-interval}). A
     * local job's status is a field in this process, cheap to read, and a small query's stages take a fraction
     * of a second: polling every 200 ms added 100 ms to each stage on average. A job on a cluster is asked
     * over RPC, so less often.
     */
    static long pollMillis(boolean local, long elapsedNanos, long configuredMillis) {
        long base = Math.max(1, configuredMillis);
        if (!local) {
            return Math.max(base, 200);
        }
        return elapsedNanos < 2_000_000_000L ? base : elapsedNanos < 10_000_000_000L ? Math.max(base, 20) : Math.max(base, 100);
    }

    /**
     * Waits for the job to end, reporting progress. Once the query is cancelled, or this thread is
     * interrupted (another stage failed), it still waits for the job's tasks to stop, so the query's
     * files are not deleted under them; past {@link #CANCEL_GRACE} it kills the job.
     *
     * @throws PlannerException "Query interrupted" when this thread was interrupted
     */
    private void awaitEnd(Job job, Stage stage, int stages, ProgressListener progress) throws IOException {
        JobProgress mapProgress = new JobProgress(job);
        boolean interrupted = false;
        long killAt = 0;
        boolean local = isLocal(job);
        long pollInterval = config.get(ConfigKeys.JOB_POLL_INTERVAL).toMillis();
        long start = System.nanoTime();
        long reported = start - PROGRESS_EVERY_NANOS;
        while (!job.isComplete()) {
            if (cancelled || interrupted) {
                if (killAt == 0) {
                    cancel();
                    killAt = System.nanoTime() + CANCEL_GRACE.toNanos();
                } else if (System.nanoTime() - killAt > 0) {
                    LOG.warn("The tasks of {} did not stop within {} s of the cancel: killing the job", job.getJobID(),
                            CANCEL_GRACE.toSeconds());
                    kill(job);
                    break;
                }
            } else if (System.nanoTime() - reported >= PROGRESS_EVERY_NANOS) {
                reported = System.nanoTime();
                progress.progress(stage.id(), stages, job.getJobID().toString(), mapProgress.map(),
                        stage.shuffle() == null ? 0 : job.reduceProgress());
            }
            try {
                Thread.sleep(killAt != 0 ? 50 : pollMillis(local, System.nanoTime() - start, pollInterval));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
            throw new PlannerException("Query interrupted");
        }
    }

    /**
     * Runs the stages in dependency order, independent ones at the same time (up to
     * {@code hadoopdb.stages.parallel}). The first failure cancels the others and is reported.
     */
    private void runStages(List<ExecutionPlan.StageRun> jobs, int total, Configuration base, String description,
            ProgressListener progress) {
        if (jobs.isEmpty()) {
            return;
        }
        List<Stage> stages = jobs.stream().map(ExecutionPlan.StageRun::stage).toList();
        Map<Integer, Set<Integer>> deps = StageGraph.dependencies(stages);
        StageGraph.order(stages); // fails fast on a cycle
        int parallel = Math.max(1, config.get(ConfigKeys.STAGES_PARALLEL));
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallel, stages.size()), r -> {
            Thread t = new Thread(r, "hadoopdb-stage");
            t.setDaemon(true);
            return t;
        });
        CompletionService<Integer> done = new ExecutorCompletionService<>(pool);
        Set<Integer> finished = new HashSet<>();
        Set<Integer> started = new HashSet<>();
        try {
            while (finished.size() < stages.size()) {
                for (ExecutionPlan.StageRun run : jobs) {
                    Stage s = run.stage();
                    if (!started.contains(s.id()) && finished.containsAll(deps.get(s.id()))) {
                        started.add(s.id());
                        done.submit(() -> {
                            runStage(run, total, base, description, progress);
                            return s.id();
                        });
                    }
                }
                Future<Integer> next = done.take();
                try {
                    finished.add(next.get());
                } catch (ExecutionException e) {
                    cancel();
                    Throwable cause = e.getCause();
                    throw cause instanceof RuntimeException r ? r
                            : new PlannerException("A stage failed: " + cause.getMessage(), cause);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
            throw new PlannerException("Query interrupted", e);
        } finally {
            pool.shutdownNow();
            // wait for cancelled stages so the scratch directory is not deleted under them
            try {
                pool.awaitTermination(CANCEL_GRACE.toSeconds() + 30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void runJob(Stage stage, ExecutionPlan.Job mode, int stages, Configuration base, String description,
            ProgressListener progress) {
        if (cancelled) {
            throw new PlannerException("Query cancelled");
        }
        try {
            Configuration conf = new Configuration(base);
            StageConf.setStage(conf, stage);
            if (stage.shuffle() != null) {
                org.hadoopdb.connector.row.RowSchema shuffled = shuffleSchema(stage);
                shuffled.store(conf, Row.SCHEMA_KEY);
            }
            Job job = Job.getInstance(conf, "hadoopdb stage " + stage.id() + "/" + stages + ": " + abbreviate(description));
            job.setJarByClass(StageMapper.class);
            org.hadoopdb.connector.job.JobClasspath.ship(job);
            job.setInputFormatClass(StageInputFormat.class);
            job.setMapperClass(StageMapper.class);
            job.setOutputFormatClass(SequenceFileOutputFormat.class);
            job.setOutputKeyClass(NullWritable.class);
            job.setOutputValueClass(Row.class);
            FileOutputFormat.setOutputPath(job, StageConf.stageOutput(conf, stage.id()));
            if (stage.shuffle() == null) {
                job.setNumReduceTasks(0);
            } else {
                job.setMapOutputKeyClass(SortKey.class);
                job.setMapOutputValueClass(Row.class);
                int reducers = reducers(stage, mode, job.getConfiguration());
                if (stage.shuffle().ranged()) {
                    List<org.hadoopdb.connector.row.SortKey> points = org.hadoopdb.runtime.mr.RangeSampler.splitPoints(stage,
                            job.getConfiguration(), reducers);
                    org.hadoopdb.runtime.mr.RangePartitioner.store(job.getConfiguration(), points);
                    job.setPartitionerClass(org.hadoopdb.runtime.mr.RangePartitioner.class);
                } else {
                    job.setPartitionerClass(SortKeyPartitioner.class);
                }
                job.setSortComparatorClass(SortKey.Comparator.class);
                job.setGroupingComparatorClass(SortKey.GroupComparator.class);
                // sorts the keys by their leading bytes in memory; Hadoop's buffer where it refuses or past memory
                // (a collector the user configured stays: only Hadoop's default is replaced)
                String collector = job.getConfiguration().get(MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR);
                if (collector == null || collector.equals(MapTask.MapOutputBuffer.class.getName())) {
                    job.getConfiguration().set(MRJobConfig.MAP_OUTPUT_COLLECTOR_CLASS_ATTR,
                            org.hadoopdb.runtime.mr.PrefixSortCollector.class.getName() + "," + MapTask.MapOutputBuffer.class.getName());
                }
                job.setReducerClass(StageReducer.class);
                job.setNumReduceTasks(reducers);
            }
            if (cancelled) {
                throw new PlannerException("Query cancelled");
            }
            running.add(job);
            job.submit();
            LOG.info("Stage {}/{} running as {}", stage.id(), stages, job.getJobID());
            try {
                awaitEnd(job, stage, stages, progress);
            } finally {
                running.remove(job);
                JobReport.of(job).ifPresent(r -> r.tell(progress));
            }
            if (cancelled) {
                throw new PlannerException("Query cancelled");
            }
            if (!job.isSuccessful()) {
                throw new PlannerException("Stage " + stage.id() + " (" + job.getJobID() + ") failed: " + JobFailures.describe(job));
            }
            long rows = outputRows(job, stage);
            if (rows >= 0) {
                stageRows.put(stage.id(), rows);
            }
            progress.progress(stage.id(), stages, job.getJobID().toString(), 1f, stage.shuffle() == null ? 0 : 1f);
            progress.stageFinished(stage.id(), stages, job.getJobID().toString());
            if (ExternalFiles.readsFiles(stage)) {
                long bad = ExternalFiles.badRecords(job);
                if (bad > 0) {
                    String text = String.format(java.util.Locale.ROOT, "stage %d skipped %,d line(s) of external table files"
                            + " that cannot be read as rows of the table (the log names the first, with its reason)", stage.id(), bad);
                    LOG.warn("{}", text);
                    progress.warning(text);
                }
            }
        } catch (IOException e) {
            throw new PlannerException("Stage " + stage.id() + " could not run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
            throw new PlannerException("Query interrupted", e);
        } catch (ClassNotFoundException e) {
            throw new PlannerException("Stage " + stage.id() + " could not run: " + e.getMessage(), e);
        }
    }

    /** The rows the job wrote (its reduce or, map-only, its map output records), or -1 when its counters cannot be read. */
    private static long outputRows(Job job, Stage stage) {
        try {
            Counters counters = job.getCounters();
            if (counters == null) {
                return -1;
            }
            return counters.findCounter(stage.shuffle() == null ? TaskCounter.MAP_OUTPUT_RECORDS : TaskCounter.REDUCE_OUTPUT_RECORDS)
                    .getValue();
        } catch (IOException e) {
            LOG.debug("No counters for {}: {}", job.getJobID(), e.getMessage());
            return -1;
        }
    }

    /** The job's reducers, from its execution plan: sized now, from earlier stages' files, when the plan says so. */
    private static int reducers(Stage stage, ExecutionPlan.Job mode, Configuration conf) {
        int n = mode.reducers().count(stage, () -> StageSizes.estimate(conf, stage));
        if (n != stage.shuffle().reducers()) {
            LOG.info("Stage {}: {} reducers instead of the planned {}", stage.id(), n, stage.shuffle().reducers());
        }
        return n;
    }

    /** The schema of the rows the map side emits: the end of every input's map operators (they agree). */
    private static org.hadoopdb.connector.row.RowSchema shuffleSchema(Stage stage) {
        var in = stage.inputs().get(0);
        var schema = in.schema();
        for (var op : in.mapOps()) {
            schema = op.output(schema);
        }
        return schema;
    }

    private Configuration jobConf(Path queryDir) {
        Configuration conf = new Configuration(config.hadoopConf());
        conf.set(StageConf.QUERY_DIR, queryDir.toString());
        config.home().requireReachableByTasks(catalogDir, "hadoopdb.catalog.path");
        conf.set(StageConf.CATALOG_DIR, catalogDir.toString());
        conf.setLong(StageConf.CATALOG_VERSION, catalogVersion);
        if ("local".equals(conf.get("mapreduce.framework.name", "local"))) {
            localDirs(queryDir).applyTo(conf);
            int cores = Runtime.getRuntime().availableProcessors();
            conf.setIfUnset("mapreduce.local.map.tasks.maximum", Integer.toString(Math.max(2, cores)));
            conf.setIfUnset("mapreduce.local.reduce.tasks.maximum", Integer.toString(Math.max(2, cores)));
        }
        return conf;
    }

    private Path scratchRoot() {
        return scratchRoot(config);
    }

    /** Where queries and inserts keep their intermediate files. */
    public static Path scratchRoot(HadoopDbConfig config) {
        return config.home().jobScratch();
    }

    /** The local runner's directories of the query whose scratch directory is {@code queryDir}. */
    private LocalJobDirs localDirs(Path queryDir) {
        return LocalJobDirs.of(config.home(), queryDir.getName());
    }

    /** Deletes the query's scratch directory and its jobs' local directories: the query has ended. */
    private void deleteQuietly(Path dir, Configuration conf) {
        StageSideInputs.release(dir);
        try {
            FileSystem fs = dir.getFileSystem(conf);
            fs.delete(dir, true);
        } catch (IOException e) {
            LOG.warn("Could not delete the query scratch directory {}: {}", dir, e.getMessage());
        }
        localDirs(dir).delete();
    }

    private static String abbreviate(String s) {
        String one = s == null ? "" : s.replaceAll("\\s+", " ").trim();
        return one.length() > 80 ? one.substring(0, 77) + "..." : one;
    }
}
