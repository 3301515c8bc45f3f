package org.hadoopdb.connector.chunk;

import org.hadoopdb.connector.pool.CredentialResolver;
import org.hadoopdb.connector.row.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one split from its copies: when the node being read fails, before the first row or in the
 * middle of the chunk, the read moves to the chunk's next copy and goes on without repeating or
 * losing a row. This is what makes a replica take over during a query where nothing retries a task
 * (Hadoop's local runner, direct reads); on YARN it saves the attempt a retry.
 *
 * <h2>Resuming exactly</h2>
 * A copy's result is the same multiset of rows as the failed node's, but not in the same order:
 * SQL promises no order without {@code ORDER BY}, and copies differ physically (row placement,
 * synchronized scans, hash tables, parallel workers). So the new copy's statement is run again
 * from the start and every row it returns that was already handed on is skipped, one occurrence
 * per occurrence handed on: the reader keeps a 128-bit digest of each row it handed on
 * ({@link DeliveredRows}). Forcing an order instead ({@code ORDER BY} every column) would sort every
 * chunk of every query for a rare failure, and still not be exact (ties between rows that print
 * differently, like {@code 0.0} and {@code -0.0} or {@code 1.5} and {@code 1.50}, and collations
 * that differ between servers); a server-side cursor dies with its server. The digests cost 16 bytes
 * and one SHA-256 per row handed on and are kept only when the chunk has another copy, up to
 * {@code hadoopdb.connector.resume-max-rows} (0 turns them off); past it a node failure fails the
 * read, as it did before: on YARN the task's next attempt then reads a replica.
 *
 * <p>If the new copy's result ends without having returned every row already handed on, the
 * copies differ or the statement's result is not deterministic (a {@code LIMIT} without a total
 * order): the read fails rather than give a wrong answer.
 *
 * <p>Only node failures move the read ({@link ChunkReadException#nodeFailure()}); a statement the
 * database refuses, or a timeout, fails at once, as does any failure after {@link #close()} or
 * once the reading thread is interrupted (a cancelled task is not failed over).
 *
 * <pre>{@code
 * try (FailoverChunkReader reader = FailoverChunkReader.open(split, attempt, settings, credentials)) {
 *     Row row = new Row(split.schema());
 *     while (reader.next(row)) { ... }
 * }
 * }</pre>
 */
public final class FailoverChunkReader implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FailoverChunkReader.class);

    private final ChunkSplit split;
    private final ChunkReadSettings settings;
    private final CredentialResolver credentials;
    private final boolean[] failed;
    private final DeliveredRows delivered;
    private final ChunkStatementCancel cancel;
    private ChunkReader reader;
    private int copyIndex;
    private long handedOn;
    /** Bytes of the rows handed on (their encoded length). */
    private long bytesHandedOn;
    /** What the copies read before the current one handed on, and where the current one started. */
    private NodeReads earlierCopies = NodeReads.NONE;
    private long rowsBeforeCopy;
    private long bytesBeforeCopy;
    private long skipped;
    private int failovers;
    private volatile boolean closed;

    private FailoverChunkReader(ChunkSplit split, ChunkReadSettings settings, CredentialResolver credentials,
                                ChunkStatementCancel cancel) {
        this.cancel = cancel;
        this.split = split;
        this.settings = settings;
        this.credentials = credentials;
        this.failed = new boolean[split.copies().size()];
        // with one copy there is nothing to resume on: no digest is worth its memory
        this.delivered = new DeliveredRows(split.copies().size() > 1 ? settings.resumeMaxRows() : 0);
    }

    /**
     * Opens copy {@code firstCopy} (modulo the number of copies) of the split's chunk, or the next
     * copies in turn while nodes cannot be reached, and starts the statement.
     *
     * @throws ChunkReadException when the statement fails, or every copy's node failed (then
     *                            {@link ChunkReadException#nodeFailure()} is true)
     */
    public static FailoverChunkReader open(ChunkSplit split, int firstCopy, ChunkReadSettings settings,
                                           CredentialResolver credentials) {
        return open(split, firstCopy, settings, credentials, new ChunkStatementCancel());
    }

    /**
     * As {@link #open(ChunkSplit, int, ChunkReadSettings, CredentialResolver)}, stoppable from another
     * thread through {@code cancel}, even while a node still computes the statement's first row; a
     * cancelled read never moves to another copy.
     */
    public static FailoverChunkReader open(ChunkSplit split, int firstCopy, ChunkReadSettings settings,
                                           CredentialResolver credentials, ChunkStatementCancel cancel) {
        FailoverChunkReader r = new FailoverChunkReader(split, settings, credentials, cancel);
        r.reader = r.openFrom(firstCopy, null);
        return r;
    }

    /**
     * Fills {@code row} with the next row; false at the end of the chunk. A node failure on the way
     * moves the read to the next copy (see the class comment).
     *
     * @throws ChunkReadException when the statement fails, every copy failed, or the read cannot resume exactly
     */
    public boolean next(Row row) {
        while (true) {
            boolean more;
            try {
                more = reader.next(row);
            } catch (ChunkReadException e) {
                failOver(e);
                continue;
            }
            if (!more) {
                if (delivered.pending() > 0) {
                    throw ChunkReadException.cannotResume("Cannot resume " + split + " exactly on node " + reader.copy().node().id()
                            + ": " + delivered.pending() + " of the rows read before the failover are not in its result (the copies "
                            + "differ, or the chunk statement's result is not deterministic)", null, false, reader.copy().node().id());
                }
                return false;
            }
            if (delivered.handOn(row)) {
                handedOn++;
                bytesHandedOn += row.encodedLength();
                return true;
            }
            skipped++;
        }
    }

    /** Rows handed on so far: the number of the last row {@link #next} returned. */
    public long rowsRead() {
        return handedOn;
    }

    /**
     * The rows handed on so far and their bytes, by the node that returned them: all of them the first
     * copy's node, unless the read failed over.
     */
    public NodeReads nodeReads() {
        return earlierCopies.plus(NodeReads.of(reader.copy().node().id(), handedOn - rowsBeforeCopy,
                bytesHandedOn - bytesBeforeCopy));
    }

    /** The copy being read now. */
    public ChunkCopy copy() {
        return reader.copy();
    }

    /** How many times the read moved to another copy after it had started. */
    public int failovers() {
        return failovers;
    }

    /** Rows a copy returned again after a failover that had been handed on already, and were skipped. */
    public long rowsSkipped() {
        return skipped;
    }

    @Override
    public void close() {
        closed = true;
        if (reader != null) {
            reader.close();
        }
    }

    private void failOver(ChunkReadException e) {
        if (!e.nodeFailure() || stopped()) {
            throw e;
        }
        String node = reader.copy().node().id();
        if (!delivered.complete()) {
            throw ChunkReadException.cannotResume("Node " + node + " failed after " + handedOn + " rows of " + split
                    + " had been read, more than hadoopdb.connector.resume-max-rows (" + settings.resumeMaxRows()
                    + "): the read cannot resume on another copy; " + e.getMessage(), e, true, node);
        }
        failed[copyIndex] = true;
        earlierCopies = nodeReads();
        rowsBeforeCopy = handedOn;
        bytesBeforeCopy = bytesHandedOn;
        reader.close();
        reader = openFrom(copyIndex + 1, e);
        delivered.beginReplay();
        failovers++;
        LOG.warn("Node {} failed while {} was read, after {} rows ({}); resuming on node {}", node, split, handedOn, e.getMessage(),
                reader.copy().node().id());
    }

    /** The first copy from {@code from} on (cyclically) that has not failed and opens; node failures move on. */
    private ChunkReader openFrom(int from, ChunkReadException cause) {
        ChunkReadException last = cause;
        int n = split.copies().size();
        for (int step = 0; step < n; step++) {
            int index = Math.floorMod(from + step, n);
            if (failed[index]) {
                continue;
            }
            if (stopped()) {
                throw ChunkReadException.cannotResume("The read of " + split + " was stopped", last, false,
                        split.copies().get(index).node().id());
            }
            try {
                ChunkReader opened = ChunkReader.open(split, index, settings, credentials, cancel);
                copyIndex = index;
                return opened;
            } catch (ChunkReadException e) {
                if (!e.nodeFailure()) {
                    throw e;
                }
                failed[index] = true;
                last = e;
                LOG.warn("Cannot open {} on node {} ({}); trying its next copy", split, split.copies().get(index).node().id(),
                        e.getMessage());
            }
        }
        throw ChunkReadException.everyCopyFailed(split, last);
    }

    /** Closed, cancelled, or its thread interrupted: no failover then, the read is meant to stop. */
    private boolean stopped() {
        return closed || cancel.cancelled() || Thread.currentThread().isInterrupted();
    }
}
