package org.hadoopdb.connector.chunk;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one {@link ChunkSplit} in a map task: key = the row's number within the chunk, value = the
 * row (one reused {@link Row}). Attempt {@code a} of the task starts at copy {@code a mod copies}: a
 * failed attempt's retry, and a speculative attempt, go to the next replica, never back to the node
 * that failed or straggled. Within an attempt, a node that cannot be reached or fails mid-read is
 * replaced by the chunk's next copy without repeating or losing a row ({@link FailoverChunkReader});
 * the job's {@link ChunkReadCounter}s count those failovers, and its {@link NodeReads} counters the rows
 * and bytes read from each node.
 */
public final class ChunkRecordReader extends RecordReader<LongWritable, Row> {
    private static final Logger LOG = LoggerFactory.getLogger(ChunkRecordReader.class);

    private ChunkSplit split;
    private FailoverChunkReader reader;
    private final ChunkStatementCancel cancel = new ChunkStatementCancel();
    private TaskAttemptContext task;
    private int failoversCounted;
    private long skippedCounted;
    private NodeReads readsCounted = NodeReads.NONE;
    private final LongWritable key = new LongWritable();
    private Row row;
    private boolean done;

    @Override
    public void initialize(InputSplit input, TaskAttemptContext context) throws IOException {
        split = (ChunkSplit) input;
        Configuration conf = context.getConfiguration();
        int attempt = context.getTaskAttemptID() == null ? 0 : context.getTaskAttemptID().getId();
        task = context;
        initialize(split, attempt, ChunkReadSettings.from(HadoopDbConfig.of(conf)), new CredentialResolver(conf));
    }

    /** Opens the split outside a Hadoop task (the planner's direct fetch, tests): copy {@code copyIndex}. */
    public void initialize(ChunkSplit chunk, int copyIndex, ChunkReadSettings settings, CredentialResolver credentials)
            throws IOException {
        this.split = chunk;
        this.row = new Row(chunk.schema());
        try {
            reader = FailoverChunkReader.open(chunk, copyIndex, settings, credentials, cancel);
        } catch (ChunkReadException e) {
            throw new IOException(e.getMessage(), e);
        }
        LOG.info("Reading {} from node {}", chunk, reader.copy().node().id());
    }

    /**
     * Stops this reader's chunk statement from another thread, even while its node still computes the
     * first row (a cancelled query's task waiting in {@link #initialize}).
     */
    public ChunkStatementCancel statementCancel() {
        return cancel;
    }

    @Override
    public boolean nextKeyValue() throws IOException {
        if (done) {
            return false;
        }
        try {
            if (!reader.next(row)) {
                done = true;
                countReads();
                return false;
            }
        } catch (ChunkReadException e) {
            countReads();
            throw new IOException(e.getMessage(), e);
        }
        key.set(reader.rowsRead());
        return true;
    }

    @Override
    public LongWritable getCurrentKey() {
        return key;
    }

    @Override
    public Row getCurrentValue() {
        return row;
    }

    /** Rows read against the chunk's row count in the catalog: real progress, so long chunks are not taken for hung. */
    @Override
    public float getProgress() {
        if (done) {
            return 1f;
        }
        if (reader == null || split.rows() <= 0) {
            return 0f;
        }
        return Math.min(1f, (float) reader.rowsRead() / split.rows());
    }

    @Override
    public void close() {
        if (reader != null) {
            countReads();
            reader.close();
            reader = null;
        }
    }

    /**
     * Adds the reads and failovers not counted yet to the task's counters (the task reports them when
     * it ends); a read without failovers adds no failover counter, so jobs without failures list none.
     */
    private void countReads() {
        if (task == null || reader == null) {
            return;
        }
        NodeReads reads = reader.nodeReads();
        if (!reads.equals(readsCounted)) {
            reads.since(readsCounted).addTo(task);
            readsCounted = reads;
        }
        if (reader.failovers() == failoversCounted && reader.rowsSkipped() == skippedCounted) {
            return;
        }
        task.getCounter(ChunkReadCounter.REPLICA_FAILOVERS).increment(reader.failovers() - failoversCounted);
        task.getCounter(ChunkReadCounter.ROWS_SKIPPED_ON_RESUME).increment(reader.rowsSkipped() - skippedCounted);
        failoversCounted = reader.failovers();
        skippedCounted = reader.rowsSkipped();
    }
}
