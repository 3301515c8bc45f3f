package org.hadoopdb.runtime;

import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;

/**
 * The rows of a query result, streamed: never all in memory. Closing it releases the query's
 * scratch space.
 *
 * <pre>{@code
 * try (ResultStream rows = executor.run(plan, ProgressListener.NONE)) {
 *     while (rows.next()) {
 *         System.out.println(rows.row());
 *     }
 * }
 * }</pre>
 */
public interface ResultStream extends AutoCloseable {
    RowSchema schema();

    /** Advances to the next row; false at the end. */
    boolean next();

    /** The current row; valid until the next call to {@link #next()}. */
    Row row();

    /**
     * Stops the stream from another thread (a cancel while its rows are being fetched): whatever
     * produces its rows stops, and the reader's next {@link #next()} fails with "Query cancelled"
     * instead of waiting for rows. The owner still closes it. A stream with nothing running behind it
     * has nothing to stop.
     */
    default void cancel() {
    }

    @Override
    void close();
}
