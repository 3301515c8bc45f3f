package org.hadoopdb.connector.job;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Job;

/**
 * A running job's map progress as a user should see it.
 *
 * <p>Hadoop's local runner sets a job's map progress to 100% whenever any one of its map tasks finishes,
 * then back to the tasks' average at the next status report, so a shell showed {@code map = 100%} and
 * then {@code map = 25%}. Under the local runner a reported 100% is believed only once the maps are really
 * done (the reduce side has started, or the job is complete); before that the last average stands.
 * Other frameworks' figures pass through.
 *
 * <pre>{@code
 * JobProgress progress = new JobProgress(job);
 * while (!job.isComplete()) {
 *     show(progress.map(), job.reduceProgress());
 * }
 * }</pre>
 */
public final class JobProgress {
    private final Job job;
    private final boolean localRunner;
    private float shown;

    public JobProgress(Job job) {
        this.job = job;
        this.localRunner = "local".equals(job.getConfiguration().get("mapreduce.framework.name", "local"));
    }

    /** Map progress, 0 to 1, never the local runner's early 100%. */
    public float map() throws IOException {
        float reported = job.mapProgress();
        // only the local runner's 100% needs checking (short-circuits spare the other calls)
        boolean mapsDone = !localRunner || reported < 1f || job.reduceProgress() > 0f || job.isComplete();
        shown = visible(reported, shown, mapsDone);
        return shown;
    }

    /**
     * The figure to show: the reported one, except a local runner's 100% while its maps are not all done
     * ({@code mapsDone} false), which keeps the last figure shown.
     */
    static float visible(float reported, float lastShown, boolean mapsDone) {
        return reported >= 1f && !mapsDone ? lastShown : reported;
    }
}
