package org.hadoopdb.jdbc.client;

import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;

/** A statement whose {@link #cancel()} kills what it runs on the server. */
final class HadoopDbStatement extends AvaticaStatement {
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
}
