package org.hadoopdb.benchmarks.paper;

import org.apache.hadoop.fs.Path;
import org.hadoopdb.benchmarks.report.Systems;
import org.hadoopdb.datagen.PavloTable;

/** Hand-written MapReduce jobs over the same data as delimited text files: the paper's Hadoop baseline. */
final class HadoopTextSystem implements BenchSystem {
    private final BenchContext ctx;

    HadoopTextSystem(BenchContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public String name() {
        return Systems.HADOOP;
    }

    @Override
    public Answer run(PaperTask task) throws Exception {
        Path out = ctx.output(name(), task);
        var conf = ctx.conf();
        Path rankings = path(ctx.data().files(PavloTable.RANKINGS));
        Path visits = path(ctx.data().files(PavloTable.USERVISITS));
        switch (task) {
            case GREP -> BenchContext.run(TextBaselineJobs.grep(conf, path(ctx.data().files(PavloTable.GREP)), PaperTask.GREP_PATTERN, out));
            case SELECTION -> BenchContext.run(TextBaselineJobs.selection(conf, rankings, ctx.selectionThreshold(), out));
            case AGGREGATION_SMALL -> BenchContext.run(TextBaselineJobs.aggregation(conf, visits, true, out));
            case AGGREGATION_LARGE -> BenchContext.run(TextBaselineJobs.aggregation(conf, visits, false, out));
            case JOIN -> {
                Path phase1 = new Path(out.toString() + "-phase1");
                BenchContext.run(TextBaselineJobs.joinPhase1(conf, rankings, visits, PaperTask.JOIN_FROM, PaperTask.JOIN_TO, phase1));
                BenchContext.run(TextBaselineJobs.joinBest(conf, phase1, out));
                phase1.getFileSystem(conf).delete(phase1, true);
            }
            case UDF -> BenchContext.run(TextBaselineJobs.inlinks(conf, path(ctx.data().hadoopDocuments()), out));
        }
        return ctx.readOutput(task, out, BenchContext.jobOutputOrder(task));
    }

    private static Path path(java.nio.file.Path p) {
        return new Path(p.toUri());
    }
}
