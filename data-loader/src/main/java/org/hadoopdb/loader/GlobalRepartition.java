package org.hadoopdb.loader;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.job.JobProgress;
import org.hadoopdb.loader.global.GlobalHasherJob;
import org.hadoopdb.loader.global.GlobalResults;
import org.hadoopdb.loader.job.JobRunner;
import org.hadoopdb.loader.job.LoadCounters;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.text.TextFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Phase 1 of a load: the Global Hasher job, run again when it fails (up to
 * {@code hadoopdb.load.task-attempts}), then its results read, the rejected records written to the
 * reject file and checked against the reject limit.
 */
final class GlobalRepartition {
    private static final Logger LOG = LoggerFactory.getLogger(GlobalRepartition.class);

    /**
     * What the global repartition produced.
     *
     * @param results    rows, bytes, rejects and column statistics per partition
     * @param rejectFile the reject file, or null when no record was rejected
     * @param elapsed    the time the job took, its results read (the reject file excluded)
     */
    record Outcome(GlobalResults results, String rejectFile, Duration elapsed) {
    }

    private final HadoopDbConfig config;
    private final LoadSpec spec;
    private final LoadPlan plan;
    private final LoadWorkspace workspace;
    private final ProgressReporter progress;

    GlobalRepartition(HadoopDbConfig config, LoadSpec spec, LoadPlan plan, LoadWorkspace workspace, ProgressReporter progress) {
        this.config = config;
        this.spec = spec;
        this.plan = plan;
        this.workspace = workspace;
        this.progress = progress;
    }

    /**
     * @throws LoaderException when the job fails every attempt, or the rejected records exceed {@code limit}
     */
    Outcome run(LoadInputs inputs, TextFormat format, RejectLimit limit) throws IOException, InterruptedException {
        long t = System.nanoTime();
        progress.startPhase();
        String table = plan.table().name();
        Configuration jobBase = workspace.jobBase();
        Path out = new Path(workspace.workDir(), "global");
        int attempts = Math.max(1, config.get(ConfigKeys.LOAD_TASK_ATTEMPTS));
        Job job = null;
        boolean ok = false;
        for (int attempt = 1; attempt <= attempts && !ok; attempt++) {
            out.getFileSystem(jobBase).delete(out, true);
            job = GlobalHasherJob.create(jobConf(inputs), plan, inputs.paths(), spec.rowSchema(), format, out);
            Job running = job;
            JobProgress mapProgress = new JobProgress(running);
            ok = JobRunner.run(job, j -> progress.report(LoadPhase.GLOBAL_REPARTITION, 100.0 * JobRunner.mapProgress(mapProgress),
                    JobRunner.counter(running, LoadCounters.RECORDS_READ)));
            if (!ok && attempt < attempts) {
                LOG.warn("The global repartition of {} failed ({}); running it again", table, JobRunner.failureInfo(job));
            }
        }
        if (!ok) {
            throw new LoaderException("The global repartition job of the load of table '" + table + "' failed: "
                    + JobRunner.failureInfo(job));
        }
        int partitions = plan.isReplicated() ? 1 : plan.chunkCount();
        GlobalResults results = GlobalResults.read(out, jobBase, partitions, plan.columns());
        Duration elapsed = Duration.ofNanos(System.nanoTime() - t);
        return new Outcome(results, writeRejects(results, out, limit), elapsed);
    }

    /** One attempt's job configuration. */
    private Configuration jobConf(LoadInputs inputs) {
        Configuration conf = new Configuration(workspace.jobBase());
        if (workspace.localFramework()) {
            int slots = Runtime.getRuntime().availableProcessors();
            conf.setIfUnset("mapreduce.local.map.tasks.maximum", Integer.toString(slots));
            // A few splits per task slot: fewer, larger tasks cost less start-up and commit, yet the last
            // wave still balances. (On a cluster the block size decides, as usual.)
            long split = Math.max(32L << 20, Math.min(256L << 20, inputs.bytes() / (4L * slots)));
            conf.setIfUnset(FileInputFormat.SPLIT_MINSIZE, Long.toString(split));
        }
        return conf;
    }

    /**
     * Writes the rejected records, if any, to the load's reject file.
     *
     * @return the reject file, or null when nothing was rejected
     * @throws LoaderException when the rejects exceed the limit
     */
    private String writeRejects(GlobalResults results, Path out, RejectLimit limit) throws IOException {
        if (results.rejected() == 0) {
            return null;
        }
        String table = plan.table().name();
        long records = results.totalRows() + results.rejected();
        Path target = new Path(rejectRoot(), table + "-" + plan.loadId() + ".rejects");
        List<String> first = results.writeRejects(out, workspace.jobBase(), target);
        String rejectFile = target.toString();
        LOG.info("Load {} of {}: {} of {} records rejected, listed in {}", plan.loadId(), table, results.rejected(), records, rejectFile);
        if (limit.exceededBy(results.rejected(), records)) {
            throw new LoaderException(String.format(Locale.ROOT, "The load of table '%s' rejected %,d of %,d records, "
                    + "more than the limit of %s (hadoopdb.load.max-rejects, or --max-rejects); nothing was published. "
                    + "The rejected records are listed in %s, e.g. %s", table, results.rejected(), records, limit,
                    rejectFile, String.join("; ", first)));
        }
        return rejectFile;
    }

    private Path rejectRoot() {
        if (spec.rejectDir() != null) {
            return new Path(spec.rejectDir());
        }
        return config.getIfSet(ConfigKeys.LOAD_REJECT_DIR).map(Path::new)
                .orElse(new Path(config.home().root().resolve("rejects").toUri()));
    }
}
