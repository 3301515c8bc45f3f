package org.hadoopdb.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.SortKey;
import org.hadoopdb.connector.row.SortKeyCodec;
import org.hadoopdb.planner.plan.Shuffle;
import org.hadoopdb.runtime.ops.RowSink;

/**
 * The map side's output of a stage run in the client, held in memory under each row's shuffle key: one list
 * per map pipeline (each filled by one thread, as each map task fills its own buffer), with the caps of the
 * stage's {@link ExecutionPlan.InClient mode} counted over all of them. Past either cap, the pipeline that
 * crossed it throws {@link Full}, and the stage runs as a job instead. {@link #sorted()} is the shuffle's order.
 */
final class ShuffleBuffer {
    /** Heap bytes of one buffered row besides its values: the entry, the key object and its array, list slots. */
    private static final long ENTRY_OVERHEAD = 112;

    /** One row of map output under its shuffle key. */
    record Entry(SortKey key, Row row) {
    }

    /** The map side gave up: more rows or bytes than the mode allows. */
    static final class Full extends RuntimeException {
        Full(String why) {
            super(why, null, false, false);
        }
    }

    private final Shuffle shuffle;
    private final long maxRows;
    private final long maxBytes;
    private final List<List<Entry>> lists = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong rows = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    ShuffleBuffer(Shuffle shuffle, ExecutionPlan.InClient mode) {
        this.shuffle = shuffle;
        this.maxRows = mode.maxBufferedRows();
        this.maxBytes = mode.maxBufferBytes();
    }

    /**
     * The end of one map pipeline, for one thread: the row under its shuffle key.
     *
     * @param owned the rows handed in are the sink's to keep (else they are copied)
     */
    RowSink sink(boolean owned) {
        List<Entry> mine = new ArrayList<>();
        lists.add(mine);
        SortKeyCodec codec = new SortKeyCodec(shuffle.key());
        SortKey key = new SortKey();
        return row -> {
            Row kept = owned ? row : row.copy();
            mine.add(new Entry(codec.encode(kept, key).copy(), kept));
            long n = rows.incrementAndGet();
            long b = bytes.addAndGet(kept.estimatedBytes() + key.length() + ENTRY_OVERHEAD);
            if (n > maxRows || b > maxBytes) {
                // the caps are the mode's: the buffered-rows and bytes settings, or fewer rows for a stage on trial
                throw new Full(String.format(Locale.ROOT, "more than %,d rows (%,d bytes) reached the client, past its caps of "
                        + "%,d rows or %,d bytes (%s, %s)", n, b, maxRows, maxBytes, ConfigKeys.CLIENT_STAGE_MAX_BUFFERED_ROWS.name(),
                        ConfigKeys.CLIENT_STAGE_MAX_BUFFER_BYTES.name()));
            }
        };
    }

    /**
     * Every pipeline having ended, all their rows in the shuffle's order, sorted on all cores (equal keys in
     * any order, as the shuffle's merge leaves them); the buffer is emptied. The list's slots may be cleared
     * as rows are consumed.
     */
    List<Entry> sorted() {
        Entry[] all;
        synchronized (lists) {
            all = lists.stream().flatMap(List::stream).toArray(Entry[]::new);
            lists.clear();
        }
        Arrays.parallelSort(all, (a, b) -> a.key().compareTo(b.key()));
        return Arrays.asList(all);
    }

    /** Rows buffered so far. */
    long rows() {
        return rows.get();
    }
}
