package org.hadoopdb.connector.pool;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.TreeMap;
import org.hadoopdb.catalog.model.NodeInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Node sessions that chunk reads of this process finished with cleanly, kept for the next read of
 * the same node. A small query reads a few chunks, asks PostgreSQL for an estimate and probes a node:
 * each on a new session would cost a new PostgreSQL backend and a SCRAM login (10 ms and more each,
 * most of a trivial query's time). Reads never wait for a session: they take an idle one of their
 * node when there is one that still answers, and open a new one otherwise.
 *
 * <p>A session comes back only after a read that ended cleanly and was never cancelled: a cancel
 * request PostgreSQL has not acted on yet would otherwise stop the next read on it. It comes back
 * with its transaction rolled back and in auto-commit, as {@link NodeSession#open} made it (chunk
 * statements change settings only with {@code SET LOCAL}). At most {@value #MAX_IDLE_PER_NODE} idle
 * sessions are kept per node, each for at most {@value #IDLE_SECONDS} s; {@link #closeAll()} closes
 * them (an engine does when it closes). Sessions are keyed by node, URL, user and credential, so no
 * session is ever handed to a reader that would have logged in differently.
 *
 * <p>It also counts the chunk-read sessions in use per node (taken here or {@linkplain #opened opened}
 * anew, not yet released), for the query server's metrics ({@link #counts()}).
 */
public final class IdleSessions {
    private static final Logger LOG = LoggerFactory.getLogger(IdleSessions.class);
    static final int MAX_IDLE_PER_NODE = 8;
    static final int IDLE_SECONDS = 30;

    private static final Map<String, Deque<Idle>> IDLE = new ConcurrentHashMap<>();
    /** Sessions in use, by node id. */
    private static final Map<String, AtomicInteger> IN_USE = new ConcurrentHashMap<>();
    private static volatile ScheduledExecutorService sweeper;

    private IdleSessions() {
    }

    private record Idle(Connection connection, long sinceNanos) {
    }

    /** An idle session of {@code node} that still answers, or null when there is none. */
    public static Connection take(NodeInfo node) {
        Deque<Idle> idle = IDLE.get(key(node));
        if (idle == null) {
            return null;
        }
        for (Idle i = idle.pollFirst(); i != null; i = idle.pollFirst()) {
            if (expired(i)) {
                close(i.connection());
                continue;
            }
            try {
                if (i.connection().isValid(2)) {
                    inUse(node).incrementAndGet();
                    return i.connection();
                }
            } catch (SQLException e) {
                // not valid: closed below
            }
            close(i.connection());
        }
        return null;
    }

    /** A session the caller opened itself because none was idle: in use until {@link #release}d. */
    public static void opened(NodeInfo node) {
        inUse(node).incrementAndGet();
    }

    /**
     * Hands a session back after a read (one {@linkplain #take taken} or {@linkplain #opened opened}): kept
     * for the next one when {@code reusable} and it can be reset, closed otherwise.
     */
    public static void release(NodeInfo node, Connection c, boolean reusable) {
        if (c == null) {
            return;
        }
        inUse(node).decrementAndGet();
        if (reusable) {
            try {
                if (!c.isClosed()) {
                    if (!c.getAutoCommit()) {
                        c.rollback();
                        c.setAutoCommit(true);
                    }
                    Deque<Idle> idle = IDLE.computeIfAbsent(key(node), k -> new ConcurrentLinkedDeque<>());
                    if (idle.size() < MAX_IDLE_PER_NODE) {
                        idle.offerFirst(new Idle(c, System.nanoTime()));
                        startSweeper();
                        return;
                    }
                }
            } catch (SQLException e) {
                LOG.debug("A session of node {} could not be reset for reuse: {}", node.id(), e.getMessage());
            }
        }
        close(c);
    }

    /** Closes every idle session. */
    public static void closeAll() {
        for (Deque<Idle> idle : IDLE.values()) {
            for (Idle i = idle.pollFirst(); i != null; i = idle.pollFirst()) {
                close(i.connection());
            }
        }
    }

    /** Idle sessions kept now (for tests and diagnostics). */
    public static int idleCount() {
        return IDLE.values().stream().mapToInt(Deque::size).sum();
    }

    /** The sessions of chunk reads of this process by node id: in use and idle. */
    public static Map<String, PoolConnections.Count> counts() {
        Map<String, PoolConnections.Count> out = new TreeMap<>();
        IN_USE.forEach((node, n) -> out.merge(node, new PoolConnections.Count(Math.max(0, n.get()), 0), PoolConnections.Count::plus));
        IDLE.forEach((key, idle) -> out.merge(key.substring(0, key.indexOf(' ')), new PoolConnections.Count(0, idle.size()),
                PoolConnections.Count::plus));
        return out;
    }

    private static AtomicInteger inUse(NodeInfo node) {
        return IN_USE.computeIfAbsent(node.id(), k -> new AtomicInteger());
    }

    private static String key(NodeInfo node) {
        return node.id() + ' ' + node.jdbcUrl() + ' ' + node.user() + ' ' + node.credential();
    }

    private static boolean expired(Idle i) {
        return System.nanoTime() - i.sinceNanos() > TimeUnit.SECONDS.toNanos(IDLE_SECONDS);
    }

    /** Closes the sessions idle for longer than allowed, every few seconds, on a daemon thread. */
    private static void startSweeper() {
        if (sweeper != null) {
            return;
        }
        synchronized (IdleSessions.class) {
            if (sweeper == null) {
                ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "hadoopdb-idle-sessions");
                    t.setDaemon(true);
                    return t;
                });
                s.scheduleWithFixedDelay(IdleSessions::sweep, 5, 5, TimeUnit.SECONDS);
                sweeper = s;
            }
        }
    }

    private static void sweep() {
        for (Deque<Idle> idle : IDLE.values()) {
            // the oldest are at the end
            for (Idle i = idle.peekLast(); i != null && expired(i); i = idle.peekLast()) {
                if (idle.removeLastOccurrence(i)) {
                    close(i.connection());
                }
            }
        }
    }

    private static void close(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // a broken session: nothing more to release
        }
    }
}
