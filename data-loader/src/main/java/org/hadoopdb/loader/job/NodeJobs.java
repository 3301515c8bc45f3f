package org.hadoopdb.loader.job;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.hadoopdb.connector.job.JobClasspath;

/**
 * Node-task jobs: one map task per node (Local Hasher and COPY, replication), all nodes at once.
 * A task that fails writes why into {@code <output>/_failures/<node>} (outside the committed task
 * output, so it survives the failure) for the driver's error message.
 */
public final class NodeJobs {
    static final String FAILURES = "_failures";

    private NodeJobs() {
    }

    /**
     * @param nodes   node positions to run
     * @param attempt the driver's attempt number (1 = first)
     */
    public static Job create(Configuration base, LoadPlan plan, Class<? extends Mapper<?, ?, ?, ?>> mapper, String what,
                             Collection<Integer> nodes, int attempt, Path output) throws IOException {
        Configuration conf = LoadJobs.jobConf(base, plan);
        conf.set(LoadJobs.NODES, nodes.stream().map(String::valueOf).collect(Collectors.joining(",")));
        conf.setInt(LoadJobs.ATTEMPT, attempt);
        if ("local".equals(conf.get("mapreduce.framework.name", "local"))) {
            conf.setInt("mapreduce.local.map.tasks.maximum", Math.max(1, nodes.size()));
        }
        // A node task works for minutes without reading input records; it reports progress itself.
        conf.setInt("mapreduce.map.maxattempts", 1);
        Job job = Job.getInstance(conf, "hadoopdb load " + plan.table().name() + " " + plan.loadId() + ": " + what
                + (attempt > 1 ? " (attempt " + attempt + ")" : ""));
        job.setJarByClass(NodeJobs.class);
        JobClasspath.ship(job);
        job.setInputFormatClass(NodeInputFormat.class);
        @SuppressWarnings({"unchecked", "rawtypes"})
        Class<? extends Mapper> m = mapper;
        job.setMapperClass(m);
        job.setNumReduceTasks(0);
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(NullWritable.class);
        job.setOutputFormatClass(SideFiles.class);
        FileOutputFormat.setOutputPath(job, output);
        return job;
    }

    /** Called by a failing node task: records why, for the driver. */
    public static void recordFailure(Mapper<?, ?, ?, ?>.Context ctx, String nodeId, Throwable t) {
        try {
            Path out = FileOutputFormat.getOutputPath(ctx);
            Path file = new Path(new Path(out, FAILURES), nodeId + "-" + ctx.getTaskAttemptID());
            FileSystem fs = SideFiles.rawFileSystem(file, ctx.getConfiguration());
            try (OutputStream o = fs.create(file, true)) {
                o.write(String.valueOf(t.getMessage() != null ? t.getMessage() : t.toString()).getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException | RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(NodeJobs.class).warn("Could not record the failure of node {}'s task: {}", nodeId, e.getMessage());
        }
    }

    /** The reports of the node tasks that succeeded. */
    public static List<NodeReport> reports(Path output, Configuration conf) throws IOException {
        Path dir = new Path(output, SideFiles.SUMMARIES);
        FileSystem fs = SideFiles.rawFileSystem(dir, conf);
        List<NodeReport> out = new ArrayList<>();
        if (fs.exists(dir)) {
            for (FileStatus st : fs.listStatus(dir)) {
                try (InputStream in = fs.open(st.getPath())) {
                    out.add(NodeReport.read(in));
                }
            }
        }
        return out;
    }

    /** Why node tasks failed: {@code node: message} lines. */
    public static List<String> failures(Path output, Configuration conf) throws IOException {
        Path dir = new Path(output, FAILURES);
        FileSystem fs = SideFiles.rawFileSystem(dir, conf);
        List<String> out = new ArrayList<>();
        if (fs.exists(dir)) {
            for (FileStatus st : fs.listStatus(dir)) {
                try (InputStream in = fs.open(st.getPath())) {
                    String node = st.getPath().getName().split("-attempt_")[0];
                    out.add(node + ": " + new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        }
        return out;
    }
}
