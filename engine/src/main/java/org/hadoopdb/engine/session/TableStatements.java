package org.hadoopdb.engine.session;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.hadoopdb.catalog.Names;
import org.hadoopdb.catalog.model.Catalog;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.catalog.model.TableInfo;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.loader.LoadProgressListener;
import org.hadoopdb.loader.LoadReport;
import org.hadoopdb.loader.LoadSpec;
import org.hadoopdb.loader.Loader;
import org.hadoopdb.loader.PartitionWrite;
import org.hadoopdb.loader.table.TableDefinition;
import org.hadoopdb.loader.table.TableManager;
import org.hadoopdb.loader.table.TableProperties;
import org.hadoopdb.loader.table.TableStatistics;
import org.hadoopdb.loader.text.TextFormat;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.SemanticException;
import org.hadoopdb.hiveql.ast.AnalyzeTableStatement;
import org.hadoopdb.hiveql.ast.ColumnDef;
import org.hadoopdb.hiveql.ast.CreateTableStatement;
import org.hadoopdb.hiveql.ast.DropTableStatement;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.LoadDataStatement;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.RowFormat;
import org.hadoopdb.hiveql.ast.SortColumn;
import org.hadoopdb.runtime.QueryExecutor;
import org.hadoopdb.runtime.ResultStream;
import org.hadoopdb.hiveql.parse.HiveTypes;

/**
 * The statements that change tables: {@code CREATE TABLE [AS SELECT]}, {@code DROP TABLE},
 * {@code LOAD DATA} and {@code INSERT INTO/OVERWRITE TABLE ... SELECT}. Table layout and loading are
 * the data loader's; this class translates the statements and reports progress to the user.
 *
 * <p>{@code INSERT ... SELECT} casts the query's columns to the table's types (as Hive does), writes
 * the rows as typed row files in the scratch directory and loads them like any other input, so the
 * new rows become visible atomically, with the catalog version that lists them.
 */
final class TableStatements {
    private final Session session;

    TableStatements(Session session) {
        this.session = session;
    }

    StatementResult create(CreateTableStatement c, StatementListener listener) {
        if (session.catalog().findView(c.name()).isPresent()) {
            throw new SemanticException("Cannot create table '" + Names.normalize(c.name()) + "': a view of that name exists");
        }
        boolean exists = session.catalog().findTable(Names.normalize(c.name())).isPresent();
        if (exists && c.ifNotExists()) {
            return new StatementResult.Done("Table " + c.name() + " already exists", 0);
        }
        if (exists) {
            // checked here too (the loader checks again when it publishes) so that it is the statement's error
            throw new SemanticException("Table '" + c.name() + "' already exists (use IF NOT EXISTS, or drop it first)");
        }
        List<ColumnInfo> columns = new ArrayList<>();
        for (ColumnDef d : c.columns()) {
            columns.add(new ColumnInfo(d.name(), HiveType.parse(d.type()), d.comment()));
        }
        RowSchema querySchema = null;
        if (c.asQuery() != null) {
            querySchema = session.plan(new QueryStatement(c.asQuery(), List.of(), c.span())).plan().schema();
            if (columns.isEmpty()) {
                for (RowSchema.Field f : querySchema.fields()) {
                    columns.add(new ColumnInfo(columnName(f.name(), columns.size()), f.type(), null));
                }
            }
        }
        TableDefinition.Builder def = TableDefinition.builder(c.name()).columns(columns).properties(properties(c));
        if (c.external()) {
            def.distribution(org.hadoopdb.catalog.model.Distribution.EXTERNAL).property(TableInfo.LOCATION, c.location());
        }
        if (!c.clusteredBy().isEmpty()) {
            def.hashedBy(c.clusteredBy().toArray(String[]::new));
        }
        for (SortColumn s : c.sortedBy()) {
            def.sortedBy(new TableDefinition.SortColumn(s.name(), s.ascending()));
        }
        Map<String, String> named = new LinkedHashMap<>();
        c.properties().forEach((k, v) -> named.put(k.toLowerCase(java.util.Locale.ROOT), v));
        def.indexedOn(TableProperties.indexColumns(named).toArray(String[]::new));
        List<ColumnInfo> partitionColumns = new ArrayList<>();
        for (ColumnDef d : c.partitionedBy()) {
            partitionColumns.add(new ColumnInfo(d.name(), HiveType.parse(d.type()), d.comment()));
        }
        def.partitionedBy(partitionColumns);
        def.buckets(c.buckets());
        if (c.comment() != null) {
            def.comment(c.comment());
        }
        TableInfo table = new TableManager(session.config()).create(def.build(), c.ifNotExists());
        if (c.asQuery() == null) {
            return new StatementResult.Done("Created table " + table.name(), 0);
        }
        try {
            LoadReport report = insertRows(table, List.of(), c.asQuery(), true, c.span(), listener);
            return new StatementResult.Done("Created table " + table.name() + "\n" + report.summary(), report.rowsLoaded());
        } catch (RuntimeException e) {
            // CREATE TABLE ... AS SELECT is one statement: a failed query leaves no empty table behind.
            try {
                new TableManager(session.config()).drop(table.name(), true);
            } catch (RuntimeException dropFailure) {
                e.addSuppressed(dropFailure);
            }
            throw e;
        }
    }

    StatementResult drop(DropTableStatement d) {
        if (session.catalog().findView(d.name()).isPresent()) {
            throw new SemanticException("'" + Names.normalize(d.name()) + "' is a view, not a table: use DROP VIEW");
        }
        if (!d.ifExists()) {
            table(d.name());
        }
        boolean dropped = new TableManager(session.config()).drop(d.name(), d.ifExists());
        return new StatementResult.Done(dropped ? "Dropped table " + Names.normalize(d.name())
                : "Table " + d.name() + " does not exist", 0);
    }

    StatementResult load(LoadDataStatement l, StatementListener listener) {
        Catalog catalog = session.catalog();
        if (catalog.findTable(Names.normalize(l.table())).isEmpty()) {
            throw new SemanticException("Table '" + l.table() + "' does not exist"
                    + Names.didYouMean(l.table(), catalog.tableNames()) + "; create it first");
        }
        TableInfo table = table(l.table());
        refuseExternal(table, "LOAD DATA");
        LoadSpec.Builder spec = LoadSpec.builder(l.table()).input(l.path()).local(l.local()).overwrite(l.overwrite());
        if (table.isPartitioned()) {
            if (l.partition() == null) {
                throw new SemanticException("Table '" + table.name() + "' is partitioned by " + String.join(", ", table.partitionColumns())
                        + ": name the partition the files go to, LOAD DATA … INTO TABLE " + table.name() + " PARTITION ("
                        + table.partitionColumns().get(0) + "='…'"
                        + (table.partitionColumns().size() > 1 ? ", …" : "") + ")");
            }
            spec.partitions(PartitionWrite.staticPartition(PartitionStatements.staticValues(table, l.partition(), "LOAD DATA"),
                    l.overwrite()));
        } else if (l.partition() != null) {
            throw new SemanticException("Table '" + table.name() + "' is not partitioned: drop " + l.partition());
        }
        LoadReport report = new Loader(session.config()).load(spec.build(), progress(listener));
        return new StatementResult.Done(report.summary(), report.rowsLoaded());
    }

    StatementResult insert(InsertTableStatement i, StatementListener listener) {
        TableInfo table = table(i.table());
        refuseExternal(table, "INSERT INTO");
        if (!table.isPartitioned() && i.partition() != null) {
            throw new SemanticException("Table '" + table.name() + "' is not partitioned: drop " + i.partition());
        }
        LoadReport report = table.isPartitioned() ? new PartitionedInsert(session, table, i).run(this, listener)
                : insertRows(table, i.columns(), i.query(), i.overwrite(), i.span(), listener);
        return new StatementResult.Done(report.summary(), report.rowsLoaded());
    }

    /** The query wrapped so that it returns exactly the table's columns and types. */
    SqlNode insertQuery(TableInfo table, List<String> targetColumns, SqlNode query, org.hadoopdb.hiveql.ast.SourceSpan span) {
        return insertQuery(table, targetColumns, Map.of(), query, span);
    }

    /**
     * The query wrapped so that it returns exactly the table's columns and types: the query's columns go to
     * {@code targetColumns} (all the columns without {@code constants}, in order, when empty), the columns
     * of {@code constants} get their values (the text of a static partition's value, or
     * {@link org.hadoopdb.catalog.model.PartitionValues#DEFAULT_PARTITION} for NULL), the others NULL.
     */
    SqlNode insertQuery(TableInfo table, List<String> targetColumns, Map<String, String> constants, SqlNode query,
                        org.hadoopdb.hiveql.ast.SourceSpan span) {
        RowSchema produced = session.plan(new QueryStatement(query, List.of(), span)).plan().schema();
        List<String> targets = new ArrayList<>();
        List<String> defaults = table.columnNames().stream().filter(n -> !constants.containsKey(n)).toList();
        for (String c : targetColumns.isEmpty() ? defaults : targetColumns) {
            String n = Names.normalize(c);
            if (table.findColumn(n).isEmpty()) {
                throw new SemanticException("Table '" + table.name() + "' has no column '" + c + "'"
                        + Names.didYouMean(c, table.columnNames()) + " (line " + span.line() + ")");
            }
            if (targets.contains(n)) {
                throw new SemanticException("Column '" + n + "' is named twice in the column list of INSERT INTO "
                        + table.name() + " (line " + span.line() + ")");
            }
            targets.add(n);
        }
        if (produced.size() != targets.size()) {
            throw new SemanticException("Cannot insert into table '" + table.name() + "': the query returns " + produced.size()
                    + " column(s) but " + targets.size() + " are expected (" + String.join(", ", targets) + ") (line "
                    + span.line() + ")");
        }
        SqlParserPos pos = SqlParserPos.ZERO;
        List<SqlNode> asOperands = new ArrayList<>();
        asOperands.add(query);
        asOperands.add(new SqlIdentifier("q", pos));
        for (int k = 0; k < produced.size(); k++) {
            asOperands.add(new SqlIdentifier("_q" + k, pos));
        }
        SqlNode from = SqlStdOperatorTable.AS.createCall(pos, asOperands);
        SqlNodeList select = new SqlNodeList(pos);
        for (ColumnInfo column : table.columns()) {
            int k = targets.indexOf(column.name());
            SqlNode value = k < 0 ? SqlLiteral.createNull(pos) : new SqlIdentifier(List.of("q", "_q" + k), pos);
            String constant = constants.get(column.name());
            if (constant != null && !constant.equals(org.hadoopdb.catalog.model.PartitionValues.DEFAULT_PARTITION)) {
                value = SqlLiteral.createCharString(constant, pos);
            }
            SqlNode cast = SqlStdOperatorTable.CAST.createCall(pos, value, HiveTypes.sqlType(column.type(), pos));
            select.add(SqlStdOperatorTable.AS.createCall(pos, cast, new SqlIdentifier(column.name(), pos)));
        }
        return new SqlSelect(pos, null, select, from, null, null, null, null, null, null, null, null, null);
    }

    private LoadReport insertRows(TableInfo table, List<String> targetColumns, SqlNode query, boolean overwrite,
                                  org.hadoopdb.hiveql.ast.SourceSpan span, StatementListener listener) {
        return insertRows(table, insertQuery(table, targetColumns, query, span), span, listener, null,
                spec -> spec.overwrite(overwrite));
    }

    /**
     * Runs the wrapped query, writes its rows as typed row files and loads them.
     *
     * @param seen     called with every row written (a dynamic partition's values are collected so), or null
     * @param loadSpec completes the load's spec once the rows are written
     */
    LoadReport insertRows(TableInfo table, SqlNode wrapped, org.hadoopdb.hiveql.ast.SourceSpan span, StatementListener listener,
                          java.util.function.Consumer<Row> seen, java.util.function.UnaryOperator<LoadSpec.Builder> loadSpec) {
        RowSchema schema = RowSchema.of(table);
        Path dir = new Path(QueryExecutor.scratchRoot(session.config()), "inserts/" + UUID.randomUUID());
        Configuration conf = session.config().hadoopConf();
        try {
            long rows;
            try (ResultStream result = session.runQuery(new QueryStatement(wrapped, List.of(), span), listener)) {
                rows = writeRows(result, schema, new Path(dir, "part-00000"), conf, seen);
            }
            listener.message(String.format(Locale.ROOT, "Query returned %,d rows; loading them into %s", rows, table.name()));
            LoadSpec spec = loadSpec.apply(LoadSpec.builder(table.name()).input(dir.toString()).rows(schema)).build();
            return new Loader(session.config()).load(spec, progress(listener));
        } finally {
            try {
                dir.getFileSystem(conf).delete(dir, true);
            } catch (IOException e) {
                listener.message("Could not delete the insert's scratch directory " + dir + ": " + e.getMessage());
            }
        }
    }

    private static long writeRows(ResultStream result, RowSchema schema, Path file, Configuration conf,
                                  java.util.function.Consumer<Row> seen) {
        Configuration typed = new Configuration(conf);
        schema.store(typed, Row.SCHEMA_KEY);
        long n = 0;
        try {
            FileSystem.get(file.toUri(), typed).mkdirs(file.getParent());
            try (SequenceFile.Writer out = SequenceFile.createWriter(typed, SequenceFile.Writer.file(file),
                    SequenceFile.Writer.keyClass(NullWritable.class), SequenceFile.Writer.valueClass(Row.class),
                    SequenceFile.Writer.compression(SequenceFile.CompressionType.BLOCK))) {
                while (result.next()) {
                    out.append(NullWritable.get(), result.row());
                    if (seen != null) {
                        seen.accept(result.row());
                    }
                    n++;
                }
            }
        } catch (IOException e) {
            throw new PlannerException("Cannot write the rows to insert to " + file + ": " + e.getMessage(), e);
        }
        return n;
    }

    /** {@code ANALYZE TABLE … COMPUTE STATISTICS}: PostgreSQL's ANALYZE on every chunk and the catalog's statistics recomputed. */
    StatementResult analyze(AnalyzeTableStatement a) {
        TableInfo table = table(a.table());
        refuseExternal(table, "ANALYZE TABLE");
        for (String column : a.columns()) {
            if (table.findColumn(column).isEmpty()) {
                throw new SemanticException("Table '" + table.name() + "' has no column '" + column + "'"
                        + Names.didYouMean(column, table.columnNames()));
            }
        }
        TableInfo analyzed = new TableStatistics(session.config()).analyze(table.name());
        return new StatementResult.Done(String.format(Locale.ROOT, "Analyzed table %s: %,d rows, %s", analyzed.name(),
                analyzed.stats().rows(), org.hadoopdb.catalog.config.ByteSizeText.format(analyzed.stats().bytes())), 0);
    }

    /** An external table's rows are its files, which HadoopDB neither writes nor keeps statistics of. */
    static void refuseExternal(TableInfo table, String statement) {
        if (table.isExternal()) {
            throw new SemanticException(statement + " does not work on external table '" + table.name() + "': its rows are the"
                    + " files at " + table.location() + ", read where they are (add files there, or copy the rows into a table"
                    + " HadoopDB manages: CREATE TABLE t2 AS SELECT * FROM " + table.name() + ")");
        }
    }

    private TableInfo table(String name) {
        Catalog catalog = session.catalog();
        return catalog.findTable(Names.normalize(name)).orElseThrow(() -> new SemanticException("Table '" + name
                + "' does not exist" + (catalog.findView(name).isPresent() ? " (it is a view, which holds no rows of its own)"
                : Names.didYouMean(name, catalog.tableNames()))));
    }

    private static Map<String, String> properties(CreateTableStatement c) {
        Map<String, String> props = new LinkedHashMap<>(c.properties());
        RowFormat f = c.rowFormat();
        if (f != null) {
            if (f.lineDelimiter() != null && !f.lineDelimiter().equals("\n")) {
                throw new PlannerException("Table '" + c.name() + "': only '\\n' is supported as LINES TERMINATED BY, as in Hive"
                        + " (line " + c.span().line() + ")");
            }
            putIfSet(props, TextFormat.FIELD_DELIM, f.fieldDelimiter());
            putIfSet(props, TextFormat.ESCAPE_DELIM, f.escapeChar());
            putIfSet(props, TextFormat.NULL_FORMAT, f.nullFormat());
            putIfSet(props, TextFormat.COLLECTION_DELIM, f.collectionItemsDelimiter());
            putIfSet(props, TextFormat.MAPKEY_DELIM, f.mapKeysDelimiter());
        }
        return props;
    }

    private static void putIfSet(Map<String, String> props, String key, String value) {
        if (value != null) {
            props.put(key, value);
        }
    }

    /** A CTAS column name: Hive names unnamed expressions {@code _c0, _c1, ...}. */
    private static String columnName(String produced, int position) {
        if (produced == null || produced.isBlank() || produced.startsWith("EXPR$") || produced.startsWith("$")) {
            return "_c" + position;
        }
        return Names.normalize(produced);
    }

    private static LoadProgressListener progress(StatementListener listener) {
        return new LoadProgressListener() {
            private Object phase;
            private long lastNanos;

            @Override
            public void progress(org.hadoopdb.loader.LoadProgress p) {
                // The loader reports twice a second; users want a line per phase and a heartbeat on long ones.
                long now = System.nanoTime();
                if (p.phase() != phase || now - lastNanos > 5_000_000_000L) {
                    phase = p.phase();
                    lastNanos = now;
                    listener.message(String.format(Locale.ROOT, "%s %.0f%% (%,d rows, %,.0f rows/s)", p.phase().label(),
                            p.percent(), p.rows(), p.rowsPerSecond()));
                }
            }
        };
    }
}
