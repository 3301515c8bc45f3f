package org.hadoopdb.jdbc.client;

import java.io.InputStream;
import java.io.Reader;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLXML;
import java.util.List;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * A prepared statement: {@code ?} parameters are bound on the server as typed HiveQL literals in the
 * parsed statement. Streams and LOBs are not HiveQL values and are refused; {@code java.time} values
 * are sent as HiveQL's DATE, TIMESTAMP or (a time of day, which HiveQL has no type for) STRING values
 * (see {@link JavaTimeParameters}).
 */
final class HadoopDbPreparedStatement extends AvaticaPreparedStatement {
    HadoopDbPreparedStatement(AvaticaConnection connection, Meta.StatementHandle h, Meta.Signature signature,
                              int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        super(connection, h, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    /** Kills the running statement on the server (see {@link HadoopDbStatement#cancel()}). */
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

    /** Escapes were processed when the statement was prepared; JDBC says this setting then has no effect. */
    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen();
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        checkParametersSet();
        return super.executeQuery();
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        checkParametersSet();
        return super.executeLargeUpdate();
    }

    @Override
    public boolean execute() throws SQLException {
        checkParametersSet();
        return super.execute();
    }

    @Override
    public void addBatch() throws SQLException {
        checkParametersSet();
        super.addBatch();
    }

    /** JDBC: executing with a parameter never set is an error (setNull binds NULL on purpose). */
    private void checkParametersSet() throws SQLException {
        List<TypedValue> values = getParameterValues();
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) == null) {
                throw new SQLException("Parameter " + (i + 1) + " of " + values.size() + " is not set; "
                        + "set it (setNull for NULL) before executing", "07001");
            }
        }
    }

    @Override
    public void setObject(int parameterIndex, Object x) throws SQLException {
        if (!JavaTimeParameters.handles(x)) {
            super.setObject(parameterIndex, x);
            return;
        }
        set(parameterIndex, JavaTimeParameters.value(x, connection.getTimeZone()));
    }

    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
        if (!JavaTimeParameters.handles(x)) {
            super.setObject(parameterIndex, x, targetSqlType);
            return;
        }
        set(parameterIndex, JavaTimeParameters.value(x, targetSqlType, connection.getTimeZone()));
    }

    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        if (JavaTimeParameters.handles(x)) {
            setObject(parameterIndex, x, targetSqlType);
        } else {
            super.setObject(parameterIndex, x, targetSqlType, scaleOrLength);
        }
    }

    private void set(int parameterIndex, TypedValue value) throws SQLException {
        checkOpen();
        if (parameterIndex < 1 || parameterIndex > slots.length) {
            throw new SQLException("Parameter index " + parameterIndex + " is out of range: the statement has "
                    + slots.length + " parameter(s)", "07009");
        }
        slots[parameterIndex - 1] = value;
    }

    @Override
    public void setNString(int parameterIndex, String value) throws SQLException {
        setString(parameterIndex, value);
    }

    private static SQLFeatureNotSupportedException unsupported(String what) {
        return new SQLFeatureNotSupportedException(what + " parameters are not supported: HiveQL has no such values; "
                + "bind a String, number, boolean, Date or Timestamp", "0A000");
    }

    @Override
    public void setRowId(int parameterIndex, RowId x) throws SQLException {
        throw unsupported("RowId");
    }

    @Override
    public void setNCharacterStream(int parameterIndex, Reader value, long length) throws SQLException {
        throw unsupported("Character stream");
    }

    @Override
    public void setNClob(int parameterIndex, NClob value) throws SQLException {
        throw unsupported("NClob");
    }

    @Override
    public void setClob(int parameterIndex, Reader reader, long length) throws SQLException {
        throw unsupported("Clob");
    }

    @Override
    public void setBlob(int parameterIndex, InputStream inputStream, long length) throws SQLException {
        throw unsupported("Blob");
    }

    @Override
    public void setNClob(int parameterIndex, Reader reader, long length) throws SQLException {
        throw unsupported("NClob");
    }

    @Override
    public void setSQLXML(int parameterIndex, SQLXML xmlObject) throws SQLException {
        throw unsupported("SQLXML");
    }

    @Override
    public void setAsciiStream(int parameterIndex, InputStream x, long length) throws SQLException {
        throw unsupported("ASCII stream");
    }

    @Override
    public void setBinaryStream(int parameterIndex, InputStream x, long length) throws SQLException {
        throw unsupported("Binary stream");
    }

    @Override
    public void setCharacterStream(int parameterIndex, Reader reader, long length) throws SQLException {
        throw unsupported("Character stream");
    }

    @Override
    public void setAsciiStream(int parameterIndex, InputStream x) throws SQLException {
        throw unsupported("ASCII stream");
    }

    @Override
    public void setBinaryStream(int parameterIndex, InputStream x) throws SQLException {
        throw unsupported("Binary stream");
    }

    @Override
    public void setCharacterStream(int parameterIndex, Reader reader) throws SQLException {
        throw unsupported("Character stream");
    }

    @Override
    public void setNCharacterStream(int parameterIndex, Reader value) throws SQLException {
        throw unsupported("Character stream");
    }

    @Override
    public void setClob(int parameterIndex, Reader reader) throws SQLException {
        throw unsupported("Clob");
    }

    @Override
    public void setBlob(int parameterIndex, InputStream inputStream) throws SQLException {
        throw unsupported("Blob");
    }

    @Override
    public void setNClob(int parameterIndex, Reader reader) throws SQLException {
        throw unsupported("NClob");
    }

    @Override
    public void setClob(int parameterIndex, Clob x) throws SQLException {
        throw unsupported("Clob");
    }

    @Override
    public void setBlob(int parameterIndex, Blob x) throws SQLException {
        throw unsupported("Blob");
    }
}
