package org.hadoopdb.runtime.mr;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.runtime.ops.Cancellation;

/**
 * The cancel signal of the queries running in this JVM, for the tasks that Hadoop's local runner runs
 * in the same JVM. Killing a local job only interrupts the thread that waits for its tasks: the task
 * threads go on, writing into files the query then deletes. So a query registers here while its jobs
 * run, its cancel raises its flag, and every task of its jobs looks at that flag (found by the job's
 * {@link StageConf#QUERY_DIR}) every few rows and fails with "Query cancelled"; the job then ends by
 * itself once all its tasks have stopped. On a cluster, tasks run in other JVMs and find no flag here:
 * killing the job stops them there.
 *
 * <pre>{@code
 * try (QueryCancellation.Query q = QueryCancellation.register(queryDir)) {
 *     ... run the jobs; from another thread: q.cancel() ...
 * }
 * }</pre>
 */
public final class QueryCancellation {
    private static final Map<String, Query> RUNNING = new ConcurrentHashMap<>();

    private QueryCancellation() {
    }

    /** One query's signal, registered until closed. */
    public static final class Query implements AutoCloseable {
        private final String queryDir;
        private final Set<Runnable> onCancel = ConcurrentHashMap.newKeySet();
        private volatile boolean cancelled;

        private Query(String queryDir) {
            this.queryDir = queryDir;
        }

        /** Its tasks stop at their next check; the chunk statements they wait for are cancelled on their nodes. */
        public void cancel() {
            cancelled = true;
            onCancel.forEach(Runnable::run);
        }

        public boolean cancelled() {
            return cancelled;
        }

        /** The query's jobs have ended: its tasks no longer find the signal. */
        @Override
        public void close() {
            RUNNING.remove(queryDir, this);
        }
    }

    /** Registers the query whose scratch directory (its jobs' {@link StageConf#QUERY_DIR}) is {@code queryDir}. */
    public static Query register(String queryDir) {
        Query q = new Query(queryDir);
        if (RUNNING.putIfAbsent(queryDir, q) != null) {
            throw new IllegalStateException("A query with the scratch directory " + queryDir + " is running already");
        }
        return q;
    }

    /** Undoes an {@link #onCancel} registration. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Runs {@code action} when the query of the job configuration {@code conf} is cancelled (at once if
     * it was already), until the registration is closed: how a task stops work that has no row to check
     * at, such as a chunk statement its node is still computing. Nothing happens for a job of no query
     * of this JVM.
     */
    public static Registration onCancel(Configuration conf, Runnable action) {
        String dir = conf.get(StageConf.QUERY_DIR);
        Query q = dir == null ? null : RUNNING.get(dir);
        if (q == null) {
            return () -> { };
        }
        q.onCancel.add(action);
        if (q.cancelled) {
            action.run();
        }
        return () -> q.onCancel.remove(action);
    }

    /**
     * The signal for the task running in the calling thread with the job configuration {@code conf}:
     * its query's flag, or the thread's interrupt (the local runner interrupts the tasks of a job it
     * kills, though nothing makes them stop).
     */
    public static Cancellation forTask(Configuration conf) {
        String dir = conf.get(StageConf.QUERY_DIR);
        Query q = dir == null ? null : RUNNING.get(dir);
        Thread task = Thread.currentThread();
        if (q == null) {
            return task::isInterrupted;
        }
        return () -> q.cancelled || task.isInterrupted();
    }
}
