package org.hadoopdb.hs2;

import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hive.service.rpc.thrift.THandleIdentifier;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.engine.session.StatementResult;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.jdbc.JdbcException;

/**
 * One HiveServer2 session: an engine {@link Session} (its own {@code SET}s), the user who opened it,
 * and its operations. The engine session runs one statement at a time, so statements of the same
 * session wait for each other here.
 */
final class Hs2Session {
    private final THandleIdentifier id;
    private final String user;
    private final Session session;
    private final ReentrantLock executing = new ReentrantLock();
    private final Map<String, Operation> operations = new ConcurrentHashMap<>();
    private volatile Operation running;
    private volatile long lastUsedNanos = System.nanoTime();

    Hs2Session(THandleIdentifier id, String user, Session session) {
        this.id = id;
        this.user = user;
        this.session = session;
    }

    THandleIdentifier id() {
        return id;
    }

    String user() {
        return user;
    }

    Session engineSession() {
        return session;
    }

    /** Marks the session used now (every request naming it or one of its operations). */
    void touch() {
        lastUsedNanos = System.nanoTime();
    }

    /** Whether nothing used the session for {@code idleNanos} and none of its statements runs. */
    boolean idleFor(long idleNanos) {
        return running == null && !executing.isLocked() && System.nanoTime() - lastUsedNanos > idleNanos
                && operations.values().stream().noneMatch(Operation::running);
    }

    /** Runs {@code statement} for {@code op} once the session is free; gives up if the operation is cancelled meanwhile. */
    StatementResult execute(Operation op, Statement statement, StatementListener listener) {
        try {
            while (!executing.tryLock(100, TimeUnit.MILLISECONDS)) {
                if (op.cancelRequested()) {
                    throw new JdbcException(JdbcException.CANCELLED, "Query cancelled while it waited for its session");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JdbcException(JdbcException.CANCELLED, "Interrupted while waiting for the session");
        }
        try {
            if (op.cancelRequested()) {
                throw new JdbcException(JdbcException.CANCELLED, "Query cancelled before it started");
            }
            op.started(statement);
            running = op;
            return session.execute(statement, listener);
        } finally {
            running = null;
            executing.unlock();
        }
    }

    /** Kills the jobs of {@code op} if it is the statement the session runs now. */
    void cancelIfRunning(Operation op) {
        if (running == op) {
            session.cancel();
        }
    }

    void add(Operation op) {
        operations.put(op.key(), op);
    }

    Operation operation(String key) {
        return operations.get(key);
    }

    void remove(Operation op) {
        operations.remove(op.key());
    }

    /** Cancels and closes every operation, then the engine session. */
    void close() {
        for (Operation op : new ArrayList<>(operations.values())) {
            op.close();
        }
        operations.clear();
        session.close();
    }

    /** The statement's text as this session's parser reads it (its quoted-identifiers setting applied). */
    String dialect(String statement) {
        return statement == null ? null : session.dialect(statement);
    }
}
