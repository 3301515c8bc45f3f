package org.hadoopdb.hs2;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hive.service.rpc.thrift.TFetchOrientation;
import org.apache.hive.service.rpc.thrift.TGetOperationStatusResp;
import org.apache.hive.service.rpc.thrift.THandleIdentifier;
import org.apache.hive.service.rpc.thrift.TOperationHandle;
import org.apache.hive.service.rpc.thrift.TOperationState;
import org.apache.hive.service.rpc.thrift.TOperationType;
import org.apache.hive.service.rpc.thrift.TRowSet;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.connector.chunk.NodeReads;
import org.hadoopdb.engine.session.StatementResult;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.jdbc.meta.HadoopDbMeta;
import org.hadoopdb.jdbc.meta.QueryGate;
import org.hadoopdb.jdbc.queries.QueryPlans;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.runtime.ResultStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HiveServer2 operation: a statement run (synchronously or in the background) or a metadata
 * call, its state as {@code GetOperationStatus} reports it, its rows fetched forward batch by batch,
 * and its log (the statement's progress and messages, for {@code FetchResults} with fetchType 1).
 * A statement is recorded in the query server's registry as the JDBC endpoint records its own:
 * running once it has its session, its stages' progress, its rows as they are fetched, and how it
 * ended (a query ends when its last row was fetched or the operation closed).
 */
final class Operation {
    private static final Logger LOG = LoggerFactory.getLogger(Operation.class);
    /** The log keeps the latest lines only: a client that never reads it must not grow it without end. */
    private static final int MAX_LOG_LINES = 1000;

    private final THandleIdentifier id;
    private final String key;
    private final TOperationType type;
    private final Hs2Session session;
    /** Where a statement is recorded; null for a metadata call. */
    private final QueryRecord record;
    private final CountDownLatch done = new CountDownLatch(1);
    private final Deque<String> log = new ArrayDeque<>();
    private final long started = System.currentTimeMillis();
    private final StageProgress stageProgress = new StageProgress(started);
    private volatile long completed;
    private volatile TOperationState state = TOperationState.INITIALIZED_STATE;
    private volatile RuntimeException error;
    private volatile boolean cancelRequested;
    private volatile boolean timedOut;
    private volatile RowSource rows;
    private volatile long updateCount = -1;
    /** Rows sent so far (the next batch's offset). */
    private long sent;

    private Operation(TOperationType type, Hs2Session session, QueryRecord record) {
        this.id = Handles.newIdentifier();
        this.key = Handles.key(id);
        this.type = type;
        this.session = session;
        this.record = record;
    }

    /** A statement about to run, recorded in {@code record}. */
    static Operation statement(Hs2Session session, QueryRecord record) {
        return new Operation(TOperationType.EXECUTE_STATEMENT, session, record);
    }

    /** A metadata call, finished at once with its rows. */
    static Operation finished(TOperationType type, Hs2Session session, RowSource rows) {
        Operation op = new Operation(type, session, null);
        op.rows = rows;
        op.finish(TOperationState.FINISHED_STATE);
        return op;
    }

    String key() {
        return key;
    }

    Hs2Session session() {
        return session;
    }

    boolean cancelRequested() {
        return cancelRequested;
    }

    boolean running() {
        return done.getCount() > 0;
    }

    TOperationHandle handle() {
        TOperationHandle handle = new TOperationHandle(id, type, rows != null || type != TOperationType.EXECUTE_STATEMENT);
        if (updateCount >= 0) {
            handle.setModifiedRowCount(updateCount);
        }
        return handle;
    }

    /** The query id GetQueryId reports. */
    String queryId() {
        return Handles.guid(id);
    }

    /**
     * Runs the statement: waits for a running slot of {@code gate} (statements that start no jobs do
     * not), then for the session, and keeps the rows to be fetched. Failures end in the ERROR state
     * (CANCELED, TIMEDOUT when cancelled); nothing is thrown.
     */
    void run(Statement statement, QueryGate gate) {
        state = TOperationState.RUNNING_STATE;
        try (QueryGate.Permit ignored = HadoopDbMeta.needsSlot(statement) ? gate.enter(this::cancelRequested) : null) {
            StatementResult result = session.execute(this, statement, listener());
            if (result instanceof StatementResult.Rows r) {
                if (cancelRequested) {
                    r.rows().close();
                    throw new JdbcException(JdbcException.CANCELLED, "Query cancelled");
                }
                keep(r.rows());
            } else {
                StatementResult.Done d = (StatementResult.Done) result;
                updateCount = Math.max(0, d.updateCount());
                if (!d.message().isEmpty()) {
                    addLog(d.message());
                }
                if (record != null) {
                    record.addRows(updateCount);
                    record.finished();
                }
            }
            finish(TOperationState.FINISHED_STATE);
        } catch (RuntimeException e) {
            error = e;
            LOG.info("Statement of {} failed: {}", session.user(), e.getMessage());
            recordError(e);
            finish(cancelRequested ? (timedOut ? TOperationState.TIMEDOUT_STATE : TOperationState.CANCELED_STATE)
                    : TOperationState.ERROR_STATE);
        } catch (Error e) {
            // the client polling this operation must learn that it ended
            error = new Hs2Exception(JdbcException.GENERAL, "The statement failed: " + e);
            recordError(error);
            finish(TOperationState.ERROR_STATE);
            throw e;
        }
    }

    /**
     * The statement has its session and runs now (it waited for a running slot and the session
     * before); a query's plan is recorded.
     */
    void started(Statement statement) {
        if (record != null) {
            record.running();
            QueryPlans.record(record, session.engineSession(), statement);
        }
    }

    /** Records how the statement failed, with the message and SQLState its client receives. */
    private void recordError(RuntimeException e) {
        if (record == null) {
            return;
        }
        if (timedOut) {
            record.cancelled("Query timed out: " + Statuses.message(e, false), JdbcException.TIMEOUT);
        } else if (cancelRequested) {
            record.cancelled(Statuses.message(e, true), Statuses.sqlState(e, true));
        } else {
            record.failed(Statuses.message(e, false), Statuses.sqlState(e, false));
        }
    }

    /** A query's rows are done with: all fetched, or the operation closed or cancelled before. */
    private void recordRowsEnded() {
        if (record == null) {
            return;
        }
        if (cancelRequested || state == TOperationState.CANCELED_STATE) {
            record.cancelled("Query cancelled while its rows were fetched", JdbcException.CANCELLED);
        } else {
            record.finished();
        }
    }

    /** Keeps a query's rows for fetching, unless the operation was closed while it ran. */
    private synchronized void keep(ResultStream stream) {
        if (state == TOperationState.CLOSED_STATE) {
            stream.close();
            recordRowsEnded();
        } else {
            rows = RowSource.of(stream);
        }
    }

    private synchronized void finish(TOperationState end) {
        if (state != TOperationState.CLOSED_STATE) {
            state = end;
        }
        completed = System.currentTimeMillis();
        done.countDown();
    }

    /** Waits up to {@code millis} for the statement to end (the long poll of GetOperationStatus). */
    void awaitEnd(long millis) {
        try {
            done.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The operation's status, with its stages' progress when {@code withProgress} (what beeline draws its progress bar from). */
    TGetOperationStatusResp status(boolean withProgress) {
        TGetOperationStatusResp resp = new TGetOperationStatusResp(Statuses.ok());
        TOperationState now = state;
        resp.setOperationState(now);
        if (withProgress) {
            resp.setProgressUpdateResponse(stageProgress.toThrift(now));
        }
        resp.setOperationStarted(started);
        if (!running()) {
            resp.setOperationCompleted(completed);
        }
        resp.setHasResultSet(rows != null);
        if (updateCount >= 0) {
            resp.setNumModifiedRows(updateCount);
        }
        RuntimeException e = error;
        if (e != null && now != TOperationState.FINISHED_STATE) {
            resp.setErrorMessage(timedOut ? "Query timed out: " + Statuses.message(e, false) : Statuses.message(e, cancelRequested));
            resp.setSqlState(timedOut ? JdbcException.TIMEOUT : Statuses.sqlState(e, cancelRequested));
            resp.setErrorCode(0);
        }
        return resp;
    }

    /** The next batch of at most {@code max} rows. */
    synchronized TRowSet fetch(int max, TFetchOrientation orientation) {
        if (state != TOperationState.FINISHED_STATE) {
            throw new Hs2Exception(JdbcException.GENERAL, "The operation has no rows to fetch: it is " + state);
        }
        if (rows == null) {
            throw new Hs2Exception(JdbcException.GENERAL, "The statement returned no rows (it has no result set)");
        }
        if (orientation != null && orientation != TFetchOrientation.FETCH_NEXT
                && !(orientation == TFetchOrientation.FETCH_FIRST && sent == 0)) {
            throw new Hs2Exception(JdbcException.NOT_SUPPORTED, "Results are read forward only: " + orientation
                    + " is not supported" + (orientation == TFetchOrientation.FETCH_FIRST ? " after rows were read" : ""));
        }
        ColumnarRows batch = new ColumnarRows(rows.columns());
        int asked = Math.max(1, max);
        rows.fetch(batch, asked);
        TRowSet set = batch.toRowSet(sent);
        sent += batch.size();
        if (record != null) {
            record.addRows(batch.size());
            if (batch.size() < asked) {
                recordRowsEnded(); // fewer rows than asked: the last one was sent
            }
        }
        return set;
    }

    List<ResultColumn> columns() {
        if (rows == null) {
            throw new Hs2Exception(JdbcException.GENERAL, state == TOperationState.FINISHED_STATE
                    ? "The statement returned no rows (it has no result set)"
                    : "The operation has no result set yet: it is " + state);
        }
        return rows.columns();
    }

    /** The log lines not read yet, at most {@code max}, as a one-column row set. */
    TRowSet fetchLog(int max) {
        List<ResultColumn> column = List.of(ResultColumn.string("operation_log"));
        List<List<String>> lines = new ArrayList<>();
        synchronized (log) {
            while (!log.isEmpty() && lines.size() < Math.max(1, max)) {
                lines.add(List.of(log.pollFirst()));
            }
        }
        ColumnarRows batch = new ColumnarRows(column);
        RowSource.of(column, lines).fetch(batch, lines.size());
        return batch.toRowSet(0);
    }

    private void addLog(String line) {
        synchronized (log) {
            if (log.size() == MAX_LOG_LINES) {
                log.pollFirst();
            }
            log.addLast(line);
        }
    }

    private StatementListener listener() {
        return new StatementListener() {
            @Override
            public void progress(int stage, int stages, String jobId, float map, float reduce) {
                stageProgress.progress(stage, stages, jobId, map, reduce);
                if (record != null) {
                    record.progress(stage, stages, jobId, map, reduce);
                }
                addLog("Stage " + stage + "/" + stages + " (" + jobId + "): map " + Math.round(map * 100) + "%, reduce "
                        + Math.round(reduce * 100) + "%");
            }

            @Override
            public void stageFinished(int stage, int stages, String jobId) {
                stageProgress.finished(stage, stages, jobId);
                if (record != null) {
                    record.stageFinished(stage, stages, jobId);
                }
            }

            @Override
            public void chunksRead(NodeReads reads) {
                if (record != null) {
                    record.chunksRead(reads);
                }
            }

            @Override
            public void jobEnded(String jobId, int mapTasks, int reduceTasks) {
                if (record != null) {
                    record.jobEnded(jobId, mapTasks, reduceTasks);
                }
            }

            @Override
            public void message(String text) {
                addLog(text);
            }
        };
    }

    /**
     * Asks the statement to stop: a queued one leaves the queue, a running one has its jobs killed
     * (call again while {@link #running()}: between planning and its first job there is nothing to
     * kill yet). A finished statement's rows are released.
     */
    void cancel(boolean timeout) {
        if (!running()) {
            synchronized (this) {
                if (state == TOperationState.FINISHED_STATE) {
                    closeRows();
                    state = TOperationState.CANCELED_STATE;
                    recordRowsEnded();
                }
            }
            return;
        }
        timedOut |= timeout;
        cancelRequested = true;
        session.cancelIfRunning(this);
    }

    /** Cancels it if it runs, and releases its rows. */
    void close() {
        if (running()) {
            cancel(false);
        }
        synchronized (this) {
            boolean hadRows = rows != null;
            state = TOperationState.CLOSED_STATE;
            closeRows();
            if (hadRows) {
                recordRowsEnded();
            }
        }
    }

    private void closeRows() {
        RowSource r = rows;
        rows = null;
        if (r != null) {
            try {
                r.close();
            } catch (RuntimeException e) {
                LOG.warn("Closing the result of {}'s statement failed: {}", session.user(), e.toString());
            }
        }
    }
}
