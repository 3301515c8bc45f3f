package org.hadoopdb.jdbc.client;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaResultSetMetaData;
import org.apache.calcite.avatica.AvaticaSpecificDatabaseMetaData;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.UnregisteredDriver;

/** Makes the driver's JDBC objects: Avatica's, with HadoopDB's cancel, timeout and metadata behaviour. */
public final class HadoopDbFactory implements AvaticaFactory {
    /** The connection property carrying the URL the application gave, for {@code getURL()} and messages. */
    public static final String URL_PROPERTY = "hadoopdb_url";

    public HadoopDbFactory() {
    }

    @Override
    public int getJdbcMajorVersion() {
        return 4;
    }

    @Override
    public int getJdbcMinorVersion() {
        return 2;
    }

    @Override
    public AvaticaConnection newConnection(UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info) {
        Object userUrl = info.remove(URL_PROPERTY);
        return new HadoopDbConnection(driver, factory, userUrl == null ? url : userUrl.toString(), info);
    }

    @Override
    public AvaticaStatement newStatement(AvaticaConnection connection, Meta.StatementHandle h, int resultSetType,
                                         int resultSetConcurrency, int resultSetHoldability) {
        return new HadoopDbStatement(connection, h, resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    @Override
    public AvaticaPreparedStatement newPreparedStatement(AvaticaConnection connection, Meta.StatementHandle h,
                                                         Meta.Signature signature, int resultSetType,
                                                         int resultSetConcurrency, int resultSetHoldability)
            throws SQLException {
        return new HadoopDbPreparedStatement(connection, h, signature, resultSetType, resultSetConcurrency,
                resultSetHoldability);
    }

    @Override
    public AvaticaResultSet newResultSet(AvaticaStatement statement, QueryState state, Meta.Signature signature,
                                         TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
        return new HadoopDbResultSet(statement, state, signature, newResultSetMetaData(statement, signature), timeZone,
                firstFrame);
    }

    @Override
    public AvaticaSpecificDatabaseMetaData newDatabaseMetaData(AvaticaConnection connection) {
        return new HadoopDbDatabaseMetaData((HadoopDbConnection) connection);
    }

    @Override
    public ResultSetMetaData newResultSetMetaData(AvaticaStatement statement, Meta.Signature signature) {
        return new AvaticaResultSetMetaData(statement, null, signature);
    }
}
