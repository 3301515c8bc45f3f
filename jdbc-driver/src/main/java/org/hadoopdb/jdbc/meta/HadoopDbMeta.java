package org.hadoopdb.jdbc.meta;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.proto.Requests;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.calcite.avatica.remote.ProtobufMeta;
import org.apache.calcite.avatica.remote.TypedValue;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.jdbc.JdbcException;
import org.hadoopdb.jdbc.queries.QueryPlans;
import org.hadoopdb.jdbc.queries.QueryRecord;
import org.hadoopdb.jdbc.queries.QueryRegistry;
import org.hadoopdb.hiveql.ast.DescribeStatement;
import org.hadoopdb.hiveql.ast.ExplainStatement;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SetStatement;
import org.hadoopdb.hiveql.ast.ShowFunctionsStatement;
import org.hadoopdb.hiveql.ast.ShowTablesStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.hiveql.ast.UseStatement;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.ListResult;
import org.hadoopdb.runtime.ResultStream;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.engine.session.StatementListener;
import org.hadoopdb.connector.chunk.NodeReads;
import org.hadoopdb.engine.session.StatementResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Avatica's {@link org.apache.calcite.avatica.Meta} over HadoopDB sessions: the server side of every
 * JDBC connection, embedded (in the application's process) or remote (behind the query server).
 * Each connection gets its own {@link org.hadoopdb.engine.session.Session}, so its {@code SET}s are
 * its own; each statement plans against the latest catalog snapshot; statements that do work
 * (queries, loads, inserts) pass the {@link QueryGate} first.
 *
 * <p>Results stream: a query's rows are read from its {@link ResultStream} one frame at a time as
 * the client fetches. Cancelling goes through HiveQL's own {@code KILL QUERY '<connection>/<statement>'},
 * which the driver sends from {@code Statement.cancel()} (Avatica's protocol has no cancel request).
 *
 * <pre>{@code
 * HadoopDbMeta meta = new HadoopDbMeta(engine, new QueryGate(4, 64, Duration.ofMinutes(10)), () -> user);
 * Service service = new LocalService(meta);   // in-process, or behind AvaticaProtobufHandler
 * }</pre>
 */
public final class HadoopDbMeta extends DatabaseMetadataMeta implements ProtobufMeta, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HadoopDbMeta.class);
    private static final Pattern KILL = Pattern.compile("(?is)\\s*KILL\\s+QUERY\\s+'([^'/]+)/(\\d+)'\\s*;?\\s*");

    private final HadoopDbEngine engine;
    private final QueryGate gate;
    private final Supplier<String> currentUser;
    private final QueryRegistry queries;
    private final Supplier<String> currentAddress;
    private final Map<String, MetaConnection> connections = new ConcurrentHashMap<>();
    private final ScheduledExecutorService cancels = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "hadoopdb-jdbc-cancel");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean closed;

    /**
     * @param engine      the engine whose sessions the connections use
     * @param gate        the limit on statements running at once
     * @param currentUser who makes the current request (the authenticated HTTP user on the server)
     */
    public HadoopDbMeta(HadoopDbEngine engine, QueryGate gate, Supplier<String> currentUser) {
        this(engine, gate, currentUser, new QueryRegistry(0), () -> null);
    }

    /**
     * @param queries        where every statement run is recorded (the web console reads it)
     * @param currentAddress the address of the client making the current request, or null
     */
    public HadoopDbMeta(HadoopDbEngine engine, QueryGate gate, Supplier<String> currentUser, QueryRegistry queries,
                        Supplier<String> currentAddress) {
        this.engine = engine;
        this.gate = gate;
        this.currentUser = currentUser;
        this.queries = queries;
        this.currentAddress = currentAddress;
    }

    /** The statements run through this Meta. */
    public QueryRegistry queries() {
        return queries;
    }

    public QueryGate gate() {
        return gate;
    }

    /** Open connections now. */
    public int connectionCount() {
        return connections.size();
    }

    // ---- connections --------------------------------------------------------------------------

    /** The connection property naming the connection's first database (the URL's path: {@code //host:port/db}). */
    public static final String DATABASE_PROPERTY = "database";

    @Override
    public void openConnection(ConnectionHandle ch, Map<String, String> info) {
        if (closed) {
            throw Errors.of(JdbcException.NO_CONNECTION, "HadoopDB is shutting down: no new connections");
        }
        // Our driver always sends an id and properties; a hand-written Avatica client may send neither.
        if (ch == null || ch.id == null || ch.id.isBlank()) {
            throw Errors.of(JdbcException.CONNECTION_REFUSED, "The open-connection request has no connection id");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        // Connection properties with a dot are session settings (hadoopdb.reducers=4, mapreduce.job.queuename=...).
        if (info != null) {
            info.forEach((k, v) -> {
                if (k != null && k.contains(".") && v != null) {
                    settings.put(k, v);
                }
            });
        }
        MetaConnection c;
        try {
            c = new MetaConnection(ch.id, currentUser.get(),
                    engine.openSession(settings, info == null ? null : info.get(DATABASE_PROPERTY)));
        } catch (RuntimeException e) {
            throw Errors.toClient(e, false);
        }
        if (connections.putIfAbsent(ch.id, c) != null) {
            c.session.close();
            throw Errors.of(JdbcException.GENERAL, "Connection id " + ch.id + " is already in use");
        }
        LOG.debug("Connection {} opened by {}", ch.id, c.user);
    }

    @Override
    public void closeConnection(ConnectionHandle ch) {
        MetaConnection c = connections.get(ch.id);
        if (c != null && owned(c)) {
            connections.remove(ch.id);
            c.close();
            LOG.debug("Connection {} closed", ch.id);
        }
    }

    @Override
    public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties props) {
        MetaConnection c = connection(ch.id);
        if (props.isReadOnly() != null && props.isReadOnly()) {
            LOG.debug("Connection {} asked to be read-only; HadoopDB does not enforce it", ch.id);
        }
        if (props.getSchema() != null && !props.getSchema().equalsIgnoreCase(c.session.database())) {
            try {
                c.session.use(props.getSchema()); // Connection.setSchema is USE
            } catch (RuntimeException e) {
                throw Errors.toClient(e, false);
            }
        }
        c.properties.merge(props);
        c.properties.setSchema(c.session.database());
        c.properties.setDirty(false);
        return c.properties;
    }

    /**
     * Closes connections idle for longer than {@code idle} (clients that went away without closing).
     * Connections running a statement are kept.
     */
    public void expireIdle(Duration idle) {
        for (MetaConnection c : connections.values()) {
            if (!c.busy() && c.idleNanos() > idle.toNanos() && connections.remove(c.id, c)) {
                LOG.info("Closing connection {} of {}: idle for more than {}", c.id, c.user, idle);
                c.close();
            }
        }
    }

    /**
     * Refuses new statements and connections, waits up to {@code grace} for running statements to
     * finish, cancels those still running, and closes every connection.
     */
    public void shutdown(Duration grace) {
        closed = true;
        long deadline = System.nanoTime() + grace.toNanos();
        while (connections.values().stream().anyMatch(MetaConnection::busy) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        // cancel what still runs, again and again: a statement between planning and its first job has nothing to kill yet
        long cancelDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < cancelDeadline) {
            boolean any = false;
            for (MetaConnection c : connections.values()) {
                MetaStatement s = c.runningStatement();
                if (s != null) {
                    any = true;
                    LOG.info("Cancelling statement {} of connection {} ({}) at shutdown", s.id, c.id, c.user);
                    c.cancel(s);
                }
            }
            if (!any) {
                break;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (MetaConnection c : connections.values()) {
            connections.remove(c.id);
            c.close();
        }
        cancels.shutdownNow();
    }

    @Override
    public void close() {
        shutdown(Duration.ZERO);
    }

    @Override
    MetaConnection connection(String id) {
        MetaConnection c = connections.get(id);
        if (c == null || !owned(c)) {
            throw Errors.of(JdbcException.NO_CONNECTION, "Connection " + id + " does not exist (it was closed, "
                    + "expired after being idle, or the server restarted); open a new connection");
        }
        c.touch();
        return c;
    }

    private boolean owned(MetaConnection c) {
        String user = currentUser.get();
        return c.user == null ? user == null : c.user.equals(user);
    }

    // ---- statements ---------------------------------------------------------------------------

    @Override
    public StatementHandle createStatement(ConnectionHandle ch) {
        return new StatementHandle(ch.id, connection(ch.id).newStatement().id, null);
    }

    @Override
    public void closeStatement(StatementHandle h) {
        MetaConnection c = connections.get(h.connectionId);
        if (c != null && owned(c)) {
            c.closeStatement(h.id);
        }
    }

    @Override
    public StatementHandle prepare(ConnectionHandle ch, String given, long maxRowCount) {
        MetaConnection c = connection(ch.id);
        String sql = text(c, given);
        int parameters = ParameterBinder.count(sql);
        List<ColumnMetaData> columns = describe(c, sql, parameters);
        MetaStatement s = c.newStatement();
        s.prepare(sql, parameters, maxRowCount);
        List<AvaticaParameter> params = parameters == 0 ? List.of() : ParameterTypes.of(c.session, sql, parameters);
        StatementHandle h = new StatementHandle(ch.id, s.id, Signature.create(columns, sql, params,
                CursorFactory.LIST, columns.isEmpty() && !isQuery(sql) ? StatementType.OTHER_DDL : StatementType.SELECT));
        return h;
    }

    /** The result columns of a prepared query, planned without running; empty when that is not possible. */
    private List<ColumnMetaData> describe(MetaConnection c, String sql, int parameters) {
        Statement parsed;
        try {
            List<Object> nulls = new ArrayList<>(Collections.nCopies(parameters, null));
            parsed = ParameterBinder.bind(sql, nulls);
        } catch (RuntimeException e) {
            throw Errors.toClient(e, false);
        }
        if (!(parsed instanceof QueryStatement q)) {
            return List.of();
        }
        try {
            return columns(c.session.plan(q).plan().schema());
        } catch (RuntimeException e) {
            if (parameters == 0) {
                throw Errors.toClient(e, false);
            }
            // NULL stand-ins for parameters may not type-check; the columns come with the execution.
            LOG.debug("Cannot describe the columns of a prepared statement before it runs: {}", e.getMessage());
            return List.of();
        }
    }

    /** Avatica's protobuf encoding sends an empty statement as no text at all: it is an empty statement still. */
    /** The statement as the connection's session reads it (its quoted-identifiers setting applied). */
    private static String text(MetaConnection c, String sql) {
        try {
            return sql == null ? "" : c.session.dialect(sql);
        } catch (RuntimeException e) {
            throw Errors.toClient(e, false);
        }
    }

    private static boolean isQuery(String sql) {
        try {
            return HiveQlParser.parse(SourceSpan.of(sql)) instanceof QueryStatement;
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, PrepareCallback callback)
            throws NoSuchStatementException {
        return prepareAndExecute(h, sql, maxRowCount, MetaStatement.DEFAULT_FRAME_ROWS, callback);
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String given, long maxRowCount, int maxRowsInFirstFrame,
                                           PrepareCallback callback) throws NoSuchStatementException {
        MetaConnection c = connection(h.connectionId);
        String sql = text(c, given);
        MetaStatement s = c.statement(h);
        Matcher kill = KILL.matcher(sql);
        if (kill.matches()) {
            kill(kill.group(1), Integer.parseInt(kill.group(2)));
            return new ExecuteResult(List.of(MetaResultSet.count(h.connectionId, h.id, 0)));
        }
        Statement parsed;
        try {
            parsed = HiveQlParser.parse(SourceSpan.of(sql));
        } catch (RuntimeException e) {
            AvaticaRuntimeException error = Errors.toClient(e, false);
            // a statement that does not parse is recorded too: the console shows what users got wrong
            queries.start(c.user, QueryRegistry.JDBC, currentAddress.get(), "unparsed", sql)
                    .failed(error.getErrorMessage(), error.getSqlState());
            throw error;
        }
        return run(c, s, parsed, maxRowCount, maxRowsInFirstFrame);
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, long maxRowCount)
            throws NoSuchStatementException {
        return execute(h, parameterValues, MetaStatement.DEFAULT_FRAME_ROWS);
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
            throws NoSuchStatementException {
        MetaConnection c = connection(h.connectionId);
        MetaStatement s = c.statement(h);
        return run(c, s, bound(s, parameterValues), s.preparedMaxRows(), maxRowsInFirstFrame);
    }

    private static Statement bound(MetaStatement s, List<TypedValue> parameterValues) {
        String sql = s.preparedSql();
        if (sql == null) {
            throw Errors.of(JdbcException.GENERAL, "Statement " + s.id + " was not prepared");
        }
        try {
            return ParameterBinder.bind(sql, ParameterValues.toJava(parameterValues == null ? List.of() : parameterValues));
        } catch (RuntimeException e) {
            throw Errors.toClient(e, false);
        }
    }

    @Override
    public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands)
            throws NoSuchStatementException {
        MetaConnection c = connection(h.connectionId);
        MetaStatement s = c.statement(h);
        List<Statement> batch = new ArrayList<>(sqlCommands.size());
        for (String sql : sqlCommands) {
            try {
                batch.add(HiveQlParser.parse(SourceSpan.of(text(c, sql))));
            } catch (RuntimeException e) {
                throw Errors.toClient(e, false);
            }
        }
        return runBatch(c, s, batch);
    }

    @Override
    public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues)
            throws NoSuchStatementException {
        MetaConnection c = connection(h.connectionId);
        MetaStatement s = c.statement(h);
        List<Statement> batch = new ArrayList<>(parameterValues.size());
        for (List<TypedValue> values : parameterValues) {
            batch.add(bound(s, values));
        }
        return runBatch(c, s, batch);
    }

    /** The protobuf protocol (remote and embedded connections alike) sends a batch's values in this form. */
    @Override
    public ExecuteBatchResult executeBatchProtobuf(StatementHandle h, List<Requests.UpdateBatch> batches)
            throws NoSuchStatementException {
        return executeBatch(h, ParameterValues.fromProto(batches));
    }

    private ExecuteBatchResult runBatch(MetaConnection c, MetaStatement s, List<Statement> batch) {
        return new ExecuteBatchResult(BatchPlan.run(batch, (statement, index) -> updateCount(run(c, s, statement, 0, 0), index)));
    }

    private static long updateCount(ExecuteResult r, int index) {
        MetaResultSet rs = r.resultSets.get(0);
        if (rs.updateCount < 0) {
            throw Errors.of(JdbcException.NOT_SUPPORTED, "Statement " + (index + 1) + " of the batch returns rows; "
                    + "a batch may hold only statements without results (INSERT, LOAD DATA, DDL, SET)");
        }
        return rs.updateCount;
    }

    @Override
    public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount)
            throws NoSuchStatementException, MissingResultsException {
        MetaConnection c = connection(h.connectionId);
        MetaStatement s = c.statement(h);
        if (s.cancelRequested()) {
            s.closeResult();
            throw Errors.of(JdbcException.CANCELLED, "Query cancelled while its rows were fetched");
        }
        try {
            return s.fetch(offset, fetchMaxRowCount);
        } catch (MissingResultsException e) {
            throw e;
        } catch (RuntimeException e) {
            AvaticaRuntimeException error = Errors.toClient(e, s.cancelRequested());
            QueryRecord record = s.record();
            if (record != null) {
                ended(record, error);
            }
            s.closeResult();
            throw error;
        }
    }

    @Override
    public boolean syncResults(StatementHandle sh, QueryState state, long offset) throws NoSuchStatementException {
        // Results cannot be re-created on another server: a client that lost its server re-runs the query.
        connection(sh.connectionId).statement(sh);
        return false;
    }

    @Override
    public void commit(ConnectionHandle ch) {
        // Every statement commits on its own (HiveQL has no transactions); nothing is pending.
        connection(ch.id);
    }

    @Override
    public void rollback(ConnectionHandle ch) {
        connection(ch.id);
    }

    /** Runs one statement through the gate and the connection's session. */
    private ExecuteResult run(MetaConnection c, MetaStatement s, Statement statement, long maxRowCount, int firstFrame) {
        if (closed) {
            throw Errors.of(JdbcException.CANCELLED, "HadoopDB is shutting down: the statement was not run");
        }
        s.begin();
        if (maxRowCount > 0 && statement instanceof QueryStatement query) {
            // setMaxRows: planned as a LIMIT, so the chunks stop early instead of the client dropping rows
            statement = query.atMost(maxRowCount);
        }
        String text = statement.span().text();
        long started = System.nanoTime();
        QueryRecord record = queries.start(c.user, QueryRegistry.JDBC, currentAddress.get(), kind(statement), text);
        record.cancelWith(() -> cancelRepeatedly(c, s));
        try (QueryGate.Permit ignored = needsSlot(statement) ? gate.enter(s::cancelRequested) : null) {
            c.executing.lockInterruptibly();
            StatementResult result;
            try {
                if (s.cancelRequested()) {
                    throw new JdbcException(JdbcException.CANCELLED, "Query cancelled before it started");
                }
                c.running(s);
                record.running();
                result = execute(c, s, statement, record);
            } finally {
                c.running(null);
                c.executing.unlock();
            }
            if (result instanceof StatementResult.Rows rows) {
                if (s.cancelRequested()) {
                    rows.rows().close();
                    throw new JdbcException(JdbcException.CANCELLED, "Query cancelled");
                }
                s.open(rows.rows(), maxRowCount, record);
                Frame first = s.fetch(0, firstFrame <= 0 ? MetaStatement.DEFAULT_FRAME_ROWS : firstFrame);
                Signature signature = Signature.create(columns(rows.rows().schema()), text, List.of(),
                        CursorFactory.LIST, StatementType.SELECT);
                return new ExecuteResult(List.of(MetaResultSet.create(c.id, s.id, false, signature, first)));
            }
            StatementResult.Done done = (StatementResult.Done) result;
            if (!done.message().isEmpty()) {
                LOG.info("{}: {}", c.user, done.message());
            }
            record.addRows(Math.max(0, done.updateCount()));
            record.finished();
            return new ExecuteResult(List.of(MetaResultSet.count(c.id, s.id, Math.max(0, done.updateCount()))));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ended(record, Errors.of(JdbcException.CANCELLED, "Interrupted while waiting for the session"));
        } catch (MissingResultsException e) {
            throw ended(record, Errors.of(JdbcException.GENERAL, "The result disappeared before its first rows were read"));
        } catch (RuntimeException e) {
            AvaticaRuntimeException error = ended(record, Errors.toClient(e, s.cancelRequested()));
            s.closeResult();
            LOG.info("Statement of {} failed after {} ms: {}", c.user, (System.nanoTime() - started) / 1_000_000,
                    e.getMessage());
            throw error;
        } finally {
            s.end();
        }
    }

    /** Records how a statement ended with {@code error}: cancelled (HY008, HYT00) or failed. */
    static AvaticaRuntimeException ended(QueryRecord record, AvaticaRuntimeException error) {
        String state = error.getSqlState();
        if (JdbcException.CANCELLED.equals(state) || JdbcException.TIMEOUT.equals(state)) {
            record.cancelled(error.getErrorMessage(), state);
        } else {
            record.failed(error.getErrorMessage(), state);
        }
        return error;
    }

    /**
     * The kind a statement is recorded and its metrics labelled with: its class's name, e.g. query,
     * insert, createtable (both endpoints of the query server label theirs so).
     */
    public static String kind(Statement statement) {
        String name = statement.getClass().getSimpleName();
        if (name.endsWith("Statement") && name.length() > "Statement".length()) {
            name = name.substring(0, name.length() - "Statement".length());
        }
        return name.toLowerCase(java.util.Locale.ROOT);
    }

    private static StatementResult execute(MetaConnection c, MetaStatement s, Statement statement, QueryRecord record) {
        try {
            QueryPlans.record(record, c.session, statement);
            return c.session.execute(statement, listener(c, s, record));
        } catch (PlannerException e) {
            if (statement instanceof ShowFunctionsStatement show && show.describe() == null) {
                // until the planner lists its function library, list the functions every build runs
                return new StatementResult.Rows(coreFunctions(show.pattern()));
            }
            throw e;
        }
    }

    private static ListResult coreFunctions(String hivePattern) {
        RowSchema schema = RowSchema.builder().add("tab_name", "string").build();
        Pattern p = hivePattern == null ? null : Pattern.compile(hivePattern.replace("*", ".*"), Pattern.CASE_INSENSITIVE);
        List<Row> rows = new ArrayList<>();
        for (String f : CORE_FUNCTIONS) {
            if (p == null || p.matcher(f).matches()) {
                rows.add(Row.of(schema, f));
            }
        }
        return new ListResult(schema, rows);
    }

    /** Whether a statement takes one of the gate's running slots (quick statements that start no jobs do not). */
    public static boolean needsSlot(Statement s) {
        return !(s instanceof SetStatement || s instanceof UseStatement || s instanceof ShowTablesStatement
                || s instanceof DescribeStatement || s instanceof ExplainStatement || s instanceof ShowFunctionsStatement);
    }

    private static StatementListener listener(MetaConnection c, MetaStatement s, QueryRecord record) {
        return new StatementListener() {
            @Override
            public void progress(int stage, int stages, String jobId, float map, float reduce) {
                record.progress(stage, stages, jobId, map, reduce);
                LOG.debug("Connection {} statement {}: stage {}/{} job {} map {}% reduce {}%", c.id, s.id, stage, stages,
                        jobId, Math.round(map * 100), Math.round(reduce * 100));
            }

            @Override
            public void stageFinished(int stage, int stages, String jobId) {
                record.stageFinished(stage, stages, jobId);
            }

            @Override
            public void chunksRead(NodeReads reads) {
                record.chunksRead(reads);
            }

            @Override
            public void jobEnded(String jobId, int mapTasks, int reduceTasks) {
                record.jobEnded(jobId, mapTasks, reduceTasks);
            }

            @Override
            public void message(String text) {
                LOG.debug("Connection {} statement {}: {}", c.id, s.id, text);
            }
        };
    }

    /**
     * {@code KILL QUERY 'connection/statement'}: cancels a statement of the caller's own connections.
     * The session is told again every few hundred milliseconds while the statement runs, because a
     * statement between planning and starting its jobs has nothing to kill yet.
     */
    private void kill(String connectionId, int statementId) {
        MetaConnection target = connections.get(connectionId);
        MetaStatement s = target == null || !owned(target) ? null : target.findStatement(statementId);
        if (s == null) {
            return; // finished and closed already: nothing to cancel
        }
        LOG.info("Cancelling statement {} of connection {} ({})", statementId, connectionId, target.user);
        cancelRepeatedly(target, s);
    }

    private void cancelRepeatedly(MetaConnection target, MetaStatement s) {
        long run = s.generation();
        target.cancel(s);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        Runnable[] again = new Runnable[1];
        again[0] = () -> {
            if (s.running() && s.generation() == run && System.nanoTime() < until) {
                target.cancel(s);
                cancels.schedule(again[0], 250, TimeUnit.MILLISECONDS);
            }
        };
        if (!cancels.isShutdown()) {
            cancels.schedule(again[0], 250, TimeUnit.MILLISECONDS);
        }
    }

    static List<ColumnMetaData> columns(RowSchema schema) {
        List<ColumnMetaData> out = new ArrayList<>(schema.size());
        for (int i = 0; i < schema.size(); i++) {
            out.add(JdbcTypes.column(i, schema.name(i), schema.type(i)));
        }
        return out;
    }

    @Override
    public Iterable<Object> createIterable(StatementHandle handle, QueryState state, Signature signature,
                                           List<TypedValue> parameterValues, Frame firstFrame) {
        // Only a client-side Meta iterates results; this Meta serves frames through fetch().
        throw Errors.of(JdbcException.NOT_SUPPORTED, "createIterable is not used on the server side");
    }
}
