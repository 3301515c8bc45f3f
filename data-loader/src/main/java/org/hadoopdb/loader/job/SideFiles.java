package org.hadoopdb.loader.job;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The output format of the load's jobs. Their tasks write side files (per-node data, summaries,
 * rejects) into the task attempt's work directory, which the output committer moves into the
 * job's output when the attempt succeeds: a failed or retried attempt leaves nothing behind, so
 * its rows are never counted twice. The key/value output itself is unused.
 */
public final class SideFiles<K, V> extends FileOutputFormat<K, V> {
    /** Directory of task summaries inside a job's output. */
    public static final String SUMMARIES = "_summaries";
    /** Directory of reject records inside a job's output. */
    public static final String REJECTS = "_rejects";

    @Override
    public RecordWriter<K, V> getRecordWriter(TaskAttemptContext context) {
        return new RecordWriter<>() {
            @Override
            public void write(K key, V value) {
                throw new UnsupportedOperationException("load tasks write side files only");
            }

            @Override
            public void close(TaskAttemptContext c) {
            }
        };
    }

    /** Creates {@code relative} under the task attempt's work directory. */
    public static FSDataOutputStream create(TaskInputOutputContext<?, ?, ?, ?> context, String relative) throws IOException {
        Path work;
        try {
            work = getWorkOutputPath(context);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("Interrupted while locating the task's work directory");
        }
        Path file = new Path(work, relative);
        return rawFileSystem(file, context.getConfiguration()).create(file, true);
    }

    /** The file system of {@code path}, without checksum files on the local disk (the data is transient). */
    public static FileSystem rawFileSystem(Path path, org.apache.hadoop.conf.Configuration conf) throws IOException {
        FileSystem fs = path.getFileSystem(conf);
        return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
    }

    /** {@code m-00007}: a task's file name. */
    public static String taskFileName(TaskAttemptContext context) {
        return String.format("m-%05d", context.getTaskAttemptID().getTaskID().getId());
    }
}
