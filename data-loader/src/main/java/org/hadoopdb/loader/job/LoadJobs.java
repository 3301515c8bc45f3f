package org.hadoopdb.loader.job;

import org.apache.hadoop.conf.Configuration;

/** Settings every job of a load shares. */
public final class LoadJobs {
    /** Job key: the driver's attempt number of a node task (1 = first), for task observers and logs. */
    public static final String ATTEMPT = "hadoopdb.job.load.attempt";
    /** Job key: comma-separated node positions a node-task job runs (all when unset). */
    public static final String NODES = "hadoopdb.job.load.nodes";

    private LoadJobs() {
    }

    /** The attempt number of a node task: the driver's resubmission count plus the framework's own retries. */
    public static int attempt(Configuration conf, int frameworkAttemptId) {
        return conf.getInt(ATTEMPT, 1) + frameworkAttemptId;
    }

    /** A job configuration carrying the plan. */
    public static Configuration jobConf(Configuration base, LoadPlan plan) {
        Configuration conf = new Configuration(base);
        plan.store(conf);
        // Tasks write to the node databases: a speculative duplicate would load a chunk twice at once.
        conf.setBoolean("mapreduce.map.speculative", false);
        conf.setBoolean("mapreduce.reduce.speculative", false);
        // Committed task output goes straight to the job output, so the summaries of the tasks that
        // succeeded survive a failed job and only the failed nodes are run again.
        conf.setInt("mapreduce.fileoutputcommitter.algorithm.version", 2);
        conf.setBoolean("mapreduce.fileoutputcommitter.marksuccessfuljobs", false);
        // The loader parses its own options; this silences Hadoop's advice to use ToolRunner.
        conf.setBoolean("mapreduce.client.genericoptionsparser.used", true);
        return conf;
    }
}
