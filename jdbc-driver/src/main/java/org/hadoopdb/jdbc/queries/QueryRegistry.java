package org.hadoopdb.jdbc.queries;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The statements the query server's endpoints (JDBC and HiveServer2) run: those running now and
 * the last {@code history} finished ones, in memory (lost at a restart), with their metrics. Each
 * endpoint {@linkplain #start registers} a statement when it receives it and reports on the returned
 * {@link QueryRecord}; the web console reads {@link #running()}, {@link #recent()} and
 * {@link #metrics()}.
 */
public final class QueryRegistry {
    /** The endpoint names recorded as a statement's client. */
    public static final String JDBC = "JDBC";
    public static final String HIVESERVER2 = "HiveServer2";

    private final int history;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, QueryRecord> running = new ConcurrentHashMap<>();
    private final Deque<QueryRecord> finished = new ArrayDeque<>();
    private final QueryMetrics metrics = new QueryMetrics();

    /** @param history how many finished statements are kept (the oldest go first); 0 keeps none */
    public QueryRegistry(int history) {
        if (history < 0) {
            throw new IllegalArgumentException("The query history cannot be negative: " + history);
        }
        this.history = history;
    }

    /** Registers a statement just received, in state {@link QueryState#QUEUED}. */
    public QueryRecord start(String user, String client, String remoteAddress, String kind, String text) {
        QueryRecord r = new QueryRecord(ids.incrementAndGet(), user, client, remoteAddress, kind, text, this::ended);
        running.put(r.id(), r);
        metrics.started(kind);
        return r;
    }

    private void ended(QueryRecord r) {
        metrics.ended(r.kind(), r.state(), r.elapsedNanos());
        synchronized (finished) {
            if (history > 0) {
                finished.addFirst(r);
                while (finished.size() > history) {
                    finished.removeLast();
                }
            }
        }
        running.remove(r.id());
    }

    /** The statements not yet ended, oldest first. */
    public List<QueryInfo> running() {
        List<QueryInfo> out = new ArrayList<>();
        for (QueryRecord r : running.values()) {
            out.add(r.info());
        }
        out.sort(Comparator.comparingLong(QueryInfo::id));
        return out;
    }

    /** The statements ended, newest first. */
    public List<QueryInfo> recent() {
        List<QueryRecord> copy;
        synchronized (finished) {
            copy = new ArrayList<>(finished);
        }
        List<QueryInfo> out = new ArrayList<>(copy.size());
        for (QueryRecord r : copy) {
            out.add(r.info());
        }
        return out;
    }

    /** A statement running or still in the history. */
    public Optional<QueryRecord> find(long id) {
        QueryRecord r = running.get(id);
        if (r != null) {
            return Optional.of(r);
        }
        synchronized (finished) {
            return finished.stream().filter(f -> f.id() == id).findFirst();
        }
    }

    /** Statements waiting for a slot or for their session. */
    public int queued() {
        return (int) running.values().stream().filter(r -> r.state() == QueryState.QUEUED).count();
    }

    /** Statements running (or fetched) now. */
    public int runningCount() {
        return (int) running.values().stream().filter(r -> r.state() == QueryState.RUNNING).count();
    }

    public QueryMetrics metrics() {
        return metrics;
    }
}
