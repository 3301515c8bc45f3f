package org.hadoopdb.runtime.mr;

import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Mapper;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyCodec;
import org.hadoopdb.runtime.ops.Cancellation;
import org.hadoopdb.runtime.ops.Pipeline;
import org.hadoopdb.runtime.ops.RowSink;
import org.hadoopdb.planner.plan.Stage;

/**
 * The map side of a stage: runs the input's operators on each row, then either writes the row (a
 * map-only stage) or emits it under its shuffle key. It stops when its query is cancelled
 * ({@link QueryCancellation}).
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class StageMapper extends Mapper<Writable, Row, Writable, Row> {
    private RowSink head;
    private Cancellation.Ticker rows;

    @Override
    protected void setup(Context context) {
        Stage stage = StageConf.stage(context.getConfiguration());
        UserFunctionJobs.installForTask(context.getConfiguration());
        int input = ((StageSplit) context.getInputSplit()).input();
        Cancellation cancellation = QueryCancellation.forTask(context.getConfiguration());
        cancellation.check();
        rows = cancellation.ticker();
        RowSink sink;
        if (stage.shuffle() == null) {
            sink = row -> write(context, NullWritable.get(), row);
        } else {
            SortKeyCodec codec = new SortKeyCodec(stage.shuffle().key());
            SortKey key = new SortKey();
            sink = row -> write(context, codec.encode(row, key), row);
        }
        head = Pipeline.build(stage.inputs().get(input).mapOps(), sink, new JaninoLoader(),
                new StageSideInputs(context.getConfiguration()), cancellation);
    }

    private static void write(Context context, Writable key, Row row) throws IOException {
        try {
            context.write(key, row);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while writing map output", e);
        }
    }

    @Override
    protected void map(Writable key, Row row, Context context) throws IOException {
        rows.tick();
        head.accept(row);
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
            throw e;
        }
    }
}
