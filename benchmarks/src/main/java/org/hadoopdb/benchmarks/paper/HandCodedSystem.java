package org.hadoopdb.benchmarks.paper;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.hadoopdb.benchmarks.mr.HandCodedJobs;
import org.hadoopdb.benchmarks.report.Systems;

/** The hand-written MapReduce jobs over the chunks ({@link HandCodedJobs}), the paper's "HadoopDB" bars. */
final class HandCodedSystem implements BenchSystem {
    private final BenchContext ctx;

    HandCodedSystem(BenchContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public String name() {
        return Systems.HAND;
    }

    @Override
    public Answer run(PaperTask task) throws Exception {
        Path out = ctx.output(name(), task);
        var conf = ctx.conf();
        var catalog = ctx.catalogDir();
        Job job = switch (task) {
            case GREP -> HandCodedJobs.grep(conf, catalog, PaperTask.GREP_PATTERN, out);
            case SELECTION -> HandCodedJobs.selection(conf, catalog, ctx.selectionThreshold(), out);
            case AGGREGATION_SMALL -> HandCodedJobs.aggregation(conf, catalog, true, out);
            case AGGREGATION_LARGE -> HandCodedJobs.aggregation(conf, catalog, false, out);
            case JOIN -> HandCodedJobs.join(conf, catalog, PaperTask.JOIN_FROM, PaperTask.JOIN_TO, out);
            case UDF -> HandCodedJobs.inlinks(conf, catalog, out);
        };
        BenchContext.run(job);
        return ctx.readOutput(task, out, BenchContext.jobOutputOrder(task));
    }
}
