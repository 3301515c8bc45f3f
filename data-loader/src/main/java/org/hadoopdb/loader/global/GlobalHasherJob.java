package org.hadoopdb.loader.global;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopdb.connector.job.JobClasspath;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.loader.job.LoadJobs;
import org.hadoopdb.loader.job.LoadPlan;
import org.hadoopdb.loader.job.SideFiles;
import org.hadoopdb.loader.text.TextFormat;

/**
 * Sets up the Global Hasher: a map-only job over the input files (text through
 * {@link TextPartitionMapper}, or sequence files of {@link Row}s through {@link RowPartitionMapper})
 * that writes, per node, the rows that hash to it as {@code COPY} text under
 * {@code <output>/node-<n>/}. No sort, no shuffle: the paper's point is that repartitioning for a
 * load need not pay for one.
 */
public final class GlobalHasherJob {
    private GlobalHasherJob() {
    }

    /**
     * @param base      the configuration to start from (framework, file systems)
     * @param plan      the load
     * @param inputs    input paths: files, directories (read recursively) or globs
     * @param rowSchema the schema of typed-row input, or null for text
     * @param format    the text format (for text input)
     * @param output    the job's output directory
     */
    public static Job create(Configuration base, LoadPlan plan, List<Path> inputs, RowSchema rowSchema, TextFormat format,
                             Path output) throws IOException {
        Configuration conf = LoadJobs.jobConf(base, plan);
        for (Map.Entry<String, String> e : format.toProperties().entrySet()) {
            // URL-encoded: a job configuration is XML 1.0, which cannot hold Hive's default delimiter (Ctrl-A)
            conf.set(PartitionMapper.FORMAT_PREFIX + e.getKey(), java.net.URLEncoder.encode(e.getValue(), java.nio.charset.StandardCharsets.UTF_8));
        }
        conf.setBoolean(FileInputFormat.INPUT_DIR_RECURSIVE, true);
        Job job = Job.getInstance(conf, "hadoopdb load " + plan.table().name() + " " + plan.loadId() + ": global repartition");
        job.setJarByClass(GlobalHasherJob.class);
        JobClasspath.ship(job);
        if (rowSchema == null) {
            job.setInputFormatClass(LineBlockInputFormat.class);
            job.setMapperClass(TextPartitionMapper.class);
        } else {
            rowSchema.store(job.getConfiguration(), Row.SCHEMA_KEY);
            job.setInputFormatClass(SequenceFileInputFormat.class);
            job.setMapperClass(RowPartitionMapper.class);
        }
        FileInputFormat.setInputPaths(job, inputs.toArray(new Path[0]));
        job.setNumReduceTasks(0);
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(NullWritable.class);
        job.setOutputFormatClass(SideFiles.class);
        FileOutputFormat.setOutputPath(job, output);
        return job;
    }
}
