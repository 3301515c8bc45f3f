package org.hadoopdb.hs2;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.hive.service.rpc.thrift.TCLIService;
import org.apache.hive.service.rpc.thrift.TCancelDelegationTokenReq;
import org.apache.hive.service.rpc.thrift.TCancelDelegationTokenResp;
import org.apache.hive.service.rpc.thrift.TCancelOperationReq;
import org.apache.hive.service.rpc.thrift.TCancelOperationResp;
import org.apache.hive.service.rpc.thrift.TCloseOperationReq;
import org.apache.hive.service.rpc.thrift.TCloseOperationResp;
import org.apache.hive.service.rpc.thrift.TCloseSessionReq;
import org.apache.hive.service.rpc.thrift.TCloseSessionResp;
import org.apache.hive.service.rpc.thrift.TDownloadDataReq;
import org.apache.hive.service.rpc.thrift.TDownloadDataResp;
import org.apache.hive.service.rpc.thrift.TExecuteStatementReq;
import org.apache.hive.service.rpc.thrift.TExecuteStatementResp;
import org.apache.hive.service.rpc.thrift.TFetchResultsReq;
import org.apache.hive.service.rpc.thrift.TFetchResultsResp;
import org.apache.hive.service.rpc.thrift.TGetCatalogsReq;
import org.apache.hive.service.rpc.thrift.TGetCatalogsResp;
import org.apache.hive.service.rpc.thrift.TGetColumnsReq;
import org.apache.hive.service.rpc.thrift.TGetColumnsResp;
import org.apache.hive.service.rpc.thrift.TGetCrossReferenceReq;
import org.apache.hive.service.rpc.thrift.TGetCrossReferenceResp;
import org.apache.hive.service.rpc.thrift.TGetDelegationTokenReq;
import org.apache.hive.service.rpc.thrift.TGetDelegationTokenResp;
import org.apache.hive.service.rpc.thrift.TGetFunctionsReq;
import org.apache.hive.service.rpc.thrift.TGetFunctionsResp;
import org.apache.hive.service.rpc.thrift.TGetInfoReq;
import org.apache.hive.service.rpc.thrift.TGetInfoResp;
import org.apache.hive.service.rpc.thrift.TGetInfoValue;
import org.apache.hive.service.rpc.thrift.TGetOperationStatusReq;
import org.apache.hive.service.rpc.thrift.TGetOperationStatusResp;
import org.apache.hive.service.rpc.thrift.TGetPrimaryKeysReq;
import org.apache.hive.service.rpc.thrift.TGetPrimaryKeysResp;
import org.apache.hive.service.rpc.thrift.TGetQueryIdReq;
import org.apache.hive.service.rpc.thrift.TGetQueryIdResp;
import org.apache.hive.service.rpc.thrift.TGetResultSetMetadataReq;
import org.apache.hive.service.rpc.thrift.TGetResultSetMetadataResp;
import org.apache.hive.service.rpc.thrift.TGetSchemasReq;
import org.apache.hive.service.rpc.thrift.TGetSchemasResp;
import org.apache.hive.service.rpc.thrift.TGetTableTypesReq;
import org.apache.hive.service.rpc.thrift.TGetTableTypesResp;
import org.apache.hive.service.rpc.thrift.TGetTablesReq;
import org.apache.hive.service.rpc.thrift.TGetTablesResp;
import org.apache.hive.service.rpc.thrift.TGetTypeInfoReq;
import org.apache.hive.service.rpc.thrift.TGetTypeInfoResp;
import org.apache.hive.service.rpc.thrift.TOpenSessionReq;
import org.apache.hive.service.rpc.thrift.TOpenSessionResp;
import org.apache.hive.service.rpc.thrift.TOperationHandle;
import org.apache.hive.service.rpc.thrift.TOperationType;
import org.apache.hive.service.rpc.thrift.TProtocolVersion;
import org.apache.hive.service.rpc.thrift.TRenewDelegationTokenReq;
import org.apache.hive.service.rpc.thrift.TRenewDelegationTokenResp;
import org.apache.hive.service.rpc.thrift.TSessionHandle;
import org.apache.hive.service.rpc.thrift.TSetClientInfoReq;
import org.apache.hive.service.rpc.thrift.TSetClientInfoResp;
import org.apache.hive.service.rpc.thrift.TStatus;
import org.apache.hive.service.rpc.thrift.TUploadDataReq;
import org.apache.hive.service.rpc.thrift.TUploadDataResp;
import org.apache.thrift.TException;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.Session;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.jdbc.meta.HadoopDbMeta;
import org.hadoopdb.jdbc.meta.QueryGate;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HiveServer2's {@code TCLIService} over the engine's sessions: every request answers with a status,
 * an error status (message and SQLState) when it fails; a request this endpoint does not serve
 * answers with an error status naming it, never with a dropped connection.
 */
final class Hs2Service implements TCLIService.Iface {
    private static final Logger LOG = LoggerFactory.getLogger(Hs2Service.class);
    /** The newest protocol this endpoint speaks; older clients (V6 and later: columnar rows) get theirs. */
    static final TProtocolVersion PROTOCOL = TProtocolVersion.HIVE_CLI_SERVICE_PROTOCOL_V11;
    /** How long GetOperationStatus waits for a statement to end before answering RUNNING. */
    private static final long STATUS_POLL_MILLIS = 500;
    private static final long CANCEL_REPEAT_MILLIS = 250;
    private static final long CANCEL_REPEAT_FOR_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final HadoopDbEngine engine;
    private final QueryGate gate;
    private final boolean authenticated;
    private final QueryRegistry queries;
    private final Map<String, Hs2Session> sessions = new ConcurrentHashMap<>();
    private final ExecutorService statements = Executors.newCachedThreadPool(daemon("hadoopdb-hs2-statement"));
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(daemon("hadoopdb-hs2-cancel"));
    private final MetadataCalls metadata = new MetadataCalls(this);
    private volatile boolean closed;

    Hs2Service(HadoopDbEngine engine, QueryGate gate, boolean authenticated) {
        this(engine, gate, authenticated, new QueryRegistry(0));
    }

    /** @param queries where every statement run is recorded, as the JDBC endpoint records its own */
    Hs2Service(HadoopDbEngine engine, QueryGate gate, boolean authenticated, QueryRegistry queries) {
        this.engine = engine;
        this.gate = gate;
        this.authenticated = authenticated;
        this.queries = queries;
    }

    HadoopDbEngine engine() {
        return engine;
    }

    int sessionCount() {
        return sessions.size();
    }

    // ---- sessions -------------------------------------------------------------------------------

    @Override
    public TOpenSessionResp OpenSession(TOpenSessionReq req) {
        TOpenSessionResp resp = new TOpenSessionResp(Statuses.ok(), protocol(req.getClient_protocol()));
        try {
            if (closed) {
                throw new Hs2Exception(JdbcException.CONNECTION_REFUSED, "HadoopDB is shutting down");
            }
            ClientConnection connection = ClientConnection.current();
            String user = connection.user();
            if (user == null) {
                if (authenticated) {
                    throw new Hs2Exception("28000", "The connection did not log in (SASL PLAIN is required)");
                }
                user = req.getUsername() == null || req.getUsername().isBlank() ? "anonymous" : req.getUsername();
            }
            Session session = engine.openSession(SessionConfiguration.settings(req.getConfiguration()),
                    SessionConfiguration.database(req.getConfiguration()));
            Hs2Session s = new Hs2Session(Handles.newIdentifier(), user, session);
            String key = Handles.key(s.id());
            sessions.put(key, s);
            connection.sessions().add(key);
            resp.setSessionHandle(new TSessionHandle(s.id()));
            resp.setConfiguration(new HashMap<>());
            LOG.info("HiveServer2 session of {} from {} opened ({} open)", user, connection.address(), sessions.size());
        } catch (RuntimeException e) {
            resp.setStatus(Statuses.error(e, false));
        }
        return resp;
    }

    private static TProtocolVersion protocol(TProtocolVersion client) {
        return client == null || client.getValue() > PROTOCOL.getValue() ? PROTOCOL : client;
    }

    @Override
    public TCloseSessionResp CloseSession(TCloseSessionReq req) {
        return new TCloseSessionResp(status(() -> {
            String key = Handles.key(req.getSessionHandle() == null ? null : req.getSessionHandle().getSessionId());
            Hs2Session s = sessions.remove(key);
            if (s == null) {
                throw new Hs2Exception(JdbcException.NO_CONNECTION, "Invalid session handle: no such session (closed already?)");
            }
            ClientConnection.current().sessions().remove(key);
            s.close();
        }));
    }

    /** Closes the sessions a connection opened and left open (the client went away). */
    void connectionClosed(ClientConnection connection) {
        for (String key : connection.sessions()) {
            Hs2Session s = sessions.remove(key);
            if (s != null) {
                LOG.info("Closing the session of {}: its connection from {} ended", s.user(), connection.address());
                s.close();
            }
        }
        connection.sessions().clear();
    }

    Hs2Session session(TSessionHandle handle) {
        Hs2Session s = sessions.get(Handles.key(handle == null ? null : handle.getSessionId()));
        if (s == null) {
            throw new Hs2Exception(JdbcException.NO_CONNECTION, "Invalid session handle: no such session (closed or expired)");
        }
        s.touch();
        return s;
    }

    /**
     * Closes the sessions nothing used for {@code idle} that run no statement: HTTP clients that went
     * away without closing them (a binary connection's sessions end with the connection).
     */
    void expireIdle(Duration idle) {
        long idleNanos = idle.toNanos();
        for (Map.Entry<String, Hs2Session> e : sessions.entrySet()) {
            Hs2Session s = e.getValue();
            if (s.idleFor(idleNanos) && sessions.remove(e.getKey(), s)) {
                LOG.info("Closing the HiveServer2 session of {}: unused for {}", s.user(), idle);
                s.close();
            }
        }
    }

    @Override
    public TGetInfoResp GetInfo(TGetInfoReq req) {
        TGetInfoResp resp = new TGetInfoResp(Statuses.ok(), TGetInfoValue.stringValue(""));
        try {
            session(req.getSessionHandle());
            resp.setInfoValue(ServerInfo.value(req.getInfoType()));
        } catch (RuntimeException e) {
            resp.setStatus(Statuses.error(e, false));
        }
        return resp;
    }

    // ---- statements -----------------------------------------------------------------------------

    @Override
    public TExecuteStatementResp ExecuteStatement(TExecuteStatementReq req) {
        TExecuteStatementResp resp = new TExecuteStatementResp(Statuses.ok());
        try {
            if (closed) {
                throw new Hs2Exception(JdbcException.CANCELLED, "HadoopDB is shutting down: the statement was not run");
            }
            Hs2Session s = session(req.getSessionHandle());
            String address = ClientConnection.current().address();
            Statement statement = parse(s, address, req.getStatement());
            QueryRecord record = queries.start(s.user(), QueryRegistry.HIVESERVER2, address.isEmpty() ? null : address,
                    HadoopDbMeta.kind(statement), statement.span().text());
            Operation op = Operation.statement(s, record);
            // the web console's cancel stops it as CancelOperation does
            record.cancelWith(() -> cancel(op, false));
            s.add(op);
            if (req.getQueryTimeout() > 0) {
                timers.schedule(() -> cancel(op, true), req.getQueryTimeout(), TimeUnit.SECONDS);
            }
            if (req.isRunAsync()) {
                statements.execute(() -> op.run(statement, gate));
                resp.setOperationHandle(op.handle());
            } else {
                op.run(statement, gate);
                TGetOperationStatusResp status = op.status(false);
                if (status.isSetErrorMessage()) {
                    s.remove(op);
                    resp.setStatus(Statuses.error(status.getSqlState(), status.getErrorMessage()));
                } else {
                    resp.setOperationHandle(op.handle());
                }
            }
        } catch (RuntimeException e) {
            resp.setStatus(Statuses.error(e, false));
        }
        return resp;
    }

    /** Parses the request's statement; one that does not parse is recorded too (the console shows what users got wrong). */
    private Statement parse(Hs2Session s, String address, String text) {
        try {
            return parse(s.dialect(text));
        } catch (RuntimeException e) {
            queries.start(s.user(), QueryRegistry.HIVESERVER2, address.isEmpty() ? null : address, "unparsed",
                    text == null ? "" : text).failed(Statuses.message(e, false), Statuses.sqlState(e, false));
            throw e;
        }
    }

    /** One statement per request, as HiveServer2 takes them (beeline splits scripts itself). */
    private static Statement parse(String text) {
        List<SourceSpan> spans = Session.split(text == null ? "" : text);
        if (spans.isEmpty()) {
            throw new Hs2Exception(JdbcException.SYNTAX, "The statement is empty");
        }
        if (spans.size() > 1) {
            throw new Hs2Exception(JdbcException.SYNTAX, "Send one statement per request: this text holds " + spans.size());
        }
        return HiveQlParser.parse(spans.get(0));
    }

    @Override
    public TGetOperationStatusResp GetOperationStatus(TGetOperationStatusReq req) {
        try {
            Operation op = operation(req.getOperationHandle());
            op.awaitEnd(STATUS_POLL_MILLIS);
            return op.status(req.isSetGetProgressUpdate() && req.isGetProgressUpdate());
        } catch (RuntimeException e) {
            return new TGetOperationStatusResp(Statuses.error(e, false));
        }
    }

    @Override
    public TCancelOperationResp CancelOperation(TCancelOperationReq req) {
        return new TCancelOperationResp(status(() -> cancel(operation(req.getOperationHandle()), false)));
    }

    /** Cancels now, and again while the statement runs (a statement still planning has no jobs to kill yet). */
    private void cancel(Operation op, boolean timeout) {
        if (!op.running()) {
            if (!timeout) {
                op.cancel(false);
            }
            return;
        }
        LOG.info("Cancelling a statement of {}{}", op.session().user(), timeout ? " (query timeout)" : "");
        op.cancel(timeout);
        long until = System.nanoTime() + CANCEL_REPEAT_FOR_NANOS;
        Runnable[] again = new Runnable[1];
        again[0] = () -> {
            if (op.running() && System.nanoTime() < until) {
                op.cancel(timeout);
                timers.schedule(again[0], CANCEL_REPEAT_MILLIS, TimeUnit.MILLISECONDS);
            }
        };
        if (!timers.isShutdown()) {
            timers.schedule(again[0], CANCEL_REPEAT_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public TCloseOperationResp CloseOperation(TCloseOperationReq req) {
        return new TCloseOperationResp(status(() -> {
            Operation op = operation(req.getOperationHandle());
            op.session().remove(op);
            op.close();
        }));
    }

    @Override
    public TGetResultSetMetadataResp GetResultSetMetadata(TGetResultSetMetadataReq req) {
        TGetResultSetMetadataResp resp = new TGetResultSetMetadataResp(Statuses.ok());
        try {
            resp.setSchema(ThriftTypes.schema(operation(req.getOperationHandle()).columns()));
        } catch (RuntimeException e) {
            resp.setStatus(Statuses.error(e, false));
        }
        return resp;
    }

    @Override
    public TFetchResultsResp FetchResults(TFetchResultsReq req) {
        TFetchResultsResp resp = new TFetchResultsResp(Statuses.ok());
        try {
            Operation op = operation(req.getOperationHandle());
            int max = (int) Math.min(Integer.MAX_VALUE, Math.max(1, req.getMaxRows()));
            // fetchType 1 is the operation log; 0 the rows
            resp.setResults(req.getFetchType() == 1 ? op.fetchLog(max) : op.fetch(max, req.getOrientation()));
            resp.setHasMoreRows(false);
        } catch (RuntimeException e) {
            resp.setStatus(Statuses.error(e, false));
        }
        return resp;
    }

    @Override
    public TGetQueryIdResp GetQueryId(TGetQueryIdReq req) throws TException {
        try {
            return new TGetQueryIdResp(operation(req.getOperationHandle()).queryId());
        } catch (RuntimeException e) {
            // this answer has no status field: the error travels as Thrift's application error
            throw new TException(e.getMessage(), e);
        }
    }

    Operation operation(TOperationHandle handle) {
        String key = Handles.key(handle == null ? null : handle.getOperationId());
        for (Hs2Session s : sessions.values()) {
            Operation op = s.operation(key);
            if (op != null) {
                s.touch();
                return op;
            }
        }
        throw new Hs2Exception(JdbcException.GENERAL, "Invalid operation handle: no such operation (closed already?)");
    }

    /** Registers a finished metadata operation of the session and returns its handle. */
    TOperationHandle register(TSessionHandle handle, TOperationType type, Function<Hs2Session, RowSource> rows) {
        Hs2Session s = session(handle);
        Operation op = Operation.finished(type, s, rows.apply(s));
        s.add(op);
        return op.handle();
    }

    // ---- metadata -------------------------------------------------------------------------------

    @Override
    public TGetTypeInfoResp GetTypeInfo(TGetTypeInfoReq req) {
        return metadata.typeInfo(req);
    }

    @Override
    public TGetCatalogsResp GetCatalogs(TGetCatalogsReq req) {
        return metadata.catalogs(req);
    }

    @Override
    public TGetSchemasResp GetSchemas(TGetSchemasReq req) {
        return metadata.schemas(req);
    }

    @Override
    public TGetTablesResp GetTables(TGetTablesReq req) {
        return metadata.tables(req);
    }

    @Override
    public TGetTableTypesResp GetTableTypes(TGetTableTypesReq req) {
        return metadata.tableTypes(req);
    }

    @Override
    public TGetColumnsResp GetColumns(TGetColumnsReq req) {
        return metadata.columns(req);
    }

    @Override
    public TGetFunctionsResp GetFunctions(TGetFunctionsReq req) {
        return metadata.functions(req);
    }

    @Override
    public TGetPrimaryKeysResp GetPrimaryKeys(TGetPrimaryKeysReq req) {
        return metadata.primaryKeys(req);
    }

    @Override
    public TGetCrossReferenceResp GetCrossReference(TGetCrossReferenceReq req) {
        return metadata.crossReference(req);
    }

    // ---- not served -----------------------------------------------------------------------------

    @Override
    public TGetDelegationTokenResp GetDelegationToken(TGetDelegationTokenReq req) {
        return new TGetDelegationTokenResp(unsupported("GetDelegationToken (HadoopDB has no Kerberos delegation tokens)"));
    }

    @Override
    public TCancelDelegationTokenResp CancelDelegationToken(TCancelDelegationTokenReq req) {
        return new TCancelDelegationTokenResp(unsupported("CancelDelegationToken (HadoopDB has no Kerberos delegation tokens)"));
    }

    @Override
    public TRenewDelegationTokenResp RenewDelegationToken(TRenewDelegationTokenReq req) {
        return new TRenewDelegationTokenResp(unsupported("RenewDelegationToken (HadoopDB has no Kerberos delegation tokens)"));
    }

    /** Client information is accepted and not kept. */
    @Override
    public TSetClientInfoResp SetClientInfo(TSetClientInfoReq req) {
        return new TSetClientInfoResp(status(() -> session(req.getSessionHandle())));
    }

    @Override
    public TUploadDataResp UploadData(TUploadDataReq req) {
        return new TUploadDataResp(unsupported("UploadData"), noOperation());
    }

    @Override
    public TDownloadDataResp DownloadData(TDownloadDataReq req) {
        return new TDownloadDataResp(unsupported("DownloadData"), noOperation());
    }

    /** These answers must carry a handle even when they fail: one that names no operation. */
    private static TOperationHandle noOperation() {
        return new TOperationHandle(Handles.newIdentifier(), TOperationType.UNKNOWN, false);
    }

    private static TStatus unsupported(String what) {
        return Statuses.error(JdbcException.NOT_SUPPORTED, "The HadoopDB HiveServer2 endpoint does not support " + what);
    }

    /** Success, or the error status of what {@code action} threw. */
    static TStatus status(Runnable action) {
        try {
            action.run();
            return Statuses.ok();
        } catch (RuntimeException e) {
            return Statuses.error(e, false);
        }
    }

    // ---- shutdown -------------------------------------------------------------------------------

    /**
     * Refuses new sessions and statements, lets running statements finish for {@code grace}, cancels
     * the rest, and closes every session.
     */
    void shutdown(Duration grace) {
        closed = true;
        List<Hs2Session> open = new ArrayList<>(sessions.values());
        statements.shutdown();
        try {
            if (!statements.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.info("Cancelling the HiveServer2 statements still running after {}", grace);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Hs2Session s : open) {
            s.close();
        }
        sessions.clear();
        statements.shutdownNow();
        timers.shutdownNow();
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
