package org.hadoopdb.jdbc.client;

import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

/**
 * A forward-only result set read frame by frame from the server; it stops when its statement is
 * cancelled (SQLState HY008). Adds the JDBC 4.2 conversions
 * {@code getObject(i, LocalDate.class)} and {@code getObject(i, LocalDateTime.class)}, which
 * tools use for DATE and TIMESTAMP columns.
 */
final class HadoopDbResultSet extends AvaticaResultSet {
    HadoopDbResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature,
                      ResultSetMetaData resultSetMetaData, TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
        super(statement, state, signature, resultSetMetaData, timeZone, firstFrame);
    }

    /** After {@code Statement.cancel()} no further row: the rows already received are not handed out either. */
    @Override
    public boolean next() throws SQLException {
        if (statement != null && statement.connection instanceof HadoopDbConnection c && c.cancelled(statement.handle)) {
            throw new SQLException("Query cancelled: the statement was cancelled while its rows were read", "HY008");
        }
        return super.next();
    }

    @Override
    public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
        if (type == LocalDate.class) {
            Date d = getDate(columnIndex);
            return type.cast(d == null ? null : d.toLocalDate());
        }
        if (type == LocalDateTime.class) {
            Timestamp t = getTimestamp(columnIndex);
            return type.cast(t == null ? null : t.toLocalDateTime());
        }
        return super.getObject(columnIndex, type);
    }

    @Override
    public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
        return getObject(findColumn(columnLabel), type);
    }
}
