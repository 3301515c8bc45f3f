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
 * the last {@code history} finished ones, with their metrics; with a {@link QueryHistoryFile} the
 * finished ones are also kept in the home and shown again after a restart (metrics start anew). Each
 * endpoint {@linkplain #start registers} a statement when it receives it and reports on the returned
 * {@link QueryRecord}; the web console reads {@link #running()}, {@link #recent()} and
 * {@link #metrics()}.
 */
public final class QueryRegistry {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(QueryRegistry.class);
    /** The endpoint names recorded as a statement's client. */
    public static final String JDBC = "JDBC";
    public static final String HIVESERVER2 = "HiveServer2";

    private final int history;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, QueryRecord> running = new ConcurrentHashMap<>();
    /** Finished statements, newest first: those of this run, then those read back from the history file. */
    private final Deque<QueryInfo> finished = new ArrayDeque<>();
    private final QueryMetrics metrics = new QueryMetrics();
    private final QueryHistoryFile file;

    /** @param history how many finished statements are kept in memory (the oldest go first); 0 keeps none */
    public QueryRegistry(int history) {
        this(history, null);
    }

    /**
     * A registry whose finished statements are also written to {@code file} and read back from it at
     * start, so that they outlive a restart; ids go on from the newest one read.
     *
     * @throws java.io.UncheckedIOException when the file exists but cannot be read
     */
    public QueryRegistry(int history, QueryHistoryFile file) {
        if (history < 0) {
            throw new IllegalArgumentException("The query history cannot be negative: " + history);
        }
        this.history = history;
        this.file = history > 0 ? file : null;
        if (this.file != null) {
            try {
                List<QueryInfo> kept = this.file.load();
                finished.addAll(kept);
                kept.stream().mapToLong(QueryInfo::id).max().ifPresent(ids::set);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("Cannot read the query history: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Registers a statement just received, in state {@link QueryState#QUEUED}. A registry that keeps a
     * history also keeps queries' plans ({@link QueryRecord#keepsPlan}); one without (the embedded
     * driver's) does not plan twice for nothing.
     */
    public QueryRecord start(String user, String client, String remoteAddress, String kind, String text) {
        QueryRecord r = new QueryRecord(ids.incrementAndGet(), user, client, remoteAddress, kind, text, history > 0,
                metrics, this::ended);
        running.put(r.id(), r);
        metrics.started(kind);
        return r;
    }

    private void ended(QueryRecord r) {
        metrics.ended(r.kind(), r.state(), r.elapsedNanos());
        QueryInfo info = r.info();
        metrics.stagesEnded(info.stages());
        synchronized (finished) {
            if (history > 0) {
                finished.addFirst(info);
                while (finished.size() > history) {
                    finished.removeLast();
                }
            }
        }
        running.remove(r.id());
        if (file != null) {
            try {
                file.append(info);
            } catch (java.io.IOException e) {
                LOG.warn("Could not keep statement {} in the query history file: {}", info.id(), e.getMessage());
            }
        }
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
        synchronized (finished) {
            return new ArrayList<>(finished);
        }
    }

    /** A statement still running, which can be cancelled. */
    public Optional<QueryRecord> find(long id) {
        return Optional.ofNullable(running.get(id));
    }

    /** A statement running or still in the history, as the console shows it. */
    public Optional<QueryInfo> info(long id) {
        QueryRecord r = running.get(id);
        if (r != null) {
            return Optional.of(r.info());
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
