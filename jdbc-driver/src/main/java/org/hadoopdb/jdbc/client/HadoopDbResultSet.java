package org.hadoopdb.jdbc.client;

import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

/**
 * A forward-only result set read frame by frame from the server. Adds the JDBC 4.2 conversions
 * {@code getObject(i, LocalDate.class)} and {@code getObject(i, LocalDateTime.class)}, which
 * tools use for DATE and TIMESTAMP columns, and prints dates past the year 9999 whole.
 */
final class HadoopDbResultSet extends AvaticaResultSet {
    HadoopDbResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature,
                      ResultSetMetaData resultSetMetaData, TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
        super(statement, state, signature, resultSetMetaData, timeZone, firstFrame);
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

    /**
     * A DATE past the year 9999 (Hive's {@code date_add} reaches it) as Hive prints it, {@code +10233-09-21}:
     * Avatica writes four year digits and would cut it to {@code 0233-09-21}. Other values as Avatica gives them.
     */
    @Override
    public String getString(int columnIndex) throws SQLException {
        String s = super.getString(columnIndex);
        if (s != null && getMetaData().getColumnType(columnIndex) == Types.DATE) {
            LocalDate d = getObject(columnIndex, LocalDate.class);
            if (d.getYear() > 9999) {
                return d.toString();
            }
        }
        return s;
    }
}
