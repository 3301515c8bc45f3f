package org.hadoopdb.loader.job;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * One split per node of the load (or per node listed in {@link LoadJobs#NODES}), each located on the
 * node's host so that on a cluster the task runs next to the database it loads.
 */
public final class NodeInputFormat extends InputFormat<IntWritable, NullWritable> {
    @Override
    public List<InputSplit> getSplits(JobContext context) {
        Configuration conf = context.getConfiguration();
        LoadPlan plan = LoadPlan.load(conf);
        Set<Integer> only = new HashSet<>();
        for (String s : conf.getTrimmedStrings(LoadJobs.NODES)) {
            only.add(Integer.parseInt(s));
        }
        List<InputSplit> splits = new ArrayList<>();
        for (int i = 0; i < plan.nodes().size(); i++) {
            if (only.isEmpty() || only.contains(i)) {
                splits.add(new NodeSplit(i, plan.nodes().get(i).id(), plan.nodes().get(i).host()));
            }
        }
        return splits;
    }

    @Override
    public RecordReader<IntWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new RecordReader<>() {
            private boolean done;
            private final IntWritable key = new IntWritable();

            @Override
            public void initialize(InputSplit s, TaskAttemptContext c) {
                key.set(((NodeSplit) s).position());
            }

            @Override
            public boolean nextKeyValue() {
                if (done) {
                    return false;
                }
                done = true;
                return true;
            }

            @Override
            public IntWritable getCurrentKey() {
                return key;
            }

            @Override
            public NullWritable getCurrentValue() {
                return NullWritable.get();
            }

            @Override
            public float getProgress() {
                return done ? 1 : 0;
            }

            @Override
            public void close() {
            }
        };
    }
}
