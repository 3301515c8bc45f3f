package org.hadoopdb.runtime;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionService;
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
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.job.JobProgress;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyPartitioner;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.mr.StageConf;
import org.hadoopdb.runtime.mr.StageInputFormat;
import org.hadoopdb.runtime.mr.StageMapper;
import org.hadoopdb.runtime.mr.StageReducer;
import org.hadoopdb.runtime.mr.StageSizes;
import org.hadoopdb.planner.plan.QueryPlan;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.hadoopdb.planner.plan.StageGraph;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a query plan: its stages as Hadoop jobs (the local runner by default, YARN when configured),
 * then streams the result. Intermediate results live under the query's scratch directory and are
 * deleted when the result stream is closed or the query fails. {@link #cancel()} from another
 * thread kills the running job.
 */
public final class QueryExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(QueryExecutor.class);

    private final HadoopDbConfig config;
    private final org.apache.hadoop.fs.Path catalogDir;
    private final long catalogVersion;
    private final java.util.Set<Job> running = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile boolean cancelled;
    private volatile ClientStage client;
    /** PostgreSQL's estimates of stages that read chunk statements only, asked once per query. */
    private final Map<Integer, StageSizes.Estimate> estimates = new java.util.concurrent.ConcurrentHashMap<>();
    /** The stage whose reducers PostgreSQL's estimate may raise as well as lower ({@link ReducerRaise}), or -1. */
    private volatile int raisableStage = -1;

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
     * Runs the plan and streams its result. The last stage runs in the client instead of as a job when
     * {@link ClientStageRule} says so; EXPLAIN shows that decision through {@link #explainRun}.
     */
    public ResultStream run(QueryPlan plan, String description, ProgressListener progress) {
        ChunkSource direct = directCandidate(plan);
        if (direct != null) {
            LOG.info("Reading the result directly from the chunks");
            return DirectResult.open(config, catalogDir, catalogVersion, direct, plan.schema());
        }
        Path queryDir = new Path(scratchRoot(), "queries/" + UUID.randomUUID());
        Configuration base = jobConf(queryDir);
        QueryPlan planned = plan;
        plan = TopMergeFolding.fold(plan, stage -> reducers(stage, base));
        if (plan != planned) {
            LOG.info("Stage {} needs one reducer only: its top rows are the result, the merge stage is not run",
                    plan.stages().get(plan.stages().size() - 1).id());
        }
        raisableStage = ReducerRaise.raisableStage(plan);
        ClientStageRule.Decision inClient = clientStageDecision(plan, base);
        if (inClient.inClient()) {
            LOG.info(inClient.why());
        } else if (inClient.stage() != null) {
            LOG.debug(inClient.why());
        }
        try {
            if (inClient.inClient()) {
                List<Stage> jobs = plan.stages().stream().filter(s -> s != inClient.stage()).toList();
                runStages(jobs, base, description, progress);
                ResultStream rows = runInClient(inClient.stage(), plan.stages().size(), base, queryDir, progress);
                if (rows != null) {
                    return new RenamedResult(rows, plan.schema());
                }
                runStage(inClient.stage(), plan.stages().size(), base, description, progress);
            } else {
                runStages(plan.stages(), base, description, progress);
            }
        } catch (RuntimeException e) {
            deleteQuietly(queryDir, base);
            throw e;
        }
        if (plan.result() instanceof QueryPlan.Direct d) {
            deleteQuietly(queryDir, base);
            return DirectResult.open(config, catalogDir, catalogVersion, d.source(), plan.schema());
        }
        int last = ((QueryPlan.FromStage) plan.result()).stage();
        Stage lastStage = plan.stages().stream().filter(s -> s.id() == last).findFirst().orElseThrow();
        return new RenamedResult(new StageFileResult(StageConf.stageOutput(queryDir, last), lastStage.output(),
                base, () -> deleteQuietly(queryDir, base)), plan.schema());
    }

    /**
     * How the plan would run now, from PostgreSQL's current estimates, without running it: for EXPLAIN's
     * RUN TIME section. Empty when the plan runs no job.
     */
    public List<String> explainRun(QueryPlan plan) {
        List<String> lines = new ArrayList<>();
        if (plan.stages().isEmpty()) {
            return lines;
        }
        if (directCandidate(plan) != null) {
            lines.add("Stage " + plan.stages().get(0).id() + " does not run: its result is read directly from the chunks "
                    + "(PostgreSQL estimates at most " + ConfigKeys.FETCH_DIRECT_MAX_ROWS.name() + " rows)");
            return lines;
        }
        Configuration conf = jobConf(new Path(scratchRoot(), "estimates"));
        QueryPlan folded = TopMergeFolding.fold(plan, stage -> reducers(stage, conf));
        if (folded != plan) {
            Stage merge = plan.stages().get(plan.stages().size() - 1);
            Stage below = folded.stages().get(folded.stages().size() - 1);
            lines.add("Stage " + merge.id() + " does not run: stage " + below.id() + " needs one reducer, whose top rows "
                    + "are the result");
        }
        raisableStage = ReducerRaise.raisableStage(folded);
        ClientStageRule.Decision inClient = clientStageDecision(folded, conf);
        lines.add(inClient.why());
        for (Stage s : folded.stages()) {
            if (s.id() == raisableStage && !inClient.inClient()) {
                int n = reducers(s, conf);
                StageSizes.Estimate e = estimate(s, conf);
                String rows = String.format(java.util.Locale.ROOT, "%,d", (long) e.rows());
                if (n > s.shuffle().reducers()) {
                    lines.add("Stage " + s.id() + " runs with " + n + " reducers, not the planned " + s.shuffle().reducers()
                            + ": PostgreSQL estimates " + rows + " rows enter it");
                } else if (e.rowsUpperBound()) {
                    lines.add("Stage " + s.id() + " keeps " + n + " reducer" + (n == 1 ? "" : "s") + ": PostgreSQL's " + rows
                            + " rows count the groups of a GROUP BY on an expression, an upper bound, so they do not raise it");
                }
            }
        }
        return lines;
    }

    /**
     * Whether the result's stage runs in the client. Its reducers and PostgreSQL's estimate are asked
     * only of a stage that reads chunk statements alone, so earlier stages need not have run.
     */
    private ClientStageRule.Decision clientStageDecision(QueryPlan plan, Configuration conf) {
        return ClientStageRule.decide(plan, config.get(ConfigKeys.CLIENT_STAGE_MAX_ROWS), stage -> reducers(stage, conf),
                stage -> estimate(stage, conf).rows());
    }

    /** The stage in the client; null when it gave up (too many rows) and must run as a job. */
    private ResultStream runInClient(Stage stage, int stages, Configuration base, Path queryDir, ProgressListener progress) {
        if (cancelled) {
            throw new PlannerException("Query cancelled");
        }
        ClientStage c = new ClientStage(config, catalogDir, catalogVersion, stage, base);
        client = c;
        try {
            progress.progress(stage.id(), stages, ProgressListener.CLIENT_STAGE, 0f, 0f);
            ResultStream rows = c.run(() -> deleteQuietly(queryDir, base));
            if (rows != null) {
                progress.progress(stage.id(), stages, ProgressListener.CLIENT_STAGE, 1f, 1f);
            }
            return rows;
        } finally {
            client = null;
        }
    }

    /**
     * A plan that is one map-only stage running nothing but its chunk statement, whose result PostgreSQL
     * estimates to be small: read it straight from the chunks instead of running a job. The plan's own
     * estimate, which chose the job, comes from the logical plan and is often far too high.
     */
    private ChunkSource directCandidate(QueryPlan plan) {
        if (!config.get(ConfigKeys.FETCH_DIRECT) || plan.stages().size() != 1 || !(plan.result() instanceof QueryPlan.FromStage)) {
            return null;
        }
        Stage stage = plan.stages().get(0);
        if (stage.shuffle() != null || stage.inputs().size() != 1 || !(stage.inputs().get(0) instanceof StageInput.Chunks c)
                || !c.mapOps().isEmpty()) {
            return null;
        }
        Configuration conf = jobConf(new Path(scratchRoot(), "estimates"));
        StageSizes.Estimate e = estimate(stage, conf);
        if (e.bytes() < 0 || e.rows() < 0 || e.rows() > config.get(ConfigKeys.FETCH_DIRECT_MAX_ROWS)) {
            return null;
        }
        LOG.debug("PostgreSQL estimates {} rows in the map-only result: small enough to read directly", (long) e.rows());
        return c.source();
    }

    /** Kills the running jobs and stops the client's chunk reads, if any; {@link #run} then fails with "cancelled". */
    public void cancel() {
        cancelled = true;
        ClientStage c = client;
        if (c != null) {
            c.cancel();
        }
        for (Job job : List.copyOf(running)) {
            try {
                job.killJob();
            } catch (IOException e) {
                LOG.warn("Could not kill job {}: {}", job.getJobID(), e.getMessage());
            } catch (IllegalStateException notSubmitted) {
                // the job failed to submit, or is being submitted: the cancelled flag stops it from running
                LOG.debug("Job {} was not running: {}", job.getJobName(), notSubmitted.getMessage());
            }
        }
    }

    /**
     * Runs the stages in dependency order, independent ones at the same time (up to
     * {@code hadoopdb.stages.parallel}). The first failure cancels the others and is reported.
     */
    private void runStages(List<Stage> stages, Configuration base, String description, ProgressListener progress) {
        if (stages.isEmpty()) {
            return;
        }
        Map<Integer, Set<Integer>> deps = StageGraph.dependencies(stages);
        StageGraph.order(stages); // fails fast on a cycle
        Map<Integer, Stage> byId = new HashMap<>();
        stages.forEach(s -> byId.put(s.id(), s));
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
                for (Stage s : stages) {
                    if (!started.contains(s.id()) && finished.containsAll(deps.get(s.id()))) {
                        started.add(s.id());
                        done.submit(() -> {
                            runStage(s, stages.size(), base, description, progress);
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
                pool.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void runStage(Stage stage, int stages, Configuration base, String description, ProgressListener progress) {
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
                if (stage.shuffle().ranged()) {
                    List<org.hadoopdb.connector.row.SortKey> points = org.hadoopdb.runtime.mr.RangeSampler.splitPoints(stage,
                            job.getConfiguration(), stage.shuffle().reducers());
                    org.hadoopdb.runtime.mr.RangePartitioner.store(job.getConfiguration(), points);
                    job.setPartitionerClass(org.hadoopdb.runtime.mr.RangePartitioner.class);
                } else {
                    job.setPartitionerClass(SortKeyPartitioner.class);
                }
                job.setSortComparatorClass(SortKey.Comparator.class);
                job.setGroupingComparatorClass(SortKey.GroupComparator.class);
                job.setReducerClass(StageReducer.class);
                job.setNumReduceTasks(reducers(stage, job.getConfiguration()));
            }
            if (cancelled) {
                throw new PlannerException("Query cancelled");
            }
            running.add(job);
            job.submit();
            LOG.info("Stage {}/{} running as {}", stage.id(), stages, job.getJobID());
            JobProgress mapProgress = new JobProgress(job);
            while (!job.isComplete()) {
                progress.progress(stage.id(), stages, job.getJobID().toString(), mapProgress.map(),
                        stage.shuffle() == null ? 0 : job.reduceProgress());
                Thread.sleep(200);
            }
            running.remove(job);
            if (cancelled) {
                throw new PlannerException("Query cancelled");
            }
            if (!job.isSuccessful()) {
                throw new PlannerException("Stage " + stage.id() + " (" + job.getJobID() + ") failed: " + JobFailures.describe(job));
            }
            progress.progress(stage.id(), stages, job.getJobID().toString(), 1f, stage.shuffle() == null ? 0 : 1f);
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

    /**
     * The planned reducer count, lowered when the bytes actually entering the stage (PostgreSQL's
     * estimate of its chunk statements, the sizes of earlier stages' files) need fewer: the logical
     * plan's estimates of joins and aggregates are often far too high, and each idle reducer costs a
     * task. Raised only for the {@link ReducerRaise} stage, on an estimate that is not a bound from above;
     * a ranged shuffle keeps its sampled split points; SET hadoopdb.reducers wins.
     */
    private int reducers(Stage stage, Configuration conf) {
        int planned = stage.shuffle().reducers();
        boolean raisable = stage.id() == raisableStage;
        if (planned <= 1 && !raisable || stage.shuffle().ranged() || config.get(ConfigKeys.REDUCERS) > 0) {
            return planned;
        }
        StageSizes.Estimate e = estimate(stage, conf);
        long bytes = e.bytes();
        if (bytes < 0) {
            return planned;
        }
        long perReducer = Math.max(1, config.get(ConfigKeys.REDUCERS_BYTES_PER_REDUCER));
        // a count of groups on an expression is only a bound from above: raising on it would add idle reducers
        if (raisable && !e.rowsUpperBound()) {
            boolean local = "local".equals(conf.get("mapreduce.framework.name", "local"));
            int n = ReducerRaise.sized(bytes, e.rows(), perReducer, Math.max(1, config.get(ConfigKeys.REDUCERS_MAX)),
                    local ? conf.getInt("mapreduce.local.reduce.tasks.maximum", 1) : 1, config.get(ConfigKeys.CLIENT_STAGE_MAX_ROWS));
            if (n > planned) {
                LOG.info("Stage {}: {} reducers instead of the planned {} (PostgreSQL estimates {} rows enter it)", stage.id(), n,
                        planned, (long) e.rows());
            } else if (n < planned) {
                LOG.info("Stage {}: {} reducers instead of the planned {} (about {} bytes enter it)", stage.id(), n, planned, bytes);
            }
            return n;
        }
        int needed = (int) Math.max(1, Math.min(planned, (bytes + perReducer - 1) / perReducer));
        if (needed < planned) {
            LOG.info("Stage {}: {} reducers instead of the planned {} (about {} bytes enter it)", stage.id(), needed, planned, bytes);
        }
        return needed;
    }

    /**
     * What enters the stage. PostgreSQL's estimate of chunk statements is asked once per stage and query
     * (it costs a connection and an {@code EXPLAIN}); earlier stages' files are measured each time.
     */
    private StageSizes.Estimate estimate(Stage stage, Configuration conf) {
        if (!stage.inputs().stream().allMatch(StageInput.Chunks.class::isInstance)) {
            return StageSizes.estimate(conf, stage);
        }
        return estimates.computeIfAbsent(stage.id(), id -> StageSizes.estimate(conf, stage));
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
            String local = config.home().scratchDir().toString();
            conf.setIfUnset("hadoop.tmp.dir", local + "/hadoop-tmp");
            conf.setIfUnset("mapreduce.cluster.local.dir", local + "/mapred-local");
            conf.setIfUnset("mapreduce.jobtracker.staging.root.dir", local + "/staging");
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

    private static void deleteQuietly(Path dir, Configuration conf) {
        try {
            FileSystem fs = dir.getFileSystem(conf);
            fs.delete(dir, true);
        } catch (IOException e) {
            LOG.warn("Could not delete the query scratch directory {}: {}", dir, e.getMessage());
        }
    }

    private static String abbreviate(String s) {
        String one = s == null ? "" : s.replaceAll("\\s+", " ").trim();
        return one.length() > 80 ? one.substring(0, 77) + "..." : one;
    }
}
