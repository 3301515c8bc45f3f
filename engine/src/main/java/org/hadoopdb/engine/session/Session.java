package org.hadoopdb.engine.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.planner.QueryPlanner.PlannedQuery;
import org.hadoopdb.hiveql.ast.AlterTableStatement;
import org.hadoopdb.hiveql.ast.AlterViewStatement;
import org.hadoopdb.hiveql.ast.CreateTableStatement;
import org.hadoopdb.hiveql.ast.CreateViewStatement;
import org.hadoopdb.hiveql.ast.DropViewStatement;
import org.hadoopdb.hiveql.ast.RenameStatement;
import org.hadoopdb.hiveql.ast.ShowColumnsStatement;
import org.hadoopdb.hiveql.ast.ShowCreateTableStatement;
import org.hadoopdb.hiveql.ast.ShowTablePropertiesStatement;
import org.hadoopdb.hiveql.ast.ShowViewsStatement;
import org.hadoopdb.hiveql.ast.TruncateTableStatement;
import org.hadoopdb.hiveql.ast.DescribeStatement;
import org.hadoopdb.hiveql.ast.DropTableStatement;
import org.hadoopdb.hiveql.ast.LoadDataStatement;
import org.hadoopdb.hiveql.ast.ShowPartitionsStatement;
import org.hadoopdb.hiveql.ast.ExplainStatement;
import org.hadoopdb.hiveql.ast.InsertDirectoryStatement;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.SetStatement;
import org.hadoopdb.hiveql.ast.ShowFunctionsStatement;
import org.hadoopdb.hiveql.ast.AddJarStatement;
import org.hadoopdb.hiveql.ast.ListJarsStatement;
import org.hadoopdb.hiveql.ast.CreateFunctionStatement;
import org.hadoopdb.hiveql.ast.DropFunctionStatement;
import org.hadoopdb.hiveql.ast.ShowTablesStatement;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.hiveql.ast.UseStatement;
import org.hadoopdb.hiveql.ast.AnalyzeTableStatement;
import org.hadoopdb.hiveql.ast.CreateDatabaseStatement;
import org.hadoopdb.hiveql.ast.DescribeDatabaseStatement;
import org.hadoopdb.hiveql.ast.DropDatabaseStatement;
import org.hadoopdb.hiveql.ast.ShowDatabasesStatement;
import org.hadoopdb.runtime.ListResult;
import org.hadoopdb.runtime.QueryExecutor;
import org.hadoopdb.runtime.ResultStream;
import org.hadoopdb.hiveql.parse.HiveQlParser;
import org.hadoopdb.hiveql.parse.QuotedIdentifiers;
import org.hadoopdb.planner.sms.PlanningOptions;

/**
 * One user's conversation with HadoopDB: the shell's, or one JDBC connection's. It runs HiveQL
 * statements one at a time with its own {@code SET} settings; each statement plans and runs against
 * one catalog snapshot. {@link #cancel()} (from another thread) stops the running statement.
 *
 * <pre>{@code
 * for (SourceSpan s : Session.split(script)) {
 *     StatementResult r = session.execute(s, listener);
 *     if (r instanceof StatementResult.Rows rows) {
 *         try (ResultStream stream = rows.rows()) { ... }
 *     }
 * }
 * }</pre>
 */
public final class Session implements AutoCloseable {
    private static final RowSchema EXPLAIN = RowSchema.builder().add("explain", "string").build();

    private final HadoopDbEngine engine;
    private final SessionSettings settings;
    private final TableStatements tables = new TableStatements(this);
    private final ViewStatements views = new ViewStatements(this);
    private final AlterStatements alters = new AlterStatements(this);
    private final DatabaseStatements databases = new DatabaseStatements(this);
    private final FunctionStatements functions = new FunctionStatements(this);
    /** The current database ({@code USE}): where unqualified table and view names are found. */
    private volatile String database = Names.DEFAULT_DATABASE;
    private volatile QueryExecutor running;
    /** The result the running statement reads itself (INSERT ... SELECT): cancel stops it too. */
    private volatile ResultStream consumed;
    private volatile boolean closed;

    Session(HadoopDbEngine engine, Map<String, String> initialSettings) {
        this.engine = engine;
        this.settings = new SessionSettings(engine.config(), initialSettings);
    }

    /** Splits a script into statements on ';' (outside quotes and comments), each with its position. */
    public static List<SourceSpan> split(String script) {
        return HiveQlParser.split(script);
    }

    /** Parses and runs one statement (text without the trailing ';'). */
    public StatementResult execute(String statement, StatementListener listener) {
        return execute(SourceSpan.of(statement), listener);
    }

    /** Parses and runs one statement of a script; errors give positions in the script. */
    public StatementResult execute(SourceSpan statement, StatementListener listener) {
        return execute(HiveQlParser.parse(new SourceSpan(dialect(statement.text()), statement.line(), statement.column())), listener);
    }

    /**
     * A statement's text as the parser reads it in this session: under {@code
     * hive.support.quoted.identifiers=standard}, double-quoted names in backticks ({@link QuotedIdentifiers}).
     * Callers that parse a statement themselves (the JDBC server) pass its text through this first.
     */
    public String dialect(String statement) {
        return QuotedIdentifiers.of(settings.config().hadoopConf().get(QuotedIdentifiers.SETTING)).apply(statement);
    }

    /** Runs one parsed statement. */
    public StatementResult execute(Statement statement, StatementListener listener) {
        if (closed) {
            throw new PlannerException("The session is closed");
        }
        try {
            return run(statement.withTableNames(this::qualify), listener);
        } catch (StackOverflowError e) {
            // checks and rewrites of the statement recurse over its tree: a statement can nest too deeply
            throw new SemanticException("Cannot run the statement at line " + statement.span().line() + ": "
                    + HiveQlParser.TOO_DEEP, e);
        } finally {
            // a query's rows are the caller's from here on: they are cancelled through the stream itself
            consumed = null;
        }
    }

    private StatementResult run(Statement statement, StatementListener listener) {
        if (statement instanceof QueryStatement q) {
            return new StatementResult.Rows(runQuery(q, listener));
        } else if (statement instanceof ExplainStatement e) {
            return new StatementResult.Rows(explain(e));
        } else if (statement instanceof SetStatement s) {
            return set(s);
        } else if (statement instanceof UseStatement u) {
            return use(u);
        } else if (statement instanceof ShowTablesStatement s) {
            return new StatementResult.Rows(Describer.showTables(catalog(), existingDatabase(s.database()), s.pattern()));
        } else if (statement instanceof AnalyzeTableStatement a) {
            return tables.analyze(a);
        } else if (statement instanceof CreateDatabaseStatement c) {
            return databases.create(c);
        } else if (statement instanceof DropDatabaseStatement d) {
            return databases.drop(d);
        } else if (statement instanceof ShowDatabasesStatement s) {
            return new StatementResult.Rows(Describer.showDatabases(catalog(), s.pattern()));
        } else if (statement instanceof DescribeDatabaseStatement d) {
            return new StatementResult.Rows(Describer.describeDatabase(catalog(), d.name(), d.extended()));
        } else if (statement instanceof DescribeStatement d) {
            if (d.partition() != null) {
                checkPartitionExists(d);
            }
            return new StatementResult.Rows(Describer.describe(catalog(), d.table(), d.formatted()));
        } else if (statement instanceof ShowPartitionsStatement s) {
            return new StatementResult.Rows(new PartitionStatements(this).show(s));
        } else if (statement instanceof ShowFunctionsStatement f) {
            if (f.describe() == null) {
                return new StatementResult.Rows(Describer.showFunctions(f.pattern(), functions.names(catalog())));
            }
            String user = org.hadoopdb.functions.HiveFunctionLibrary.instance().describe(f.describe()).isPresent() ? null
                    : functions.describe(catalog(), f.describe());
            return new StatementResult.Rows(user != null ? Describer.describeUserFunction(user) : Describer.describeFunction(f.describe()));
        } else if (statement instanceof AddJarStatement a) {
            return functions.addJars(a);
        } else if (statement instanceof ListJarsStatement l) {
            return functions.listJars(l);
        } else if (statement instanceof CreateFunctionStatement c) {
            return functions.create(c);
        } else if (statement instanceof DropFunctionStatement d) {
            return functions.drop(d);
        } else if (statement instanceof CreateTableStatement c) {
            return tables.create(c, listener);
        } else if (statement instanceof DropTableStatement d) {
            return tables.drop(d);
        } else if (statement instanceof LoadDataStatement l) {
            return tables.load(l, listener);
        } else if (statement instanceof InsertTableStatement i) {
            return tables.insert(i, listener);
        } else if (statement instanceof CreateViewStatement c) {
            return views.create(c);
        } else if (statement instanceof AlterViewStatement a) {
            return views.alter(a);
        } else if (statement instanceof DropViewStatement d) {
            return views.drop(d);
        } else if (statement instanceof RenameStatement r) {
            return r.view() ? views.rename(r) : alters.rename(r);
        } else if (statement instanceof AlterTableStatement a) {
            return alters.alter(a);
        } else if (statement instanceof TruncateTableStatement t) {
            return alters.truncate(t);
        } else if (statement instanceof ShowViewsStatement s) {
            return new StatementResult.Rows(Describer.showViews(catalog(), existingDatabase(s.database()), s.pattern()));
        } else if (statement instanceof ShowColumnsStatement s) {
            return new StatementResult.Rows(Describer.showColumns(catalog(), s.table()));
        } else if (statement instanceof ShowTablePropertiesStatement s) {
            return new StatementResult.Rows(Describer.showProperties(catalog(), s.table(), s.key()));
        } else if (statement instanceof ShowCreateTableStatement s) {
            return new StatementResult.Rows(Describer.showCreate(catalog(), s.table()));
        } else if (statement instanceof InsertDirectoryStatement i) {
            ResultStream rows = runQuery(new QueryStatement(i.query(), List.of(), i.span()), listener);
            return DirectoryWriter.write(i, rows, config());
        }
        throw unsupported(keyword(statement), statement.span());
    }

    /** {@code DESCRIBE t PARTITION (…)} describes the table (a partition has its columns) once the partition is found. */
    private void checkPartitionExists(DescribeStatement d) {
        var table = PartitionStatements.partitioned(AlterStatements.table(catalog(), d.table(), "DESCRIBE"));
        var values = PartitionStatements.staticValues(table, d.partition(), "DESCRIBE … PARTITION");
        if (!table.partitions().contains(new org.hadoopdb.catalog.model.PartitionInfo(values))) {
            throw new SemanticException("Table '" + table.name() + "' has no partition " + d.partition());
        }
    }

    /**
     * Stops the statement running in this session, if any: its query's jobs, and the rows an INSERT is
     * writing; it then fails with "cancelled".
     */
    public void cancel() {
        QueryExecutor q = running;
        if (q != null) {
            q.cancel();
        }
        ResultStream r = consumed;
        if (r != null) {
            r.cancel();
        }
    }

    /** The configuration this session's statements run with (the engine's plus {@code SET}s). */
    public HadoopDbConfig config() {
        return settings.config();
    }

    /** The settings changed in this session. */
    public Map<String, String> settings() {
        return settings.overrides();
    }

    /** The current database ({@code USE}), {@code default} until changed. */
    public String database() {
        return database;
    }

    /**
     * The catalog name of a table or view written as {@code written} in this session: {@code t} is in
     * the current database, {@code db.t} in {@code db}, which must exist.
     */
    String qualify(String written) {
        String name = Names.qualify(database, written);
        existingDatabase(Names.databaseOf(name));
        return name;
    }

    /** {@code name}, or the current database when null; a SemanticException when it does not exist. */
    private String existingDatabase(String name) {
        String db = name == null ? database : Names.normalize(name);
        Catalog catalog = catalog();
        if (catalog.findDatabase(db).isEmpty()) {
            throw new SemanticException("Database '" + db + "' does not exist" + Names.didYouMean(db, catalog.databaseNames())
                    + (db.equals(database) ? " (it was dropped while this session used it: USE another)" : ""));
        }
        return db;
    }

    /** The latest published catalog version. */
    public Catalog catalog() {
        return engine.catalog();
    }

    public HadoopDbEngine engine() {
        return engine;
    }

    @Override
    public void close() {
        closed = true;
        cancel();
    }

    // ---- statements ---------------------------------------------------------------------------

    /** Plans a query on the latest catalog and runs it; the rows stream from the last stage. */
    public PlannedQuery plan(QueryStatement query) {
        return planned(catalog(), query);
    }

    /**
     * The query planned now, without the engine's plan cache: what measuring the planner needs ({@link #plan}
     * returns a cached plan, whose {@code planningNanos} are those of its first planning).
     */
    public PlannedQuery planAfresh(QueryStatement query) {
        Catalog snapshot = catalog();
        return plan(snapshot, database, query.query(), PlanningOptions.from(config()));
    }

    ResultStream runQuery(QueryStatement query, StatementListener listener) {
        Catalog snapshot = catalog();
        PlannedQuery planned = planned(snapshot, query);
        QueryExecutor executor = new QueryExecutor(config(), engine.catalogStore().directory(), snapshot.version());
        running = executor;
        try {
            ResultStream rows = executor.run(planned.plan(), query.span().text(), listener);
            consumed = rows;
            return rows;
        } finally {
            running = null;
        }
    }

    /** The query's plan on {@code snapshot}: the engine's cached one when it ran before, else a new one. */
    private PlannedQuery planned(Catalog snapshot, QueryStatement query) {
        PlanningOptions options = PlanningOptions.from(config());
        String db = database;
        PlanCache.Key key;
        try {
            key = new PlanCache.Key(snapshot.version(), db, query.span().text(), query.query().toString(),
                    query.distributeBy(), options, functions.fingerprint());
        } catch (RuntimeException e) {
            // a query Calcite cannot print back is planned every time
            return plan(snapshot, db, query.query(), options);
        }
        return engine.plans().plan(key, () -> plan(snapshot, db, query.query(), options));
    }

    /** Plans {@code query} with this session's user functions (the temporary ones and the catalog's). */
    PlannedQuery plan(Catalog snapshot, String db, org.apache.calcite.sql.SqlNode query, PlanningOptions options) {
        return engine.planner().plan(snapshot, db, query, options, functions.table(snapshot));
    }

    private ListResult explain(ExplainStatement e) {
        QueryStatement query;
        if (e.explained() instanceof QueryStatement q) {
            query = q;
        } else if (e.explained() instanceof InsertDirectoryStatement i) {
            query = new QueryStatement(i.query(), List.of(), i.span());
        } else if (e.explained() instanceof InsertTableStatement i) {
            query = new QueryStatement(i.query(), List.of(), i.span());
        } else {
            throw new SemanticException("EXPLAIN works on queries and INSERT ... SELECT, not on "
                    + keyword(e.explained()) + " (line " + e.span().line() + ")");
        }
        Catalog snapshot = catalog();
        PlannedQuery planned = planned(snapshot, query);
        StringBuilder text = new StringBuilder(planned.explain(e.extended()));
        List<String> runTime = new QueryExecutor(config(), engine.catalogStore().directory(), snapshot.version())
                .explainRun(planned.plan());
        if (!runTime.isEmpty()) {
            // decided from PostgreSQL's estimates just before the stages run; shown as they stand now
            text.append("RUN TIME (from PostgreSQL's estimates now)\n");
            runTime.forEach(l -> text.append("  - ").append(l).append('\n'));
        }
        List<Row> rows = new ArrayList<>();
        for (String line : text.toString().split("\n", -1)) {
            rows.add(Row.of(EXPLAIN, line));
        }
        return new ListResult(EXPLAIN, rows);
    }

    private StatementResult set(SetStatement s) {
        if (s.key() == null) {
            return new StatementResult.Rows(settings.showAll());
        }
        if (s.value() == null) {
            return new StatementResult.Rows(settings.show(s.key()));
        }
        settings.set(s.key(), s.value());
        return new StatementResult.Done("", 0);
    }

    private StatementResult use(UseStatement u) {
        use(u.database());
        return new StatementResult.Done("", 0);
    }

    /**
     * Makes {@code name} the current database, as {@code USE name} does (a JDBC {@code setSchema}, or
     * HiveServer2's {@code use:database}).
     *
     * @throws SemanticException when it does not exist
     */
    public void use(String name) {
        database = existingDatabase(name);
    }

    private static PlannerException unsupported(String what, SourceSpan span) {
        return new PlannerException(what + " is not available in this build (line " + span.line() + ")");
    }

    /** The statement's kind as the user wrote it: CREATE TABLE, LOAD DATA, ... */
    private static String keyword(Statement s) {
        return s.getClass().getSimpleName().replace("Statement", "").replaceAll("([a-z])([A-Z])", "$1 $2")
                .toUpperCase(Locale.ROOT);
    }
}
