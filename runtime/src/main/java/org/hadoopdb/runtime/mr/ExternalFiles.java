package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.loader.text.TextFormat;
import org.hadoopdb.loader.text.TextRowParser;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.plan.StageInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reading an external table's delimited text files where they are: Hadoop's text splits over the
 * location (a directory is read recursively; names starting with {@code _} or {@code .} are skipped, as
 * Hadoop and Hive skip them; a location that does not exist has no rows, as in Hive), each line parsed
 * by the loader's parser. A line that cannot be read (wrong field count, a value its column's type
 * cannot read) is skipped and counted in {@link Counter#BAD_RECORDS}, the first one logged with its
 * reason: one bad line does not fail a query over a day of logs.
 */
public final class ExternalFiles {
    private static final Logger LOG = LoggerFactory.getLogger(ExternalFiles.class);

    /** The job counters of external reads. */
    public enum Counter {
        /** Lines skipped because they cannot be read as a row of the table. */
        BAD_RECORDS
    }

    private ExternalFiles() {
    }

    static List<InputSplit> splits(JobContext job, StageInput.Files in) throws IOException {
        Job copy = Job.getInstance(new Configuration(job.getConfiguration()));
        Path location = new Path(in.location());
        FileSystem fs = location.getFileSystem(copy.getConfiguration());
        FileStatus[] matched = fs.globStatus(location);
        if (matched == null || matched.length == 0) {
            LOG.info("External table {}: nothing at {}, so no rows", in.table(), in.location());
            return List.of();
        }
        FileInputFormat.setInputDirRecursive(copy, true);
        FileInputFormat.setInputPaths(copy, location);
        try {
            return new ArrayList<>(new TextInputFormat().getSplits(copy));
        } catch (IOException e) {
            throw new PlannerException("Cannot list the files of external table '" + in.table() + "' at " + in.location()
                    + ": " + e.getMessage(), e);
        }
    }

    /** The bytes at the location, or -1 when they cannot be told. */
    static long bytes(Configuration conf, StageInput.Files in) {
        try {
            Path location = new Path(in.location());
            FileSystem fs = location.getFileSystem(conf);
            FileStatus[] matched = fs.globStatus(location);
            long total = 0;
            for (FileStatus f : matched == null ? new FileStatus[0] : matched) {
                total += fs.getContentSummary(f.getPath()).getLength();
            }
            return total;
        } catch (IOException | RuntimeException e) {
            LOG.debug("No size for external table {}: {}", in.table(), e.getMessage());
            return -1;
        }
    }

    /** The rows of one text split: lines parsed into the table's columns, bad lines skipped and counted. */
    static final class Reader extends RecordReader<Writable, Row> {
        private final StageInput.Files in;
        /** The file split (the task is handed the stage split around it). */
        private final InputSplit split;
        private final LineRecordReader lines = new LineRecordReader();
        private TextRowParser parser;
        private Row row;
        private org.apache.hadoop.mapreduce.Counter bad;
        private long badSeen;
        private String where = "";

        Reader(StageInput.Files in, InputSplit split) {
            this.in = in;
            this.split = split;
        }

        @Override
        public void initialize(InputSplit stageSplit, TaskAttemptContext ctx) throws IOException, InterruptedException {
            try {
                RowSchema schema = in.schema();
                List<ColumnInfo> columns = new ArrayList<>();
                for (int i = 0; i < schema.size(); i++) {
                    columns.add(new ColumnInfo(schema.fields().get(i).name(), schema.fields().get(i).type()));
                }
                parser = new TextRowParser(TextFormat.fromProperties(in.format()), columns);
                row = new Row(schema);
                bad = ctx.getCounter(Counter.BAD_RECORDS);
                where = split.toString();
                lines.initialize(split, ctx);
            } catch (IOException | RuntimeException | Error e) {
                TaskFailures.record(ctx, e);
                throw e;
            }
        }

        @Override
        public boolean nextKeyValue() throws IOException {
            while (lines.nextKeyValue()) {
                Text line = lines.getCurrentValue();
                String reason = parser.parse(line.getBytes(), 0, line.getLength(), row);
                if (reason == null) {
                    return true;
                }
                bad.increment(1);
                if (badSeen++ == 0) {
                    LOG.warn("External table {}: skipping the line at byte {} of {} ({}); further bad lines are only counted",
                            in.table(), lines.getCurrentKey().get(), where, reason);
                }
            }
            return false;
        }

        @Override
        public Writable getCurrentKey() {
            return lines.getCurrentKey();
        }

        @Override
        public Row getCurrentValue() {
            return row;
        }

        @Override
        public float getProgress() throws IOException {
            return lines.getProgress();
        }

        @Override
        public void close() throws IOException {
            lines.close();
        }
    }

    /** The number of bad lines a finished job skipped. */
    public static long badRecords(Job job) {
        try {
            return job.getCounters().findCounter(Counter.BAD_RECORDS).getValue();
        } catch (IOException | RuntimeException e) {
            LOG.debug("No counters for {}: {}", job.getJobID(), e.getMessage());
            return 0;
        }
    }

    /** Whether a stage reads external files (its job then reports skipped lines). */
    public static boolean readsFiles(org.hadoopdb.planner.plan.Stage stage) {
        return stage.inputs().stream().anyMatch(StageInput.Files.class::isInstance);
    }
}
