package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Why a stage's task failed, kept as a small file in the query's scratch directory: Hadoop's local
 * runner reports no task diagnostics (only "NA"), and the user must see the real cause.
 */
public final class TaskFailures {
    private static final Logger LOG = LoggerFactory.getLogger(TaskFailures.class);

    private TaskFailures() {
    }

    /** Records {@code failure} for the running task attempt; never throws (the failure itself matters). */
    public static void record(TaskAttemptContext ctx, Throwable failure) {
        Configuration conf = ctx.getConfiguration();
        String queryDir = conf.get(StageConf.QUERY_DIR);
        if (queryDir == null) {
            return;
        }
        Path file = new Path(new Path(queryDir, "failures"), ctx.getTaskAttemptID().toString());
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root && root.getMessage() == null) {
            root = root.getCause();
        }
        String text = root.getMessage() != null ? root.getMessage() : root.toString();
        try (OutputStream out = file.getFileSystem(conf).create(file, true)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not record the failure of task {} ({}): {}", ctx.getTaskAttemptID(), text, e.getMessage());
        }
    }

    /** The first recorded failure of the query's tasks, or null. */
    public static String first(Configuration conf) {
        String queryDir = conf.get(StageConf.QUERY_DIR);
        if (queryDir == null) {
            return null;
        }
        Path dir = new Path(queryDir, "failures");
        try {
            FileSystem fs = dir.getFileSystem(conf);
            if (!fs.exists(dir)) {
                return null;
            }
            for (FileStatus f : fs.listStatus(dir)) {
                try (var in = fs.open(f.getPath())) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        } catch (IOException e) {
            LOG.debug("Could not read the task failures in {}: {}", dir, e.getMessage());
        }
        return null;
    }
}
