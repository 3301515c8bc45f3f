package org.hadoopdb.planner.exec.mr;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.plan.ChunkSource;

/** Reads a stage's chunk sources through the database connector's ChunkInputFormat. */
final class ChunkInputAdapter {
    private ChunkInputAdapter() {
    }

    static List<InputSplit> splits(JobContext job, ChunkSource source) throws IOException {
        throw new PlannerException("Reading chunks in a MapReduce stage needs the connector's ChunkInputFormat");
    }

    static RecordReader<Writable, Row> reader(InputSplit split, TaskAttemptContext ctx) throws IOException {
        throw new PlannerException("Reading chunks in a MapReduce stage needs the connector's ChunkInputFormat");
    }
}
