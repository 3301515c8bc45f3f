package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileRecordReader;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;

/**
 * The input of a stage: chunk queries (through the connector's ChunkInputFormat) and the typed row
 * files of earlier stages, each split tagged with the input it belongs to.
 */
public final class StageInputFormat extends InputFormat<Writable, Row> {

    @Override
    public List<InputSplit> getSplits(JobContext job) throws IOException, InterruptedException {
        Stage stage = StageConf.stage(job.getConfiguration());
        List<InputSplit> out = new ArrayList<>();
        for (int i = 0; i < stage.inputs().size(); i++) {
            StageInput in = stage.inputs().get(i);
            List<InputSplit> splits = in instanceof StageInput.Chunks c ? ChunkInputAdapter.splits(job, c.source())
                    : in instanceof StageInput.Files f ? ExternalFiles.splits(job, f)
                    : previousStageSplits(job, (StageInput.PreviousStage) in);
            for (InputSplit s : splits) {
                out.add(new StageSplit(i, s));
            }
        }
        return out;
    }

    private static List<InputSplit> previousStageSplits(JobContext job, StageInput.PreviousStage in) throws IOException {
        Path dir = StageConf.stageOutput(job.getConfiguration(), in.stage());
        Job copy = Job.getInstance(new Configuration(job.getConfiguration()));
        FileSystem fs = dir.getFileSystem(copy.getConfiguration());
        if (!fs.exists(dir)) {
            return List.of();
        }
        FileInputFormat.setInputPaths(copy, dir);
        return new SequenceFileInputFormat<Writable, Row>().getSplits(copy);
    }

    @Override
    public RecordReader<Writable, Row> createRecordReader(InputSplit split, TaskAttemptContext ctx)
            throws IOException, InterruptedException {
        StageSplit s = (StageSplit) split;
        Stage stage = StageConf.stage(ctx.getConfiguration());
        StageInput in = stage.inputs().get(s.input());
        if (in instanceof StageInput.Chunks) {
            return ChunkInputAdapter.reader(s.delegate(), ctx);
        }
        if (in instanceof StageInput.Files f) {
            return new ExternalFiles.Reader(f, s.delegate());
        }
        // Rows of an earlier stage are created by the file reader: give them this input's schema.
        Configuration conf = new Configuration(ctx.getConfiguration());
        in.schema().store(conf, Row.SCHEMA_KEY);
        TaskAttemptContext typed = new TaskAttemptContextImpl(conf, ctx.getTaskAttemptID());
        SequenceFileRecordReader<Writable, Row> reader = new SequenceFileRecordReader<>();
        return new RecordReader<>() {
            @Override
            public void initialize(InputSplit ignored, TaskAttemptContext c) throws IOException, InterruptedException {
                try {
                    reader.initialize(s.delegate(), typed);
                } catch (IOException | InterruptedException | RuntimeException | Error e) {
                    TaskFailures.record(c, e);
                    throw e;
                }
            }

            @Override
            public boolean nextKeyValue() throws IOException, InterruptedException {
                return reader.nextKeyValue();
            }

            @Override
            public Writable getCurrentKey() throws IOException, InterruptedException {
                return reader.getCurrentKey();
            }

            @Override
            public Row getCurrentValue() throws IOException, InterruptedException {
                return reader.getCurrentValue();
            }

            @Override
            public float getProgress() throws IOException, InterruptedException {
                return reader.getProgress();
            }

            @Override
            public void close() throws IOException {
                reader.close();
            }
        };
    }
}
