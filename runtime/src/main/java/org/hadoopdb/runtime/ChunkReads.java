package org.hadoopdb.runtime;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.chunk.ChunkReadSettings;
import org.hadoopdb.connector.chunk.ChunkStatementCancel;
import org.hadoopdb.connector.chunk.FailoverChunkReader;
import org.hadoopdb.connector.chunk.ChunkSplit;
import org.hadoopdb.connector.chunk.ChunkSplits;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.ops.RowSink;
import org.hadoopdb.runtime.mr.ChunkInputAdapter;
import org.hadoopdb.planner.plan.ChunkSource;

/**
 * The chunk statements of one or more sources, read on every chunk at once without a job: one thread
 * per chunk up to {@code hadoopdb.fetch.direct.parallel}, each handing batches of rows to the one
 * consumer through a bounded queue, so the nodes work in parallel while memory stays bounded. Batches
 * of different chunks interleave. A chunk whose node fails, before or in the middle of its read, is
 * read on from its next copy exactly as a job's task would ({@link FailoverChunkReader}); when every
 * copy failed the reads fail, naming the chunk and nodes. What each chunk's read took from its nodes is
 * reported to the query's {@link ProgressListener#chunksRead} as it ends.
 *
 * <pre>{@code
 * try (ChunkReads reads = ChunkReads.open(config, catalogDir, version, List.of(source), progress)) {
 *     for (ChunkReads.Batch b; (b = reads.next()) != null; ) {
 *         b.rows().forEach(...);   // rows of sources.get(b.input())
 *     }
 * }
 * }</pre>
 */
final class ChunkReads implements AutoCloseable {
    private static final int BATCH = 512;

    /** Rows of one chunk of source number {@code input}; the rows are the reader's to keep. */
    record Batch(int input, List<Row> rows) {
    }

    /**
     * Where the rows of one chunk go when they are processed in the thread that reads them ({@link #process}),
     * as a map task processes its split: the reads then hand over no batch.
     */
    @FunctionalInterface
    interface PerChunk {
        /**
         * The sink of one chunk's rows (each row is the reader's, to copy if kept); its {@code finish} is
         * called after the chunk's last row.
         *
         * @param input source number
         * @param chunk the chunk's number among all the sources' chunks, from 0
         */
        RowSink open(int input, int chunk) throws IOException;
    }

    private final ChunkReadSettings settings;
    private final CredentialResolver credentials;
    private final Handoff<Batch> batches;
    private final ExecutorService readers;
    private final AtomicInteger running = new AtomicInteger();
    /** The statements being read, to cancel on their nodes: a node may compute long before its first row. */
    private final Set<ChunkStatementCancel> statements = ConcurrentHashMap.newKeySet();
    /** Null when the rows are handed over in batches. */
    private final PerChunk perChunk;
    /** Told what each chunk's read took from its nodes, when it ends. */
    private final ProgressListener progress;

    private ChunkReads(List<List<ChunkSplit>> splits, ChunkReadSettings settings, CredentialResolver credentials, int parallel,
            PerChunk perChunk, ProgressListener progress) {
        this.progress = progress;
        this.settings = settings;
        this.credentials = credentials;
        this.perChunk = perChunk;
        int total = splits.stream().mapToInt(List::size).sum();
        int threads = Math.max(1, Math.min(parallel, total));
        this.batches = new Handoff<>(threads * 4);
        this.readers = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "hadoopdb-chunk-read");
            t.setDaemon(true);
            return t;
        });
        running.set(total);
        if (total == 0) {
            batches.end();
        }
        int chunk = 0;
        for (int input = 0; input < splits.size(); input++) {
            int in = input;
            for (ChunkSplit split : splits.get(input)) {
                int number = chunk++;
                readers.execute(() -> read(in, number, split));
            }
        }
        readers.shutdown();
    }

    /**
     * Starts reading every chunk of every source (checking the nodes and the statements first, as a
     * job's split computation does).
     */
    static ChunkReads open(HadoopDbConfig config, Path catalogDir, long version, List<ChunkSource> sources,
            ProgressListener progress) {
        return start(config, catalogDir, version, sources, null, progress);
    }

    /**
     * Starts reading every chunk of every source, each chunk's rows going to its own sink in the thread that
     * reads it ({@code perChunk}); {@link #next()} then returns null once every chunk has been read and
     * finished, or throws the first failure.
     */
    static ChunkReads process(HadoopDbConfig config, Path catalogDir, long version, List<ChunkSource> sources, PerChunk perChunk,
            ProgressListener progress) {
        return start(config, catalogDir, version, sources, perChunk, progress);
    }

    private static ChunkReads start(HadoopDbConfig config, Path catalogDir, long version, List<ChunkSource> sources,
            PerChunk perChunk, ProgressListener progress) {
        Catalog catalog = new CatalogStore(catalogDir, config.hadoopConf(), "hadoopdb").load(version);
        ChunkReadSettings settings = ChunkReadSettings.from(config);
        CredentialResolver credentials = new CredentialResolver(config.hadoopConf());
        List<List<ChunkSplit>> splits = new ArrayList<>();
        for (ChunkSource source : sources) {
            splits.add(ChunkSplits.plan(catalog, ChunkInputAdapter.query(source), settings, credentials));
        }
        return new ChunkReads(splits, settings, credentials, config.get(ConfigKeys.FETCH_DIRECT_PARALLEL), perChunk, progress);
    }

    /**
     * The next batch, waiting for one; null when every chunk has been read (or the reads were closed).
     *
     * @throws RuntimeException the first chunk's failure (the reads are then closed)
     */
    Batch next() {
        return batches.take();
    }

    /** One chunk, in batches or through its own sink; the last reader to finish ends the stream. */
    private void read(int input, int chunk, ChunkSplit split) {
        if (batches.closed()) { // cancelled before this chunk's turn: its statement is not even started
            if (running.decrementAndGet() == 0) {
                batches.end();
            }
            return;
        }
        ChunkStatementCancel cancel = new ChunkStatementCancel();
        statements.add(cancel);
        if (batches.closed()) { // cancelled while this chunk was being registered
            cancel.cancel();
        }
        try (FailoverChunkReader reader = FailoverChunkReader.open(split, 0, settings, credentials, cancel)) {
            try {
                hand(reader, input, chunk, split);
            } finally {
                progress.chunksRead(reader.nodeReads());
            }
        } catch (IOException e) {
            if (!batches.closed()) {
                batches.fail(new PlannerException("Cannot process the rows of chunk " + split + ": " + e.getMessage(), e));
            }
        } catch (RuntimeException e) {
            if (!batches.closed()) { // a read stopped by a cancel or a closed result is no failure of the query
                batches.fail(e);
            }
        } catch (Error e) {
            // the consumer must learn of it: a reader thread that died silently left its chunk's rows out of the answer
            if (!batches.closed()) {
                batches.fail(new PlannerException("Cannot process the rows of chunk " + split + ": " + e
                        + (e instanceof OutOfMemoryError ? " (the JVM's heap is too small for this query: raise -Xmx, e.g. "
                        + "HADOOPDB_OPTS=-Xmx8g for bin/hadoopdb)" : ""), e));
            }
            throw e;
        } finally {
            statements.remove(cancel);
            if (running.decrementAndGet() == 0) {
                batches.end();
            }
        }
    }

    /** Hands the chunk's rows on, to its own sink or in batches, until its end or until the reads are closed. */
    private void hand(FailoverChunkReader reader, int input, int chunk, ChunkSplit split) throws IOException {
        Row r = new Row(split.schema());
        if (perChunk != null) {
            RowSink sink = perChunk.open(input, chunk);
            while (!batches.closed() && reader.next(r)) {
                sink.accept(r);
            }
            if (!batches.closed()) {
                sink.finish();
            }
            return;
        }
        List<Row> rows = new ArrayList<>(BATCH);
        while (!batches.closed() && reader.next(r)) {
            rows.add(r.copy());
            if (rows.size() == BATCH) {
                batches.put(new Batch(input, rows));
                rows = new ArrayList<>(BATCH);
            }
        }
        if (!rows.isEmpty()) {
            batches.put(new Batch(input, rows));
        }
    }

    /**
     * Stops the reads without waiting for them: each reader stops at its next row and closes its
     * connection on the way out. A consumer waiting in {@link #next()} gets null.
     */
    void cancel() {
        batches.close();
        statements.forEach(ChunkStatementCancel::cancel);
        readers.shutdownNow();
        batches.wake();
    }

    /** Stops the reads and waits (up to 30 s) until the readers have closed their connections. */
    @Override
    public void close() {
        cancel();
        try {
            readers.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
