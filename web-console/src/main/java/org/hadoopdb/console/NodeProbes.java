package org.hadoopdb.console;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.hadoopdb.catalog.model.NodeInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks every node's PostgreSQL, all at once and within a short time, what the cluster page shows:
 * its version, the connections open to its database ({@code pg_stat_activity}) and the database's
 * size ({@code pg_database_size}). A node that has not answered in time is shown as unreachable and
 * the page does not wait longer; a node's question still unanswered is not asked again until it is
 * answered, so a hung node holds at most one thread.
 */
final class NodeProbes implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NodeProbes.class);
    static final String SQL = "SELECT version(), (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()), "
            + "pg_database_size(current_database())";

    /** Opens a connection to a node (the engine's pools). */
    @FunctionalInterface
    interface Connector {
        Connection connect(NodeInfo node) throws SQLException;
    }

    /**
     * What one node answered.
     *
     * @param up            whether it answered in time
     * @param version       PostgreSQL's {@code version()}, or null when it did not answer
     * @param connections   sessions open on its database, this one included; -1 when it did not answer
     * @param databaseBytes its database's size on disk; -1 when it did not answer
     * @param problem       why it is unreachable, or null
     */
    record Status(boolean up, String version, long connections, long databaseBytes, String problem) {
        static Status unreachable(String problem) {
            return new Status(false, null, -1, -1, problem);
        }
    }

    private final Connector connector;
    private final Duration timeout;
    private final Map<String, Future<Status>> asking = new ConcurrentHashMap<>();
    private final ExecutorService threads;

    /** @param timeout how long the nodes have to answer, all together */
    NodeProbes(Connector connector, Duration timeout) {
        this.connector = connector;
        this.timeout = timeout;
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "hadoopdb-console-probe-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Each node's status, in the order given; returns within the timeout (plus a little). */
    List<Status> probe(List<NodeInfo> nodes) {
        List<Future<Status>> answers = new ArrayList<>(nodes.size());
        for (NodeInfo n : nodes) {
            answers.add(asking.computeIfAbsent(key(n), k -> threads.submit(() -> ask(n))));
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Status> out = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            out.add(await(nodes.get(i), answers.get(i), deadline));
        }
        return out;
    }

    private Status await(NodeInfo node, Future<Status> answer, long deadline) {
        try {
            Status s = answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            asking.remove(key(node), answer);
            return s;
        } catch (TimeoutException e) {
            // left running: the next page asks the same question again instead of a new one
            return Status.unreachable("no answer within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            asking.remove(key(node), answer);
            return Status.unreachable(String.valueOf(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.unreachable("interrupted while waiting for its answer");
        }
    }

    private Status ask(NodeInfo node) {
        try (Connection c = connector.connect(node); Statement st = c.createStatement()) {
            st.setQueryTimeout((int) Math.max(1, timeout.toSeconds()));
            try (ResultSet rs = st.executeQuery(SQL)) {
                if (!rs.next()) {
                    return Status.unreachable("its PostgreSQL answered no row to " + SQL);
                }
                return new Status(true, rs.getString(1), rs.getLong(2), rs.getLong(3), null);
            }
        } catch (SQLException | RuntimeException e) {
            LOG.debug("Node {} does not answer: {}", node.id(), e.getMessage());
            return Status.unreachable(e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    private static String key(NodeInfo node) {
        return node.id() + " " + node.jdbcUrl();
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
