package org.hadoopdb.jdbc.client;

import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;

/**
 * A statement whose {@link #cancel()} kills what it runs on the server, and whose SQL goes through
 * JDBC escape processing ({@link JdbcEscapes}) unless {@link #setEscapeProcessing(boolean)} turns it off.
 */
final class HadoopDbStatement extends AvaticaStatement {
    private volatile boolean escapeProcessing = true;

    HadoopDbStatement(AvaticaConnection connection, Meta.StatementHandle h, int resultSetType, int resultSetConcurrency,
                      int resultSetHoldability) {
        super(connection, h, resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    /**
     * Kills the running statement (its MapReduce jobs) on the server; the thread running it then gets
     * an SQLException with SQLState HY008. Not synchronized: the executing thread holds this
     * statement's monitor while it waits for the server.
     */
    @Override
    public void cancel() throws SQLException {
        if (!isClosed()) {
            ((HadoopDbConnection) connection).kill(handle);
        }
    }

    /** JDBC: a failed batch is a {@link java.sql.BatchUpdateException}. */
    @Override
    public long[] executeLargeBatch() throws SQLException {
        try {
            return super.executeLargeBatch();
        } catch (SQLException | RuntimeException e) {
            throw BatchFailure.of(e);
        }
    }

    /** JDBC's default is on: {@code {fn ...}}, {@code {d ...}} and the other escapes are rewritten to HiveQL. */
    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen();
        escapeProcessing = enable;
    }

    @Override
    protected void executeInternal(String sql) throws SQLException {
        super.executeInternal(escaped(sql));
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        super.addBatch(escaped(sql));
    }

    private String escaped(String sql) throws SQLException {
        return escapeProcessing ? ((HadoopDbConnection) connection).escapes().translate(sql) : sql;
    }
}
