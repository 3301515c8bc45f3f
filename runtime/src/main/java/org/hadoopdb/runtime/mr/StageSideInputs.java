package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.ops.Pipeline;

/**
 * Side inputs of a task (or of a stage run in the client): the typed row files an earlier stage of the
 * query wrote to its scratch directory, found through the query directory in {@code conf}.
 */
public final class StageSideInputs implements Pipeline.SideInputs {
    private final Configuration conf;

    public StageSideInputs(Configuration conf) {
        this.conf = conf;
    }

    @Override
    public Iterable<Row> rows(int stage, RowSchema schema) throws IOException {
        Path dir = StageConf.stageOutput(conf, stage);
        FileSystem fs = dir.getFileSystem(conf);
        List<Path> parts = new ArrayList<>();
        if (fs.exists(dir)) {
            Arrays.stream(fs.listStatus(dir, p -> p.getName().startsWith("part-"))).map(FileStatus::getPath)
                    .sorted(Comparator.comparing(Path::getName)).forEach(parts::add);
        }
        Configuration typed = new Configuration(conf);
        schema.store(typed, Row.SCHEMA_KEY);
        return () -> new PartsIterator(typed, parts, schema);
    }

    /** Reads the part files one after another; the returned row is reused. */
    private static final class PartsIterator implements Iterator<Row> {
        private final Configuration conf;
        private final List<Path> parts;
        private final Row row;
        private int nextPart;
        private SequenceFile.Reader reader;
        private boolean ready;

        PartsIterator(Configuration conf, List<Path> parts, RowSchema schema) {
            this.conf = conf;
            this.parts = parts;
            this.row = new Row(schema);
        }

        @Override
        public boolean hasNext() {
            if (ready) {
                return true;
            }
            try {
                while (true) {
                    if (reader == null) {
                        if (nextPart >= parts.size()) {
                            return false;
                        }
                        reader = new SequenceFile.Reader(conf, SequenceFile.Reader.file(parts.get(nextPart++)));
                    }
                    if (reader.next(NullWritable.get(), row)) {
                        ready = true;
                        return true;
                    }
                    reader.close();
                    reader = null;
                }
            } catch (IOException e) {
                throw new PlannerException("Cannot read an earlier stage's output: " + e.getMessage(), e);
            }
        }

        @Override
        public Row next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            ready = false;
            return row;
        }
    }
}
