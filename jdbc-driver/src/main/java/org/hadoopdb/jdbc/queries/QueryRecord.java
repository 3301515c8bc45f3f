package org.hadoopdb.jdbc.queries;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.hadoopdb.connector.chunk.NodeReads;
import org.hadoopdb.runtime.ProgressListener;

/**
 * One statement as the registry follows it: the endpoint that runs it reports its state changes,
 * progress and rows here; the first final state wins (a cancel racing with the end of a statement
 * is recorded once). Thread-safe.
 */
public final class QueryRecord implements ProgressListener {
    private final long id;
    private final String user;
    private final String client;
    private final String remoteAddress;
    private final String kind;
    private final String text;
    private final Instant started = Instant.now();
    private final long startedNanos = System.nanoTime();
    private final Consumer<QueryRecord> onEnd;
    private final QueryMetrics metrics;
    private final boolean keepsPlan;
    private final TreeMap<Integer, StageProgress> stages = new TreeMap<>();
    private volatile Runnable canceller;
    private QueryState state = QueryState.QUEUED;
    private Instant ended;
    private long endedNanos;
    private long rows;
    private String error;
    private String sqlState;
    private String plan;
    private List<PushedSql> pushed = List.of();

    QueryRecord(long id, String user, String client, String remoteAddress, String kind, String text,
                boolean keepsPlan, QueryMetrics metrics, Consumer<QueryRecord> onEnd) {
        this.metrics = metrics;
        this.keepsPlan = keepsPlan;
        this.id = id;
        this.user = user;
        this.client = client;
        this.remoteAddress = remoteAddress;
        this.kind = kind;
        this.text = text;
        this.onEnd = onEnd;
    }

    public long id() {
        return id;
    }

    public String user() {
        return user;
    }

    public String kind() {
        return kind;
    }

    /** What stops the statement when someone asks from outside its connection (the console's cancel). */
    public void cancelWith(Runnable canceller) {
        this.canceller = canceller;
    }

    /**
     * Asks the statement to stop; false when it has ended already or its endpoint cannot cancel it.
     * The state becomes {@link QueryState#CANCELLED} when the endpoint reports that it stopped.
     */
    public boolean cancel() {
        Runnable c = canceller;
        if (c == null || state().done()) {
            return false;
        }
        c.run();
        return true;
    }

    /** It left the queue and runs. */
    public synchronized void running() {
        if (state == QueryState.QUEUED) {
            state = QueryState.RUNNING;
        }
    }

    /** Whether the console shows plans: {@link QueryPlans} records one only then. */
    public boolean keepsPlan() {
        return keepsPlan;
    }

    /** A query's plan: its EXPLAIN text and the SQL it pushes to the chunks. */
    public synchronized void planned(String explain, List<PushedSql> sql) {
        this.plan = explain;
        this.pushed = List.copyOf(sql);
    }

    /** A stage's progress; its first report is taken as its start. */
    @Override
    public synchronized void progress(int stage, int stageCount, String jobId, float map, float reduce) {
        StageProgress before = stages.get(stage);
        stages.put(stage, new StageProgress(stage, stageCount, jobId, map, reduce,
                before == null ? Instant.now() : before.started(), before == null ? null : before.ended()));
    }

    /** The stage ended well: its end time is recorded (and its start, when it never reported progress). */
    @Override
    public synchronized void stageFinished(int stage, int stageCount, String jobId) {
        StageProgress before = stages.get(stage);
        Instant now = Instant.now();
        stages.put(stage, before == null ? new StageProgress(stage, stageCount, jobId, 1f, 0f, now, now)
                : new StageProgress(stage, stageCount, jobId, before.map(), before.reduce(), before.started(), now));
    }

    /**
     * Counted in the server's metrics at once, even after the statement ended: a read stopped early
     * (a cancel, a result closed before its end) reports what it read as it stops.
     */
    @Override
    public void chunksRead(NodeReads reads) {
        metrics.chunksRead(reads);
    }

    @Override
    public void jobEnded(String jobId, int mapTasks, int reduceTasks) {
        metrics.jobEnded(mapTasks, reduceTasks);
    }

    /** {@code n} more rows were sent to the client (or, for a statement without rows, its update count). */
    public synchronized void addRows(long n) {
        rows += n;
    }

    public void finished() {
        end(QueryState.FINISHED, null, null);
    }

    public void failed(String message, String state) {
        end(QueryState.FAILED, message, state);
    }

    public void cancelled(String message, String state) {
        end(QueryState.CANCELLED, message, state);
    }

    private void end(QueryState to, String message, String code) {
        synchronized (this) {
            if (state.done()) {
                return;
            }
            state = to;
            error = message;
            sqlState = code;
            ended = Instant.now();
            endedNanos = System.nanoTime();
        }
        canceller = null;
        onEnd.accept(this);
    }

    public synchronized QueryState state() {
        return state;
    }

    /** Nanoseconds from receipt to the final state (only meaningful once it is final). */
    synchronized long elapsedNanos() {
        return endedNanos - startedNanos;
    }

    /** A consistent copy of what is recorded now. */
    public synchronized QueryInfo info() {
        List<StageProgress> progress = new ArrayList<>(stages.values());
        return new QueryInfo(id, user, client, remoteAddress, kind, text, state, started, ended, rows, error, sqlState,
                progress, plan, pushed);
    }
}
