package org.hadoopdb.benchmarks.paper;

import org.apache.hadoop.fs.Path;
import org.hadoopdb.benchmarks.report.Systems;

/** The paper's Hadoop baseline for the small aggregation (with a combiner) over UserVisits as text on HDFS. */
final class HdfsTextAggregation implements BenchSystem {
    private final BenchContext ctx;
    private final Path visits;

    HdfsTextAggregation(BenchContext ctx, Path visits) {
        this.ctx = ctx;
        this.visits = visits;
    }

    @Override
    public String name() {
        return Systems.HADOOP;
    }

    @Override
    public String cannotRun(PaperTask task) {
        return task == PaperTask.AGGREGATION_SMALL ? null : "only the small aggregation reads the HDFS copy";
    }

    @Override
    public Answer run(PaperTask task) throws Exception {
        if (cannotRun(task) != null) {
            throw new IllegalArgumentException(task + ": " + cannotRun(task));
        }
        Path out = ctx.output(name(), task);
        BenchContext.run(TextBaselineJobs.aggregation(ctx.conf(), visits, true, out));
        return ctx.readOutput(task, out, BenchContext.jobOutputOrder(task));
    }
}
