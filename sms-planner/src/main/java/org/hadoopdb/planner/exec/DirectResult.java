package org.hadoopdb.planner.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.store.CatalogStore;
import org.hadoopdb.connector.chunk.ChunkReadException;
import org.hadoopdb.connector.chunk.ChunkReadSettings;
import org.hadoopdb.connector.chunk.ChunkReader;
import org.hadoopdb.connector.chunk.ChunkSplit;
import org.hadoopdb.connector.chunk.ChunkSplits;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.exec.mr.ChunkInputAdapter;
import org.hadoopdb.planner.plan.ChunkSource;

/**
 * Hive's fetch task: a map-only result read straight from the chunks without a job. Several chunks are
 * read at once ({@code hadoopdb.fetch.direct.parallel}), each by its own thread, which hands the caller
 * batches of rows through a bounded queue, so the nodes work in parallel while memory stays bounded.
 * Rows of different chunks interleave: a map-only result over several chunks has no order. A chunk
 * whose node fails before it returned a row is read from its next copy; after rows were returned, a
 * retry would repeat them, so the query fails instead, naming the chunk and node.
 */
final class DirectResult implements ResultStream {
    private static final int BATCH = 512;
    private static final List<Row> END = new ArrayList<>();

    private final List<ChunkSplit> splits;
    private final RowSchema schema;
    private final ChunkReadSettings settings;
    private final CredentialResolver credentials;
    private final BlockingQueue<List<Row>> batches;
    private final ExecutorService readers;
    private final AtomicInteger running = new AtomicInteger();
    private volatile boolean closed;
    private volatile RuntimeException failure;
    private List<Row> batch = List.of();
    private int position;
    private Row row;

    private DirectResult(List<ChunkSplit> splits, RowSchema schema, ChunkReadSettings settings, CredentialResolver credentials,
                         int parallel) {
        this.splits = splits;
        this.schema = schema;
        this.settings = settings;
        this.credentials = credentials;
        int threads = Math.max(1, Math.min(parallel, splits.size()));
        this.batches = new ArrayBlockingQueue<>(threads * 4);
        this.readers = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "hadoopdb-direct-read");
            t.setDaemon(true);
            return t;
        });
        running.set(splits.size());
        if (splits.isEmpty()) {
            batches.add(END);
        }
        for (ChunkSplit split : splits) {
            readers.execute(() -> read(split));
        }
        readers.shutdown();
    }

    static ResultStream open(HadoopDbConfig config, Path catalogDir, long version, ChunkSource source, RowSchema schema) {
        Catalog catalog = new CatalogStore(catalogDir, config.hadoopConf(), "hadoopdb").load(version);
        ChunkReadSettings settings = ChunkReadSettings.from(config);
        CredentialResolver credentials = new CredentialResolver(config.hadoopConf());
        List<ChunkSplit> splits = ChunkSplits.plan(catalog, ChunkInputAdapter.query(source), settings, credentials);
        return new DirectResult(splits, schema, settings, credentials, config.get(ConfigKeys.FETCH_DIRECT_PARALLEL));
    }

    @Override
    public RowSchema schema() {
        return schema;
    }

    @Override
    public boolean next() {
        while (position >= batch.size()) {
            if (batch == END || closed) {
                return false;
            }
            try {
                batch = batches.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new PlannerException("Interrupted while reading the result from the chunks", e);
            }
            position = 0;
            if (failure != null) {
                RuntimeException f = failure;
                close();
                throw f;
            }
        }
        row = batch.get(position++);
        return true;
    }

    /** One chunk, in batches; the last reader to finish ends the stream. */
    private void read(ChunkSplit split) {
        try (ChunkReader reader = openWithFailover(split)) {
            List<Row> rows = new ArrayList<>(BATCH);
            Row r = new Row(split.schema());
            while (!closed && reader.next(r)) {
                rows.add(r.copy());
                if (rows.size() == BATCH) {
                    hand(rows);
                    rows = new ArrayList<>(BATCH);
                }
            }
            if (!rows.isEmpty()) {
                hand(rows);
            }
        } catch (RuntimeException e) {
            if (failure == null) {
                failure = e;
            }
        } finally {
            if (running.decrementAndGet() == 0 || failure != null) {
                hand(END);
            }
        }
    }

    /** Waits for room in the queue, giving up when the caller has closed the stream. */
    private void hand(List<Row> rows) {
        try {
            while (!closed && !batches.offer(rows, 100, TimeUnit.MILLISECONDS)) {
                // the caller is slow: wait
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ChunkReader openWithFailover(ChunkSplit split) {
        ChunkReadException last = null;
        for (int copy = 0; copy < split.copies().size(); copy++) {
            try {
                return ChunkReader.open(split, copy, settings, credentials);
            } catch (ChunkReadException e) {
                if (!e.nodeFailure()) {
                    throw e;
                }
                last = e;
            }
        }
        throw new PlannerException("Every copy of " + split + " failed; the last error: " + last.getMessage(), last);
    }

    @Override
    public Row row() {
        return row;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        batches.clear(); // frees readers waiting for room
        readers.shutdownNow();
        try {
            // the readers close their connections on the way out
            readers.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
