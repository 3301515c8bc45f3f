package org.hadoopdb.runtime.mr;

import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Reducer;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.runtime.ops.Cancellation;
import org.hadoopdb.runtime.ops.Pipeline;
import org.hadoopdb.runtime.ops.RowSink;
import org.hadoopdb.planner.plan.Stage;

/**
 * The reduce side of a stage: one group per reduce call, streamed through the reduce operators. It
 * stops when its query is cancelled ({@link QueryCancellation}).
 */
public final class StageReducer extends Reducer<SortKey, Row, NullWritable, Row> {
    private RowSink head;
    private Cancellation.Ticker inputRows;

    @Override
    protected void setup(Context context) {
        Stage stage = StageConf.stage(context.getConfiguration());
        UserFunctionJobs.installForTask(context.getConfiguration());
        Cancellation cancellation = QueryCancellation.forTask(context.getConfiguration());
        cancellation.check();
        inputRows = cancellation.ticker();
        RowSink sink = row -> {
            try {
                context.write(NullWritable.get(), row);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted while writing reduce output", e);
            }
        };
        head = Pipeline.build(stage.reduceOps(), sink, new JaninoLoader(), new StageSideInputs(context.getConfiguration()),
                cancellation);
    }

    @Override
    protected void reduce(SortKey key, Iterable<Row> rows, Context context) throws IOException {
        for (Row row : rows) {
            inputRows.tick();
            head.accept(row);
        }
        head.endGroup();
    }

    @Override
    protected void cleanup(Context context) throws IOException {
        head.finish();
    }

    @Override
    public void run(Context context) throws IOException, InterruptedException {
        try {
            super.run(context);
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            TaskFailures.record(context, e);
            ReduceInput.closeAfterFailure(context);
            throw e;
        }
    }
}
