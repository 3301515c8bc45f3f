package org.hadoopdb.loader.job;

import java.io.IOException;
import java.util.function.Consumer;
import org.apache.hadoop.mapreduce.Job;
import org.hadoopdb.connector.job.JobProgress;
import org.hadoopdb.loader.LoaderException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one job of a load: submits it, reports its progress every half second while it runs, and
 * kills it when the calling thread is interrupted (a cancelled load).
 */
public final class JobRunner {
    private static final Logger LOG = LoggerFactory.getLogger(JobRunner.class);
    private static final long POLL_MS = 500;

    private JobRunner() {
    }

    /**
     * @param progress called with the running job (on this thread) while it runs and once at the end
     * @return whether the job succeeded
     * @throws InterruptedException when interrupted; the job has been killed
     */
    public static boolean run(Job job, Consumer<Job> progress) throws InterruptedException {
        try {
            job.submit();
            LOG.info("Submitted {} as {}", job.getJobName(), job.getJobID());
            while (!job.isComplete()) {
                Thread.sleep(POLL_MS);
                progress.accept(job);
            }
            progress.accept(job);
            boolean ok = job.isSuccessful();
            if (!ok) {
                LOG.warn("Job {} ({}) failed: {}", job.getJobName(), job.getJobID(), job.getStatus().getFailureInfo());
            }
            return ok;
        } catch (InterruptedException e) {
            kill(job);
            throw e;
        } catch (IOException | ClassNotFoundException e) {
            throw new LoaderException("Cannot run " + job.getJobName() + ": " + e.getMessage(), e);
        }
    }

    private static void kill(Job job) {
        try {
            if (!job.isComplete()) {
                job.killJob();
                LOG.info("Killed {} ({})", job.getJobName(), job.getJobID());
            }
        } catch (IOException | IllegalStateException e) {
            LOG.warn("Could not kill {}: {}", job.getJobName(), e.getMessage());
        }
    }

    /** A counter's current value, or 0 when the framework cannot tell yet. */
    public static long counter(Job job, LoadCounters c) {
        try {
            org.apache.hadoop.mapreduce.Counters counters = job.getCounters();
            return counters == null ? 0 : counters.findCounter(c).getValue();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The job's map progress, 0 to 1 (0 when the framework cannot tell yet). */
    public static float mapProgress(JobProgress progress) {
        try {
            return progress.map();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Why the job failed, as the framework says. */
    public static String failureInfo(Job job) {
        try {
            String info = job.getStatus().getFailureInfo();
            return info == null || info.isBlank() ? "no details from the framework" : info;
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return "no details from the framework (" + e.getMessage() + ")";
        }
    }
}
