package org.hadoopdb.runtime;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.chunk.ChunkReadException;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyCodec;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.mr.JaninoLoader;
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
 * A one-reducer stage run in the client instead of as a MapReduce job (see {@link ClientStageRule}).
 *
 * <p>It does what the job would, with the job's own code: the chunk statements are read on every chunk
 * at once ({@link ChunkReads}, as a direct read), each input's map operators run on its rows, every row
 * gets its shuffle key from the same {@link SortKeyCodec}, the rows are sorted by that key as the
 * shuffle sorts them, and each group of equal group prefix goes through the stage's reduce operators
 * ({@link Pipeline}, as {@code StageReducer} builds them) as one reduce call. The result streams to
 * the caller from a thread that runs the reduce operators, through a bounded queue.
 *
 * <p>Memory is bounded: the sort holds at most the rows and bytes its {@link ExecutionPlan.InClient} mode
 * allows. Past either, or when a node breaks off in the middle of a chunk, nothing has been returned
 * yet, so {@link #run} gives up ({@link FallBack}) and the caller runs the stage as the mode's fallback
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
    sealed interface Outcome permits Rows, FallBack {
    }

    /** The stage's output (rows of {@code stage.output()}). */
    record Rows(ResultStream rows) implements Outcome {
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
        if (stage.mapOnly() || !stage.inputs().stream().allMatch(StageInput.Chunks.class::isInstance)) {
            throw new IllegalArgumentException("Stage " + stage.id() + " cannot run in the client: it must repartition chunk statements");
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
    Outcome run(Runnable onClose) {
        List<Entry> entries = new ArrayList<>();
        Optional<FallBack> gaveUp = read(entries);
        if (gaveUp.isPresent()) {
            return gaveUp.get();
        }
        entries.sort((a, b) -> a.key().compareTo(b.key()));
        return new Rows(new Output(entries, onClose));
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
        long maxRows = mode.maxBufferedRows();
        long maxBytes = mode.maxBufferBytes();
        long[] bytes = {0};
        SortKeyCodec codec = new SortKeyCodec(stage.shuffle().key());
        SortKey key = new SortKey();
        List<ChunkSource> sources = new ArrayList<>();
        List<RowSink> heads = new ArrayList<>();
        Pipeline.SideInputs sideInputs = new StageSideInputs(conf);
        JaninoLoader loader = new JaninoLoader();
        for (StageInput in : stage.inputs()) {
            sources.add(((StageInput.Chunks) in).source());
            // rows of a batch are the reads' copies, and an input without operators passes them on as they are
            boolean owned = in.mapOps().isEmpty();
            RowSink sink = row -> {
                Row kept = owned ? row : row.copy();
                entries.add(new Entry(codec.encode(kept, key).copy(), kept));
                bytes[0] += kept.estimatedBytes() + key.length() + ENTRY_OVERHEAD;
            };
            heads.add(Pipeline.build(in.mapOps(), sink, loader, sideInputs, () -> cancelled));
        }
        if (cancelled) {
            throw cancelledError();
        }
        ChunkReads r = ChunkReads.open(config, catalogDir, catalogVersion, sources);
        reads = r;
        try {
            if (cancelled) {
                throw cancelledError();
            }
            for (ChunkReads.Batch b; (b = r.next()) != null; ) {
                RowSink head = heads.get(b.input());
                for (Row row : b.rows()) {
                    head.accept(row);
                }
                if (entries.size() > maxRows || bytes[0] > maxBytes) {
                    String why = "more than " + entries.size() + " rows (" + bytes[0] + " bytes) reached the client, past "
                            + ConfigKeys.CLIENT_STAGE_MAX_BUFFERED_ROWS.name() + " = " + maxRows + " or "
                            + ConfigKeys.CLIENT_STAGE_MAX_BUFFER_BYTES.name() + " = " + maxBytes;
                    entries.clear();
                    return Optional.of(new FallBack(why));
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
            if (cancelled) {
                r.cancel(); // the readers close their connections when their statements return: do not wait for them
            } else {
                r.close();
            }
        }
        LOG.info("Stage {} ran its map side in the client: {} rows to reduce", stage.id(), entries.size());
        return Optional.empty();
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
                RowSink head = Pipeline.build(stage.reduceOps(), terminal, new JaninoLoader(), new StageSideInputs(conf),
                        () -> stopped);
                Cancellation.Ticker rows = ((Cancellation) () -> stopped).ticker();
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
