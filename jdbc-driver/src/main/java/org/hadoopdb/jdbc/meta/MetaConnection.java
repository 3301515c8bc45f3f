package org.hadoopdb.jdbc.meta;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.hadoopdb.engine.session.Session;

/**
 * The server side of one JDBC connection: its HiveQL session (with the connection's own {@code SET}s),
 * its statements, the user who opened it, and when it was last used (idle connections expire).
 */
final class MetaConnection {
    final String id;
    final String user;
    final Session session;
    final ConnectionPropertiesImpl properties = new ConnectionPropertiesImpl();
    /** A session runs one statement at a time; results of earlier statements may still be read meanwhile. */
    final ReentrantLock executing = new ReentrantLock(true);
    private final Map<Integer, MetaStatement> statements = new ConcurrentHashMap<>();
    private final AtomicInteger nextStatement = new AtomicInteger();
    private volatile MetaStatement runningStatement;
    private volatile long lastUsedNanos = System.nanoTime();

    MetaConnection(String id, String user, Session session) {
        this.id = id;
        this.user = user;
        this.session = session;
        properties.setAutoCommit(true);
        properties.setReadOnly(false);
        properties.setTransactionIsolation(java.sql.Connection.TRANSACTION_NONE);
        properties.setSchema("default");
        properties.setDirty(false);
    }

    MetaStatement newStatement() {
        MetaStatement s = new MetaStatement(nextStatement.incrementAndGet());
        statements.put(s.id, s);
        return s;
    }

    MetaStatement statement(Meta.StatementHandle h) throws NoSuchStatementException {
        MetaStatement s = statements.get(h.id);
        if (s == null) {
            throw new NoSuchStatementException(h);
        }
        return s;
    }

    MetaStatement findStatement(int statementId) {
        return statements.get(statementId);
    }

    void closeStatement(int statementId) {
        MetaStatement s = statements.remove(statementId);
        if (s != null) {
            if (s.running()) {
                cancel(s);
            }
            s.closeResult();
        }
    }

    MetaStatement runningStatement() {
        return runningStatement;
    }

    void running(MetaStatement s) {
        runningStatement = s;
    }

    /**
     * Asks {@code s} to stop: it leaves the queue, its jobs are stopped if it is the one running, and a
     * result it is streaming to the client stops and is released.
     */
    void cancel(MetaStatement s) {
        s.requestCancel();
        if (runningStatement == s) {
            session.cancel();
        } else {
            s.cancelResult();
        }
    }

    void touch() {
        lastUsedNanos = System.nanoTime();
    }

    long idleNanos() {
        return System.nanoTime() - lastUsedNanos;
    }

    boolean busy() {
        return runningStatement != null;
    }

    void close() {
        for (Integer id : statements.keySet()) {
            closeStatement(id);
        }
        session.close();
    }
}
