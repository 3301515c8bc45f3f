package org.hadoopdb.benchmarks.paper;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.hadoopdb.cli.quickstart.PaperData;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;

/**
 * What every system of one benchmark run shares: the running HadoopDB, a session, the generated data
 * and a scratch directory for MapReduce output.
 */
record BenchContext(HadoopDbEngine engine, Session session, PaperData data, Path scratch) {

    Configuration conf() {
        return engine.config().hadoopConf();
    }

    Path catalogDir() {
        return engine.catalogStore().directory();
    }

    long selectionThreshold() {
        return data.selectionThreshold();
    }

    /** A fresh output directory for one run of a job. */
    Path output(String system, PaperTask task) {
        return new Path(scratch, system.replaceAll("\\W+", "-") + "-" + task.name() + "-" + System.nanoTime());
    }

    static void run(Job job) throws Exception {
        if (!job.waitForCompletion(false)) {
            throw new IllegalStateException(job.getJobName() + " failed: " + job.getStatus().getFailureInfo());
        }
    }

    /** Reads a job's tab-separated text output into an answer, fields taken in {@code order}; deletes the output. */
    Answer readOutput(PaperTask task, Path dir, int... order) throws java.io.IOException {
        FileSystem fs = dir.getFileSystem(conf());
        Answer answer = new Answer(task);
        for (FileStatus f : fs.listStatus(dir, p -> p.getName().startsWith("part-"))) {
            try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(fs.open(f.getPath()),
                    java.nio.charset.StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    answer.addLine(line, order);
                }
            }
        }
        fs.delete(dir, true);
        return answer;
    }

    /** The column order of a task's job output: the Join jobs write (ip, revenue, rank), the others the task's order. */
    static int[] jobOutputOrder(PaperTask task) {
        return switch (task) {
            case GREP -> new int[] {0};
            case JOIN -> new int[] {0, 2, 1};
            default -> new int[] {0, 1};
        };
    }
}
