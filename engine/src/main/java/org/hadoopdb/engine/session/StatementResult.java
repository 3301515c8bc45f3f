package org.hadoopdb.engine.session;

import org.hadoopdb.runtime.ResultStream;

/** What a statement returns: rows, or a message with an update count (DDL, LOAD, SET). */
public sealed interface StatementResult permits StatementResult.Rows, StatementResult.Done {

    /** A query's rows, streamed; close them when done. */
    record Rows(ResultStream rows) implements StatementResult {
    }

    /**
     * A statement without rows.
     *
     * @param message     what happened, for the user (e.g. a load report); may be empty
     * @param updateCount rows affected (loaded, inserted), 0 for DDL
     */
    record Done(String message, long updateCount) implements StatementResult {
    }
}
