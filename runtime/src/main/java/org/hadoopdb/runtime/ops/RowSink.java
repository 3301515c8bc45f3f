package org.hadoopdb.runtime.ops;

import java.io.IOException;
import org.hadoopdb.connector.row.Row;

/**
 * Where an operator sends its rows. The row passed to {@link #accept} may be reused by the caller
 * after the call returns: a sink that keeps it must copy it.
 */
public interface RowSink {
    void accept(Row row) throws IOException;

    /** The end of one shuffle group (a reduce call); aggregates emit their group here. */
    default void endGroup() throws IOException {
    }

    /** No more rows: the task is ending. */
    default void finish() throws IOException {
    }

    /** True when no further row can change the output (a satisfied LIMIT): the caller may stop reading. */
    default boolean done() {
        return false;
    }
}
