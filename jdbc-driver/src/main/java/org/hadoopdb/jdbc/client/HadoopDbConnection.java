package org.hadoopdb.jdbc.client;

import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Helper;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.UnregisteredDriver;

/**
 * A connection to HadoopDB (remote or embedded). Adds to Avatica's connection what its protocol
 * lacks: {@code Statement.cancel()} and {@code setQueryTimeout} kill the statement on the server
 * (through {@code KILL QUERY}), and a timed-out statement fails with {@link SQLTimeoutException}.
 * Statements go through JDBC escape processing ({@link JdbcEscapes}); scrollable or updatable result
 * sets are downgraded to forward-only, read-only ones with a warning, as JDBC allows.
 */
public final class HadoopDbConnection extends AvaticaConnection {
    private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9_.:-]+");

    private final String userUrl;
    private final String user;
    private final JdbcEscapes escapes;
    private final StatementKinds warnings = new StatementKinds();
    private final ClientInfo clientInfo = new ClientInfo();
    /** Statements cancelled since they last started to run: their result sets yield no further row. */
    private final Set<Integer> cancelled = ConcurrentHashMap.newKeySet();

    HadoopDbConnection(UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info) {
        super(driver, factory, url, info);
        this.userUrl = url;
        this.user = info.getProperty("avatica_user", System.getProperty("user.name"));
        this.escapes = new JdbcEscapes(user);
    }

    /** The URL the application connected with (passwords in it replaced). */
    public String userUrl() {
        return JdbcUrl.redact(userUrl);
    }

    /** The user this connection authenticates as (the OS user for embedded connections). */
    public String userName() {
        return user;
    }

    /** The value of a connection property, for the embedded service (home, settings). */
    public String property(String key) {
        return info.getProperty(key);
    }

    /** All connection properties, for the embedded service. */
    public Properties properties() {
        Properties copy = new Properties();
        copy.putAll(info);
        return copy;
    }

    /**
     * Kills the statement with {@code handle} on the server: its jobs if it runs, its result if the
     * client is fetching it (the result set then yields no further row: see {@link #cancelled}).
     */
    void kill(Meta.StatementHandle handle) throws SQLException {
        if (isClosed()) {
            return;
        }
        cancelled.add(handle.id);
        if (!SAFE_ID.matcher(handle.connectionId).matches()) {
            throw new SQLException("Unexpected connection id '" + handle.connectionId + "'");
        }
        try (java.sql.Statement kill = createStatement()) {
            kill.execute("KILL QUERY '" + handle.connectionId + "/" + handle.id + "'");
        }
    }

    /** Whether the statement was cancelled since it last started to run. */
    boolean cancelled(Meta.StatementHandle handle) {
        return cancelled.contains(handle.id);
    }

    /**
     * {@code DatabaseMetaData.getFunctions}: Avatica's protocol has no request for it, so the names come
     * from HiveQL's {@code SHOW FUNCTIONS} and are shaped into JDBC's columns here.
     */
    ResultSet functions(String catalog, String schemaPattern, String functionPattern) throws SQLException {
        AvaticaStatement statement = (AvaticaStatement) createStatement();
        List<Object> rows = new ArrayList<>();
        boolean noCatalog = catalog == null || catalog.isEmpty();
        if (noCatalog && LikePattern.matches(schemaPattern, "default")) {
            try (ResultSet names = statement.executeQuery("SHOW FUNCTIONS")) {
                while (names.next()) {
                    String name = names.getString(1);
                    if (LikePattern.matches(functionPattern, name)) {
                        rows.add(Arrays.asList(null, null, name, null, (short) DatabaseMetaData.functionResultUnknown, name));
                    }
                }
            }
        }
        String[] names = {"FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS", "FUNCTION_TYPE", "SPECIFIC_NAME"};
        Class<?>[] types = {String.class, String.class, String.class, String.class, short.class, String.class};
        List<ColumnMetaData> columns = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            columns.add(MetaImpl.columnMetaData(names[i], i, types[i], i == 2 || i == 4 || i == 5));
        }
        Meta.Signature signature = Meta.Signature.create(columns, "SHOW FUNCTIONS", List.of(), Meta.CursorFactory.LIST,
                Meta.StatementType.SELECT);
        Meta.MetaResultSet result = Meta.MetaResultSet.create(id, statement.getId(), true, signature,
                Meta.Frame.create(0, true, rows));
        return createResultSet(result, new QueryState());
    }

    @Override
    protected Meta.ExecuteResult prepareAndExecuteInternal(AvaticaStatement statement, String sql, long maxRowCount)
            throws SQLException, NoSuchStatementException {
        cancelled.remove(statement.handle.id);
        try (QueryTimer timer = QueryTimer.arm(statement)) {
            try {
                return super.prepareAndExecuteInternal(statement, sql, maxRowCount);
            } catch (RuntimeException e) {
                if (timer.fired()) {
                    throw timer.timeout(e);
                }
                throw e;
            }
        }
    }

    /**
     * Avatica lets a failure of the server's {@code createStatement} (a refused login, say) escape
     * unchecked. Results are forward-only and read-only: other kinds are downgraded with a warning.
     */
    @Override
    public AvaticaStatement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException {
        checkOpen();
        try {
            return super.createStatement(warnings.type(resultSetType), warnings.concurrency(resultSetConcurrency),
                    resultSetHoldability);
        } catch (RuntimeException e) {
            throw Helper.INSTANCE.createException("Cannot create a statement: " + e.getMessage(), null, e);
        }
    }

    /**
     * Prepares on the server after escape processing. Avatica's own version reports only "while
     * preparing SQL"; this one passes on the server's message and SQLState (a missing table or column
     * is 42000, as when the statement is executed).
     */
    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
                                              int resultSetHoldability) throws SQLException {
        checkOpen();
        String hiveQl = escapes().translate(sql);
        int type = warnings.type(resultSetType);
        int concurrency = warnings.concurrency(resultSetConcurrency);
        Meta.StatementHandle h;
        try {
            h = meta.prepare(handle, hiveQl, -1);
        } catch (RuntimeException e) {
            throw Helper.INSTANCE.createException("Error while preparing SQL \"" + sql + "\": " + e.getMessage(), hiveQl, e);
        }
        return factory.newPreparedStatement(this, h, h.signature, type, concurrency, resultSetHoldability);
    }

    /** JDBC escape processing of this connection's statements. */
    JdbcEscapes escapes() {
        return escapes;
    }

    /** The statement as the server receives it: with its JDBC escapes rewritten to HiveQL. */
    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return escapes.translate(sql);
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings.first();
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings.clear();
    }

    /**
     * Makes {@code schema} (a HiveQL database) the current one, as {@code USE schema}; one that does not
     * exist is refused here (SQLState 42000) and the connection stays in its database.
     */
    @Override
    public void setSchema(String schema) throws SQLException {
        String previous = getSchema();
        super.setSchema(schema);
        try {
            getSchema(); // Avatica sends a change with the next request: send it now, so that a refusal is this call's
        } catch (AvaticaClientRuntimeException e) {
            // the refused schema would otherwise stay in the connection's properties, sent with every request
            super.setSchema(previous);
            SQLException refused = new SQLException(e.getMessage(), e.getSqlState(), e.getErrorCode(), e);
            try {
                getSchema();
            } catch (AvaticaClientRuntimeException again) {
                refused.addSuppressed(again);
            }
            throw refused;
        }
    }

    /** HiveQL has no user-defined types: the map is empty, and only an empty one can be set. */
    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkOpen();
        return new HashMap<>();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        checkOpen();
        if (map != null && !map.isEmpty()) {
            throw new SQLFeatureNotSupportedException("HiveQL has no user-defined types to map: " + map.keySet(), "0A000");
        }
    }

    /** Client info is kept on the connection (tools set ApplicationName and read it back). */
    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        clientInfo.set(name, value, this);
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        clientInfo.setAll(properties, this);
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        checkOpen();
        return clientInfo.get(name);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkOpen();
        return clientInfo.all();
    }

    @Override
    protected ResultSet executeQueryInternal(AvaticaStatement statement, Meta.Signature signature, Meta.Frame firstFrame,
                                             QueryState state, boolean isUpdate) throws SQLException {
        if (firstFrame != null) {
            // a result already in hand (metadata): nothing runs, nothing to time
            return super.executeQueryInternal(statement, signature, firstFrame, state, isUpdate);
        }
        cancelled.remove(statement.handle.id);
        try (QueryTimer timer = QueryTimer.arm(statement)) {
            try {
                return super.executeQueryInternal(statement, signature, firstFrame, state, isUpdate);
            } catch (SQLException | RuntimeException e) {
                if (timer.fired()) {
                    throw timer.timeout(e);
                }
                throw e;
            }
        }
    }
}
