package org.hadoopdb.runtime.mr;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.conf.Configuration;
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
 *
 * <p>Values built from them ({@link #shared}: a broadcast join's hash table) are built once per query
 * and process: the local runner runs all of a job's map tasks in one JVM, each of which would otherwise
 * read the whole build side and hash it again. They are dropped when the query ends ({@link #release}).
 */
public final class StageSideInputs implements Pipeline.SideInputs {
    /** Values shared by the tasks of running queries in this process, by query directory and name. */
    private static final Map<String, Map<String, CompletableFuture<Object>>> SHARED = new ConcurrentHashMap<>();

    private final Configuration conf;

    public StageSideInputs(Configuration conf) {
        this.conf = conf;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T shared(String name, Pipeline.SharedBuild<T> build) throws IOException {
        String query = conf.get(StageConf.QUERY_DIR);
        if (query == null) {
            return build.build();
        }
        CompletableFuture<Object> mine = new CompletableFuture<>();
        CompletableFuture<Object> existing = SHARED.computeIfAbsent(query, q -> new ConcurrentHashMap<>()).putIfAbsent(name, mine);
        if (existing == null) {
            try {
                T value = build.build();
                mine.complete(value);
                return value;
            } catch (IOException | RuntimeException | Error e) {
                // the next task tries again (and fails the same way, or succeeds if the failure was its own)
                SHARED.getOrDefault(query, Map.of()).remove(name, mine);
                mine.completeExceptionally(e);
                throw e;
            }
        }
        try {
            return (T) existing.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while another task built " + name, e);
        } catch (ExecutionException e) {
            return build.build(); // the task that built it failed: build it here, failing with this task's own error
        }
    }

    /** Drops the values shared by the tasks of the query whose scratch directory is {@code queryDir}: it has ended. */
    public static void release(Path queryDir) {
        SHARED.remove(queryDir.toString());
    }

    @Override
    public Iterable<Row> rows(int stage, RowSchema schema) throws IOException {
        List<Path> parts = StageConf.outputParts(conf, StageConf.stageOutput(conf, stage));
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
