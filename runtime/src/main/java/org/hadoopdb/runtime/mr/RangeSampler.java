package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyCodec;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.ops.Pipeline;
import org.hadoopdb.runtime.ops.RowSink;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;

/**
 * Chooses the split points of a range-partitioned stage: it reads rows at random positions of the
 * earlier stages' files (a SequenceFile can be entered at any sync mark, so a sample costs a seek, not
 * a scan), runs them through the stage's map operators, and takes evenly spaced quantiles of their
 * sort keys.
 */
public final class RangeSampler {
    private static final int SAMPLES_PER_REDUCER = 200;
    private static final int MAX_SAMPLES = 20_000;

    private RangeSampler() {
    }

    /** The {@code reducers - 1} split points, ascending (fewer when the input has few distinct keys). */
    public static List<SortKey> splitPoints(Stage stage, Configuration conf, int reducers) throws IOException {
        SortKeyCodec codec = new SortKeyCodec(stage.shuffle().key());
        List<SortKey> sample = new ArrayList<>();
        int wanted = Math.min(MAX_SAMPLES, reducers * SAMPLES_PER_REDUCER);
        Random random = new Random(stage.id() * 7919L);
        List<long[]> sizes = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        List<StageInput> inputs = new ArrayList<>();
        long total = 0;
        for (StageInput in : stage.inputs()) {
            if (!(in instanceof StageInput.PreviousStage p)) {
                throw new PlannerException("Stage " + stage.id() + " is range-partitioned but reads the chunks directly");
            }
            Path dir = StageConf.stageOutput(conf, p.stage());
            FileSystem fs = dir.getFileSystem(conf);
            if (!fs.exists(dir)) {
                continue;
            }
            for (FileStatus f : fs.listStatus(dir, x -> x.getName().startsWith("part-"))) {
                files.add(f.getPath());
                sizes.add(new long[] {f.getLen()});
                inputs.add(in);
                total += f.getLen();
            }
        }
        for (int i = 0; i < files.size() && total > 0; i++) {
            StageInput in = inputs.get(i);
            int share = (int) Math.ceil((double) wanted * sizes.get(i)[0] / total);
            Configuration typed = new Configuration(conf);
            in.schema().store(typed, Row.SCHEMA_KEY);
            List<SortKey> keys = new ArrayList<>();
            RowSink collect = row -> keys.add(codec.encode(row, new SortKey()));
            RowSink head = Pipeline.build(in.mapOps(), collect, new JaninoLoader(), new StageSideInputs(conf));
            Row row = new Row(in.schema());
            try (SequenceFile.Reader reader = new SequenceFile.Reader(typed, SequenceFile.Reader.file(files.get(i)))) {
                for (int s = 0; s < share; s++) {
                    long position = (long) (random.nextDouble() * sizes.get(i)[0]);
                    reader.sync(position);
                    if (reader.next(NullWritable.get(), row)) {
                        head.accept(row);
                    }
                }
            }
            sample.addAll(keys);
        }
        sample.sort(null);
        List<SortKey> points = new ArrayList<>();
        for (int r = 1; r < reducers && !sample.isEmpty(); r++) {
            SortKey candidate = sample.get((int) ((long) r * sample.size() / reducers));
            if (points.isEmpty() || points.get(points.size() - 1).compareTo(candidate) < 0) {
                points.add(candidate);
            }
        }
        return points;
    }
}
