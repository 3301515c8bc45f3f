package org.hadoopdb.runtime;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.chunk.ChunkReadException;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyCodec;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.mr.JaninoLoader;
import org.hadoopdb.runtime.mr.StageConf;
import org.hadoopdb.runtime.mr.StageSideInputs;
import org.hadoopdb.runtime.ops.Cancellation;
import org.hadoopdb.runtime.ops.Pipeline;
import org.hadoopdb.runtime.ops.RowSink;
import org.hadoopdb.planner.plan.ChunkSource;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.planner.plan.StageInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A stage run in the client instead of as a MapReduce job (see {@link ClientStageRule}).
 *
 * <p>It does what the job would, with the job's own code: the chunk statements are read on every chunk
 * at once ({@link ChunkReads}, as a direct read) and earlier stages' files part by part, each input's map
 * operators run on its rows, every row gets its shuffle key from the same {@link SortKeyCodec}, the rows
 * are sorted by that key as the shuffle sorts them, and each group of equal group prefix goes through the
 * stage's reduce operators ({@link Pipeline}, as {@code StageReducer} builds them) as one reduce call: a
 * job with one reducer. A map-only stage's rows leave its map operators as they are. The output either
 * streams to the caller ({@link #stream}: the result, from a thread that runs the reduce operators,
 * through a bounded queue) or is written as the stage's file ({@link #write}), which later stages, jobs
 * or not, read as they read a job's output.
 *
 * <p>Memory is bounded: the sort holds at most the rows and bytes its {@link ExecutionPlan.InClient} mode
 * allows. Past either, or when a node breaks off in the middle of a chunk, nothing has been returned
 * or written yet, so the stage gives up ({@link FallBack}) and the caller runs it as the mode's fallback
 * job (whose tasks retry on the chunks' other copies). A node that fails before
 * returning rows is replaced by the chunk's next copy, as in a direct read. {@link #cancel()} stops
 * the reads from another thread.
 */
final class ClientStage {
    private static final Logger LOG = LoggerFactory.getLogger(ClientStage.class);
    /** Rows of output handed to the caller at a time. */
    private static final int BATCH = 512;
    /** Heap bytes of one buffered row besides its values: the entry, the key object and its array, list slots. */
    private static final long ENTRY_OVERHEAD = 112;

    private final HadoopDbConfig config;
    private final Path catalogDir;
    private final long catalogVersion;
    private final Stage stage;
    private final ExecutionPlan.InClient mode;
    private final Configuration conf;
    private volatile ChunkReads reads;
    private volatile boolean cancelled;

    /** One row of map output under its shuffle key. */
    private record Entry(SortKey key, Row row) {
    }

    /** What became of the stage in the client. */
    sealed interface Outcome permits Rows, Written, FallBack {
    }

    /** The stage's output (rows of {@code stage.output()}). */
    record Rows(ResultStream rows) implements Outcome {
    }

    /** The stage's output was written as its file; {@code rows} rows. */
    record Written(long rows) implements Outcome {
    }

    /**
     * The client gave up before it returned a row, as its mode foresees: the stage must run as the mode's
     * fallback job.
     *
     * @param why what made it give up (more rows than the mode allows, a node that broke off mid-chunk)
     */
    record FallBack(String why) implements Outcome {
    }

    /**
     * @param mode how much the client may hold
     * @param conf the query's job configuration: earlier stages' output is found through it
     */
    ClientStage(HadoopDbConfig config, Path catalogDir, long catalogVersion, Stage stage, ExecutionPlan.InClient mode,
            Configuration conf) {
        if (stage.inputs().stream().anyMatch(StageInput.Files.class::isInstance)) {
            throw new IllegalArgumentException("Stage " + stage.id() + " cannot run in the client: it reads an external table's files");
        }
        this.config = config;
        this.catalogDir = catalogDir;
        this.catalogVersion = catalogVersion;
        this.stage = stage;
        this.mode = mode;
        this.conf = conf;
    }

    /**
     * Reads and sorts the stage's input, then returns its output as a stream; {@code onClose} runs when
     * the stream is closed.
     *
     * @return the {@link Rows}, or a {@link FallBack} when the stage must run as a job instead (too many
     *         rows, or a node broke off mid-chunk): {@code onClose} has not run then
     * @throws PlannerException when cancelled or when the chunk statements fail
     */
    Outcome stream(Runnable onClose) {
        List<Entry> entries = new ArrayList<>();
        Optional<FallBack> gaveUp = read(entries);
        if (gaveUp.isPresent()) {
            return gaveUp.get();
        }
        sort(entries);
        return new Rows(new Output(entries, onClose));
    }

    /**
     * Reads and sorts the stage's input, then writes its output into {@code dir} as a job's single reducer
     * would ({@code part-r-00000}, a sequence file of rows), for the stages that read it.
     *
     * @return {@link Written} with the rows written, or a {@link FallBack} (nothing was written)
     * @throws PlannerException when cancelled, when the chunk statements fail or the file cannot be written
     */
    Outcome write(Path dir) {
        List<Entry> entries = new ArrayList<>();
        Optional<FallBack> gaveUp = read(entries);
        if (gaveUp.isPresent()) {
            return gaveUp.get();
        }
        sort(entries);
        long[] written = {0};
        try {
            FileSystem fs = dir.getFileSystem(conf);
            fs.mkdirs(dir);
            try (SequenceFile.Writer out = SequenceFile.createWriter(conf, SequenceFile.Writer.file(new Path(dir, "part-r-00000")),
                    SequenceFile.Writer.keyClass(NullWritable.class), SequenceFile.Writer.valueClass(Row.class))) {
                reduce(entries, row -> {
                    out.append(NullWritable.get(), row);
                    written[0]++;
                }, () -> cancelled);
            }
        } catch (IOException e) {
            throw new PlannerException("Stage " + stage.id() + " (run in the client) could not write its output to " + dir + ": "
                    + e.getMessage(), e);
        }
        LOG.info("Stage {} ran in the client: {} rows written", stage.id(), written[0]);
        return new Written(written[0]);
    }

    /** In shuffle order: a map-only stage's rows keep the order they arrived in. */
    private void sort(List<Entry> entries) {
        if (stage.shuffle() != null) {
            entries.sort((a, b) -> a.key().compareTo(b.key()));
        }
    }

    /**
     * The reduce side over the sorted rows: each group of equal group prefix is one reduce call through the
     * stage's reduce operators; a map-only stage's rows go to {@code terminal} as they are. Each row is let go
     * once it has been handed on.
     */
    private void reduce(List<Entry> entries, RowSink terminal, Cancellation stop) throws IOException {
        Cancellation.Ticker rows = stop.ticker();
        if (stage.shuffle() == null) {
            for (int i = 0; i < entries.size(); i++) {
                rows.tick();
                terminal.accept(entries.get(i).row());
                entries.set(i, null);
            }
            terminal.finish();
            return;
        }
        RowSink head = Pipeline.build(stage.reduceOps(), terminal, new JaninoLoader(), new StageSideInputs(conf), stop);
        SortKey group = null;
        for (int i = 0; i < entries.size() && !head.done(); i++) {
            rows.tick();
            Entry e = entries.get(i);
            if (group != null && e.key().compareGroup(group) != 0) {
                head.endGroup();
            }
            group = e.key();
            head.accept(e.row());
            entries.set(i, null); // reduced: let the row go
        }
        if (group != null) {
            head.endGroup();
        }
        head.finish();
    }

    /** Stops the reads; {@link #run} then fails with "cancelled". */
    void cancel() {
        cancelled = true;
        ChunkReads r = reads;
        if (r != null) {
            r.cancel();
        }
    }

    /** Reads the map side's rows into {@code entries}; empty when they all fit, else why the client gave up. */
    private Optional<FallBack> read(List<Entry> entries) {
        long[] bytes = {0};
        SortKeyCodec codec = stage.shuffle() == null ? null : new SortKeyCodec(stage.shuffle().key());
        SortKey key = new SortKey();
        List<ChunkSource> sources = new ArrayList<>();
        List<Integer> sourceInputs = new ArrayList<>();
        List<RowSink> heads = new ArrayList<>();
        Pipeline.SideInputs sideInputs = new StageSideInputs(conf);
        JaninoLoader loader = new JaninoLoader();
        for (int i = 0; i < stage.inputs().size(); i++) {
            StageInput in = stage.inputs().get(i);
            if (in instanceof StageInput.Chunks c) {
                sources.add(c.source());
                sourceInputs.add(i);
            }
            // the rows handed to an input are fresh copies, and an input without operators passes them on as they are
            boolean owned = in.mapOps().isEmpty();
            RowSink sink = row -> {
                Row kept = owned ? row : row.copy();
                entries.add(new Entry(codec == null ? null : codec.encode(kept, key).copy(), kept));
                bytes[0] += kept.estimatedBytes() + (codec == null ? 0 : key.length()) + ENTRY_OVERHEAD;
            };
            heads.add(Pipeline.build(in.mapOps(), sink, loader, sideInputs, () -> cancelled));
        }
        if (cancelled) {
            throw cancelledError();
        }
        // the chunk statements start first: the nodes compute while earlier stages' files are read here
        ChunkReads r = sources.isEmpty() ? null : ChunkReads.open(config, catalogDir, catalogVersion, sources);
        reads = r;
        try {
            if (cancelled) {
                throw cancelledError();
            }
            for (int i = 0; i < stage.inputs().size(); i++) {
                if (stage.inputs().get(i) instanceof StageInput.PreviousStage previous) {
                    Optional<FallBack> full = readFiles(previous, heads.get(i), entries, bytes);
                    if (full.isPresent()) {
                        return full;
                    }
                }
            }
            for (ChunkReads.Batch b; r != null && (b = r.next()) != null; ) {
                RowSink head = heads.get(sourceInputs.get(b.input()));
                for (Row row : b.rows()) {
                    head.accept(row);
                }
                Optional<FallBack> full = full(entries, bytes[0]);
                if (full.isPresent()) {
                    return full;
                }
            }
            if (cancelled) {
                throw cancelledError();
            }
            for (RowSink head : heads) {
                head.finish();
            }
        } catch (ChunkReadException e) {
            if (cancelled) {
                throw cancelledError();
            }
            if (!e.nodeFailure()) {
                throw e;
            }
            String why = "node " + e.nodeId() + " broke off in the middle of a chunk (" + e.getMessage() + ")";
            LOG.warn("Stage {}: {}; running the stage as {}, whose tasks read the chunk's other copies", stage.id(), why,
                    mode.fallback());
            entries.clear();
            return Optional.of(new FallBack(why));
        } catch (IOException e) {
            throw new PlannerException("Stage " + stage.id() + " (run in the client) failed: " + e.getMessage(), e);
        } finally {
            reads = null;
            if (r != null) {
                if (cancelled) {
                    r.cancel(); // the readers close their connections when their statements return: do not wait for them
                } else {
                    r.close();
                }
            }
        }
        LOG.debug("Stage {} ran its map side in the client: {} rows", stage.id(), entries.size());
        return Optional.empty();
    }

    /** The rows an earlier stage wrote (its part files, in order) through {@code head}; a FallBack when too many. */
    private Optional<FallBack> readFiles(StageInput.PreviousStage in, RowSink head, List<Entry> entries, long[] bytes)
            throws IOException {
        Path dir = StageConf.stageOutput(conf, in.stage());
        FileSystem fs = dir.getFileSystem(conf);
        if (!fs.exists(dir)) {
            return Optional.empty();
        }
        List<Path> parts = Arrays.stream(fs.listStatus(dir, p -> p.getName().startsWith("part-"))).map(FileStatus::getPath)
                .sorted(Comparator.comparing(Path::getName)).toList();
        NullWritable none = NullWritable.get();
        Cancellation.Ticker ticker = ((Cancellation) () -> cancelled).ticker();
        for (Path part : parts) {
            try (SequenceFile.Reader file = new SequenceFile.Reader(conf, SequenceFile.Reader.file(part))) {
                Row row = new Row(in.schema());
                while (file.next(none, row)) {
                    ticker.tick();
                    head.accept(row);
                    row = new Row(in.schema());
                    if ((entries.size() & 1023) == 0) {
                        Optional<FallBack> full = full(entries, bytes[0]);
                        if (full.isPresent()) {
                            return full;
                        }
                    }
                }
            }
        }
        return full(entries, bytes[0]);
    }

    /** Empty while the buffered rows fit the mode's caps; past them, why the client gives up (and the rows are let go). */
    private Optional<FallBack> full(List<Entry> entries, long bytes) {
        long maxRows = mode.maxBufferedRows();
        long maxBytes = mode.maxBufferBytes();
        if (entries.size() <= maxRows && bytes <= maxBytes) {
            return Optional.empty();
        }
        String why = "more than " + entries.size() + " rows (" + bytes + " bytes) reached the client, past "
                + ConfigKeys.CLIENT_STAGE_MAX_BUFFERED_ROWS.name() + " = " + maxRows + " or "
                + ConfigKeys.CLIENT_STAGE_MAX_BUFFER_BYTES.name() + " = " + maxBytes;
        entries.clear();
        return Optional.of(new FallBack(why));
    }

    private PlannerException cancelledError() {
        return new PlannerException("Query cancelled");
    }

    /**
     * The reduce side: a thread feeds the sorted rows, one group per reduce call, through the stage's
     * reduce operators and hands their output to the caller in batches; closing stops it.
     */
    private final class Output implements ResultStream {
        private final Handoff<List<Row>> out = new Handoff<>(8);
        private final Runnable onClose;
        private final Thread reducer;
        private List<Row> batch = List.of();
        private int position;
        private Row row;
        private boolean closed;
        /** Set from another thread: the reduce operators stop, and the reader gets "Query cancelled". */
        private volatile boolean stopped;

        Output(List<Entry> entries, Runnable onClose) {
            this.onClose = onClose;
            this.reducer = new Thread(() -> reduce(entries), "hadoopdb-client-reduce");
            reducer.setDaemon(true);
            reducer.start();
        }

        private void reduce(List<Entry> entries) {
            try {
                Batcher terminal = new Batcher();
                ClientStage.this.reduce(entries, terminal, () -> stopped);
                terminal.flush();
                out.end();
            } catch (Stopped stopped) {
                LOG.debug("Stage {}: the caller closed the result before its end", stage.id());
            } catch (IOException e) {
                out.fail(new PlannerException("Stage " + stage.id() + " (run in the client) failed: " + e.getMessage(), e));
            } catch (PlannerException e) {
                out.fail(e);
            } catch (RuntimeException e) {
                out.fail(new PlannerException("Stage " + stage.id() + " (run in the client) failed: " + e, e));
            } catch (Error e) {
                // the caller must not wait forever for rows that will not come
                out.fail(new PlannerException("Stage " + stage.id() + " (run in the client) failed: " + e, e));
                throw e;
            }
        }

        /** The end of the reduce operators: copies their rows into batches for the caller. */
        private final class Batcher implements RowSink {
            private List<Row> pending = new ArrayList<>(BATCH);

            @Override
            public void accept(Row r) {
                pending.add(r.copy());
                if (pending.size() == BATCH) {
                    flush();
                }
            }

            void flush() {
                if (!pending.isEmpty()) {
                    hand(pending);
                    pending = new ArrayList<>(BATCH);
                }
            }
        }

        private void hand(List<Row> rows) {
            if (!out.put(rows)) {
                throw new Stopped();
            }
        }

        @Override
        public RowSchema schema() {
            return stage.output();
        }

        @Override
        public boolean next() {
            if (stopped) {
                throw cancelledError();
            }
            while (position >= batch.size()) {
                if (closed) {
                    return false;
                }
                List<Row> b;
                try {
                    b = out.take();
                } catch (RuntimeException e) {
                    close();
                    throw e;
                }
                if (b == null) {
                    if (stopped) {
                        throw cancelledError();
                    }
                    return false;
                }
                batch = b;
                position = 0;
            }
            row = batch.get(position++);
            return true;
        }

        @Override
        public Row row() {
            return row;
        }

        /** Stops the reduce operators and wakes a reader waiting for rows, which then gets "Query cancelled". */
        @Override
        public void cancel() {
            stopped = true;
            out.close();
            out.wake();
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            out.close();
            try {
                reducer.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                onClose.run();
            }
        }
    }

    /** The caller closed the result: unwinds the reduce operators. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }
}
