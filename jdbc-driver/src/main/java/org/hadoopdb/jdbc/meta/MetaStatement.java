package org.hadoopdb.jdbc.meta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.runtime.ResultStream;

/**
 * The server side of one JDBC statement: its prepared text, whether it runs or was asked to stop,
 * and its open result, which is read frame by frame as the client fetches (never all at once).
 */
final class MetaStatement {
    /** Rows in a first frame when the client asks for "all" (-1): the rest come by fetch. */
    static final int DEFAULT_FRAME_ROWS = 100;
    /** The most rows one frame carries, whatever the client asks, to bound the memory of a frame. */
    static final int MAX_FRAME_ROWS = 50_000;

    final int id;
    private String preparedSql;
    private int parameterCount;
    private long preparedMaxRows;

    /** Volatile for {@link #cancelResult()}, which must not wait for a fetch that waits for rows. */
    private volatile ResultStream rows;
    private long produced;
    private long limit;
    /** Where the open result's rows are counted and its end recorded; null without an open result. */
    private volatile QueryRecord record;

    private volatile boolean running;
    /** Counts runs, so a late cancel meant for one run never stops the next. */
    private volatile long generation;
    private volatile boolean cancelRequested;

    MetaStatement(int id) {
        this.id = id;
    }

    synchronized void prepare(String sql, int parameters, long maxRows) {
        this.preparedSql = sql;
        this.parameterCount = parameters;
        this.preparedMaxRows = maxRows;
    }

    synchronized String preparedSql() {
        return preparedSql;
    }

    synchronized int parameterCount() {
        return parameterCount;
    }

    synchronized long preparedMaxRows() {
        return preparedMaxRows;
    }

    /** Marks the start of a run: clears an old result and an old cancel request. */
    void begin() {
        closeResult();
        cancelRequested = false;
        generation++;
        running = true;
    }

    long generation() {
        return generation;
    }

    void end() {
        running = false;
    }

    boolean running() {
        return running;
    }

    void requestCancel() {
        cancelRequested = true;
    }

    boolean cancelRequested() {
        return cancelRequested;
    }

    /**
     * Keeps a query's rows for fetching; {@code maxRows <= 0} means all of them. {@code record} counts
     * the rows sent and ends when the result is closed (finished, or cancelled if a cancel was asked).
     */
    synchronized void open(ResultStream result, long maxRows, QueryRecord record) {
        closeResult();
        this.record = record;
        this.rows = result;
        this.produced = 0;
        this.limit = maxRows <= 0 ? Long.MAX_VALUE : maxRows;
    }

    /**
     * The next frame: up to {@code maxRows} rows from {@code offset}, which must be where the last frame
     * ended (results are read forward only). The result is closed once its last row has been sent.
     */
    synchronized Meta.Frame fetch(long offset, int maxRows) throws MissingResultsException {
        if (rows == null) {
            throw new MissingResultsException(new Meta.StatementHandle(null, id, null));
        }
        if (offset != produced) {
            throw new JdbcException(JdbcException.NOT_SUPPORTED, "Results are read forward only: rows from " + offset
                    + " were asked for, but the next row is " + produced);
        }
        int n = maxRows <= 0 ? DEFAULT_FRAME_ROWS : Math.min(maxRows, MAX_FRAME_ROWS);
        List<Object> out = new ArrayList<>(Math.min(n, 1024));
        boolean done = false;
        while (out.size() < n) {
            if (cancelRequested) {
                throw new JdbcException(JdbcException.CANCELLED, "Query cancelled while its rows were fetched");
            }
            if (produced >= limit || !rows.next()) {
                done = true;
                break;
            }
            out.add(values(rows.row()));
            produced++;
        }
        QueryRecord r = record;
        if (r != null) {
            r.addRows(out.size());
        }
        if (produced >= limit) {
            done = true;
        }
        if (done) {
            closeResult();
        }
        return new Meta.Frame(offset, done, out);
    }

    private static List<Object> values(Row row) {
        Object[] out = new Object[row.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = JdbcTypes.frameValue(row, i);
        }
        return Arrays.asList(out);
    }

    /**
     * A cancel while the client fetches the rows: no further row is sent (the next fetch fails with
     * HY008), what produces them stops at once, and the result is closed, releasing its files,
     * readers and connections.
     */
    void cancelResult() {
        requestCancel();
        ResultStream r = rows;
        if (r != null) {
            r.cancel(); // ends a fetch waiting for rows, whose lock closeResult needs
        }
        closeResult();
    }

    synchronized void closeResult() {
        if (rows != null) {
            ResultStream r = rows;
            rows = null;
            r.close();
        }
        QueryRecord ending = record;
        record = null;
        if (ending != null) {
            if (cancelRequested) {
                ending.cancelled("Query cancelled while its rows were fetched", JdbcException.CANCELLED);
            } else {
                ending.finished();
            }
        }
    }

    /** The record of the open result, or null. */
    QueryRecord record() {
        return record;
    }

    static NoSuchStatementException missing(Meta.StatementHandle h) {
        return new NoSuchStatementException(h);
    }
}
