package org.hadoopdb.benchmarks.paper;

import org.hadoopdb.benchmarks.report.Systems;
import org.hadoopdb.runtime.ResultStream;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;

/** HiveQL through the SMS planner, as a user of the shell or the JDBC driver runs it. */
final class SmsSystem implements BenchSystem {
    private final BenchContext ctx;

    SmsSystem(BenchContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public String name() {
        return Systems.SMS;
    }

    @Override
    public String cannotRun(PaperTask task) {
        return task == PaperTask.UDF ? "the link count needs a regular-expression UDF over whole documents, a MapReduce job "
                + "(as in the paper, HadoopDB runs it hand-coded)" : null;
    }

    @Override
    public Answer run(PaperTask task) {
        Answer answer = new Answer(task);
        StatementResult result = ctx.session().execute(task.sql(ctx.selectionThreshold()), StatementListener.NONE);
        try (ResultStream r = ((StatementResult.Rows) result).rows()) {
            int n = task.columns().size();
            Object[] values = new Object[n];
            while (r.next()) {
                for (int i = 0; i < n; i++) {
                    values[i] = r.row().isNull(i) ? null : r.row().get(i);
                }
                answer.add(values);
            }
        }
        return answer;
    }
}
