package org.hadoopdb.runtime;

import java.util.List;
import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.plan.ChunkSource;

/**
 * Hive's fetch task: a map-only result read straight from the chunks without a job, all chunks at
 * once ({@link ChunkReads}). Rows of different chunks interleave: a map-only result over several
 * chunks has no order.
 */
final class DirectResult implements ResultStream {
    private final ChunkReads reads;
    private final RowSchema schema;
    private List<Row> batch = List.of();
    private int position;
    private Row row;
    private boolean closed;
    private volatile boolean cancelled;

    private DirectResult(ChunkReads reads, RowSchema schema) {
        this.reads = reads;
        this.schema = schema;
    }

    static ResultStream open(HadoopDbConfig config, Path catalogDir, long version, ChunkSource source, RowSchema schema,
            ProgressListener progress) {
        return new DirectResult(ChunkReads.open(config, catalogDir, version, List.of(source), progress), schema);
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
        while (position >= batch.size()) {
            if (closed) {
                return false;
            }
            ChunkReads.Batch b;
            try {
                b = reads.next();
            } catch (RuntimeException e) {
                close();
                if (cancelled) {
                    // a chunk statement stopped by the cancel fails its read: the query was cancelled, it did not fail
                    throw new PlannerException("Query cancelled", e);
                }
                throw e;
            }
            if (b == null) {
                if (cancelled) {
                    throw new PlannerException("Query cancelled");
                }
                return false;
            }
            batch = b.rows();
            position = 0;
        }
        row = batch.get(position++);
        return true;
    }

    @Override
    public Row row() {
        return row;
    }

    /** Stops the chunk reads at once: a reader waiting in {@link #next()} gets "Query cancelled". */
    @Override
    public void cancel() {
        cancelled = true;
        reads.cancel();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            reads.close();
        }
    }
}
