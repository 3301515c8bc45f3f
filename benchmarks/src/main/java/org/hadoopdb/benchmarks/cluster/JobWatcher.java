package org.hadoopdb.benchmarks.cluster;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the MapReduce jobs of a YARN cluster and runs an action once, when a job started after the
 * watcher has finished a given fraction of its map phase: how the fault benchmark kills a node "at
 * 50% of the map tasks" whichever system submitted the job.
 */
public final class JobWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JobWatcher.class);

    private final Cluster cluster;
    private final Set<String> before = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean fired = new AtomicBoolean();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile String firedOn;

    private JobWatcher(Configuration conf, double mapFraction, Runnable action) throws IOException {
        this.cluster = new Cluster(conf);
        try {
            for (JobStatus s : cluster.getAllJobStatuses()) {
                before.add(s.getJobID().toString());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        this.thread = new Thread(() -> watch(mapFraction, action), "job-watcher");
        this.thread.setDaemon(true);
    }

    /** Starts watching; {@code action} runs on the watcher's thread once a new job's map progress reaches {@code mapFraction}. */
    public static JobWatcher start(Configuration conf, double mapFraction, Runnable action) throws IOException {
        JobWatcher w = new JobWatcher(conf, mapFraction, action);
        w.thread.start();
        return w;
    }

    private void watch(double mapFraction, Runnable action) {
        Job job = null;
        while (running && !fired.get()) {
            try {
                if (job == null) {
                    job = newRunningJob();
                } else if (job.isComplete()) {
                    return; // finished before reaching the fraction
                } else {
                    // the ResourceManager's job list carries no map progress: ask the job's ApplicationMaster
                    float progress = job.mapProgress();
                    if (progress >= mapFraction && fired.compareAndSet(false, true)) {
                        firedOn = job.getJobID() + " at " + Math.round(100 * progress) + "% of its map phase";
                        action.run();
                        return;
                    }
                }
                Thread.sleep(job == null ? 200 : 50);
            } catch (InterruptedException e) {
                return;
            } catch (IOException | IllegalStateException e) {
                LOG.debug("Cannot read the job's status: {}", e.getMessage());
            }
        }
    }

    /** The first job that was not there when watching started and is running now, or null. */
    private Job newRunningJob() throws IOException, InterruptedException {
        for (JobStatus s : cluster.getAllJobStatuses()) {
            if (!before.contains(s.getJobID().toString()) && s.getState() == JobStatus.State.RUNNING) {
                return cluster.getJob(s.getJobID());
            }
        }
        return null;
    }

    /** Where the action ran ("job_… at 52% of its map phase"), or null if it did not. */
    public String firedOn() {
        return firedOn;
    }

    @Override
    public void close() throws IOException {
        running = false;
        if (!fired.get()) {
            thread.interrupt(); // an action under way (stopping a node) is let finish
        }
        try {
            thread.join(120_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        cluster.close();
    }
}
