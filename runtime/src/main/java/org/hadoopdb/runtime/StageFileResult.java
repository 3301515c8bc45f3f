package org.hadoopdb.runtime;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.mr.StageConf;

/** Streams the rows a stage wrote, part file by part file in order (a total order is in part order). */
final class StageFileResult implements ResultStream {
    private final RowSchema schema;
    private final Configuration conf;
    private final List<Path> parts;
    private final Runnable onClose;
    private int nextPart;
    private SequenceFile.Reader reader;
    private final NullWritable key = NullWritable.get();
    private final Row row;
    private volatile boolean cancelled;

    StageFileResult(Path dir, RowSchema schema, Configuration baseConf, Runnable onClose) {
        this.schema = schema;
        this.conf = new Configuration(baseConf);
        schema.store(conf, Row.SCHEMA_KEY);
        this.row = new Row(schema);
        this.onClose = onClose;
        try {
            this.parts = StageConf.outputParts(conf, dir);
        } catch (IOException e) {
            throw new PlannerException("Cannot list the query result in " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public RowSchema schema() {
        return schema;
    }

    @Override
    public boolean next() {
        if (cancelled) {
            throw new PlannerException("Query cancelled");
        }
        try {
            while (true) {
                if (reader == null) {
                    if (nextPart >= parts.size()) {
                        return false;
                    }
                    reader = new SequenceFile.Reader(conf, SequenceFile.Reader.file(parts.get(nextPart++)));
                }
                if (reader.next(key, row)) {
                    return true;
                }
                reader.close();
                reader = null;
            }
        } catch (IOException e) {
            throw new PlannerException("Cannot read the query result: " + e.getMessage(), e);
        }
    }

    @Override
    public Row row() {
        return row;
    }

    /** The stage's files are read as the caller asks: nothing runs that could be stopped, the rows stop. */
    @Override
    public void cancel() {
        cancelled = true;
    }

    @Override
    public void close() {
        try {
            if (reader != null) {
                reader.close();
                reader = null;
            }
        } catch (IOException e) {
            throw new PlannerException("Cannot close the query result: " + e.getMessage(), e);
        } finally {
            onClose.run();
        }
    }
}
