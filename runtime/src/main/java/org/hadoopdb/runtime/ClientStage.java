package org.hadoopdb.runtime;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.chunk.ChunkReadException;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyCodec;
import org.hadoopdb.functions.udf.UserFunctionException;
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

    private final HadoopDbConfig config;
    private final Path catalogDir;
    private final long catalogVersion;
    private final Stage stage;
    private final ExecutionPlan.InClient mode;
    private final Configuration conf;
    private final ProgressListener progress;
    private volatile ChunkReads reads;
    private volatile boolean cancelled;

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
     * @param progress told what the stage's chunk reads took from each node
     */
    ClientStage(HadoopDbConfig config, Path catalogDir, long catalogVersion, Stage stage, ExecutionPlan.InClient mode,
            Configuration conf, ProgressListener progress) {
        if (stage.inputs().stream().anyMatch(StageInput.Files.class::isInstance)) {
            throw new IllegalArgumentException("Stage " + stage.id() + " cannot run in the client: it reads an external table's files");
        }
        this.config = config;
        this.catalogDir = catalogDir;
        this.catalogVersion = catalogVersion;
        this.stage = stage;
        this.mode = mode;
        this.conf = conf;
        this.progress = progress;
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
        if (stage.shuffle() == null) {
            throw new IllegalStateException("Stage " + stage.id() + " is map-only: it writes a file per chunk, it is not streamed");
        }
        ShuffleBuffer buffer = new ShuffleBuffer(stage.shuffle(), mode);
        Optional<FallBack> gaveUp = read(buffer);
        if (gaveUp.isPresent()) {
            return gaveUp.get();
        }
        return new Rows(new Output(buffer.sorted(), onClose));
    }

    /**
     * Runs the stage and writes its output into {@code dir} as its job would, for the stages that read it: a
     * stage that repartitions reads and sorts its input, then reduces it into {@code part-r-00000} as a single
     * reducer; a map-only stage runs each chunk's rows through their own copy of the map operators, in the
     * thread that reads the chunk, into a part file of its own, holding nothing in memory (no cap applies).
     *
     * @return {@link Written} with the rows written, or a {@link FallBack} (nothing is left written)
     * @throws PlannerException when cancelled, when the chunk statements fail or the files cannot be written
     */
    Outcome write(Path dir) {
        StagePartFiles parts;
        try {
            parts = StagePartFiles.create(conf, dir);
        } catch (IOException e) {
            throw new PlannerException("Stage " + stage.id() + " (run in the client) could not create " + dir + ": " + e.getMessage(), e);
        }
        try {
            Optional<FallBack> gaveUp;
            if (stage.shuffle() == null) {
                gaveUp = mapSide((part, owned) -> parts.open("part-" + part));
            } else {
                ShuffleBuffer buffer = new ShuffleBuffer(stage.shuffle(), mode);
                gaveUp = read(buffer);
                if (gaveUp.isEmpty()) {
                    reduce(buffer.sorted(), parts.open("part-r-00000"), () -> cancelled);
                }
            }
            if (gaveUp.isPresent()) {
                parts.abandon();
                return gaveUp.get();
            }
            parts.close();
        } catch (IOException e) {
            parts.abandon();
            throw new PlannerException("Stage " + stage.id() + " (run in the client) could not write its output to " + dir + ": "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            parts.abandon();
            throw e instanceof UserFunctionException u ? failed(u) : e;
        }
        LOG.info("Stage {} ran in the client: {} rows written", stage.id(), parts.rows());
        return new Written(parts.rows());
    }

    /**
     * The reduce side over the sorted rows: each group of equal group prefix is one reduce call through the
     * stage's reduce operators. Each row is let go once it has been handed on.
     */
    private void reduce(List<ShuffleBuffer.Entry> entries, RowSink terminal, Cancellation stop) throws IOException {
        Cancellation.Ticker rows = stop.ticker();
        RowSink head = Pipeline.build(stage.reduceOps(), terminal, new JaninoLoader(), new StageSideInputs(conf), stop);
        SortKey group = null;
        for (int i = 0; i < entries.size() && !head.done(); i++) {
            rows.tick();
            ShuffleBuffer.Entry e = entries.get(i);
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

    /** Stops the reads; {@link #stream} or {@link #write} then fails with "cancelled". */
    void cancel() {
        cancelled = true;
        ChunkReads r = reads;
        if (r != null) {
            r.cancel();
        }
    }

    /** Reads the map side's rows into {@code buffer}; empty when they all fit, else why the client gave up. */
    private Optional<FallBack> read(ShuffleBuffer buffer) {
        Optional<FallBack> gaveUp = mapSide((part, owned) -> buffer.sink(owned));
        LOG.debug("Stage {} ran its map side in the client: {} rows", stage.id(), buffer.rows());
        return gaveUp;
    }

    /** Where the rows of one map pipeline go. */
    @FunctionalInterface
    private interface MapOutput {
        /**
         * @param part  the pipeline's part name: {@code m-00003} for the fourth chunk read, {@code f-00000} for the
         *              first earlier stage's files
         * @param owned the rows handed in are the sink's to keep (else it copies those it keeps)
         */
        RowSink open(String part, boolean owned) throws IOException;
    }

    /**
     * The map side, as a job's map tasks run it: each chunk's rows through their own copy of the input's map
     * operators, in the thread that reads the chunk, into their own {@link MapOutput}; earlier stages' files are
     * read here. Empty when every row got through, else why the client gave up (a node broke off in the middle
     * of a chunk, or a {@link ShuffleBuffer} is full).
     *
     * @throws PlannerException when cancelled, when a chunk statement fails or the output cannot be written
     */
    private Optional<FallBack> mapSide(MapOutput output) {
        List<ChunkSource> sources = new ArrayList<>();
        List<Integer> sourceInputs = new ArrayList<>();
        for (int i = 0; i < stage.inputs().size(); i++) {
            if (stage.inputs().get(i) instanceof StageInput.Chunks c) {
                sources.add(c.source());
                sourceInputs.add(i);
            }
        }
        Pipeline.SideInputs sideInputs = new StageSideInputs(conf);
        JaninoLoader loader = new JaninoLoader();
        if (cancelled) {
            throw cancelledError();
        }
        // the chunk statements start first: the nodes compute while earlier stages' files are read here
        ChunkReads r = sources.isEmpty() ? null : ChunkReads.process(config, catalogDir, catalogVersion, sources,
                (input, chunk) -> Pipeline.build(stage.inputs().get(sourceInputs.get(input)).mapOps(),
                        output.open(String.format(Locale.ROOT, "m-%05d", chunk), false), loader, sideInputs, () -> cancelled),
                progress);
        reads = r;
        try {
            if (cancelled) {
                throw cancelledError();
            }
            int files = 0;
            for (StageInput in : stage.inputs()) {
                if (in instanceof StageInput.PreviousStage previous) {
                    // rows read from files are fresh objects: without operators, they are kept as they are
                    RowSink head = Pipeline.build(in.mapOps(), output.open(String.format(Locale.ROOT, "f-%05d", files++),
                            in.mapOps().isEmpty()), loader, sideInputs, () -> cancelled);
                    readFiles(previous, head);
                    head.finish();
                }
            }
            while (r != null && r.next() != null) {
                throw new IllegalStateException("Chunk reads that process their rows handed over a batch");
            }
            if (cancelled) {
                throw cancelledError();
            }
            return Optional.empty();
        } catch (ShuffleBuffer.Full full) {
            if (cancelled) {
                throw cancelledError();
            }
            return Optional.of(new FallBack(full.getMessage()));
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
            return Optional.of(new FallBack(why));
        } catch (IOException e) {
            throw new PlannerException("Stage " + stage.id() + " (run in the client) failed: " + e.getMessage(), e);
        } catch (UserFunctionException e) {
            throw failed(e);
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
    }

    /** The rows an earlier stage wrote (its part files, in order) through {@code head}. */
    private void readFiles(StageInput.PreviousStage in, RowSink head) throws IOException {
        List<Path> files = StageConf.outputParts(conf, StageConf.stageOutput(conf, in.stage()));
        NullWritable none = NullWritable.get();
        Cancellation.Ticker ticker = ((Cancellation) () -> cancelled).ticker();
        for (Path part : files) {
            try (SequenceFile.Reader file = new SequenceFile.Reader(conf, SequenceFile.Reader.file(part))) {
                Row row = new Row(in.schema());
                while (file.next(none, row)) {
                    ticker.tick();
                    head.accept(row);
                    row = new Row(in.schema());
                }
            }
        }
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

        Output(List<ShuffleBuffer.Entry> entries, Runnable onClose) {
            this.onClose = onClose;
            this.reducer = new Thread(() -> reduce(entries), "hadoopdb-client-reduce");
            reducer.setDaemon(true);
            reducer.start();
        }

        private void reduce(List<ShuffleBuffer.Entry> entries) {
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
    /** A user function that failed on a row here fails the stage, as it fails a job's task. */
    private PlannerException failed(UserFunctionException e) {
        return new PlannerException("Stage " + stage.id() + " (run in the client) failed: " + e.getMessage(), e);
    }

    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }
}
