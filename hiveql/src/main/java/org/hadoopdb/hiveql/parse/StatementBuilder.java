package org.hadoopdb.hiveql.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.Token;
import org.apache.calcite.sql.SqlNode;
import org.hadoopdb.hiveql.ast.AlterTableStatement;
import org.hadoopdb.hiveql.ast.AlterViewStatement;
import org.hadoopdb.hiveql.ast.ColumnDef;
import org.hadoopdb.hiveql.ast.CreateViewStatement;
import org.hadoopdb.hiveql.ast.DropViewStatement;
import org.hadoopdb.hiveql.ast.RenameStatement;
import org.hadoopdb.hiveql.ast.ShowColumnsStatement;
import org.hadoopdb.hiveql.ast.ShowCreateTableStatement;
import org.hadoopdb.hiveql.ast.ShowTablePropertiesStatement;
import org.hadoopdb.hiveql.ast.ShowViewsStatement;
import org.hadoopdb.hiveql.ast.TruncateTableStatement;
import org.hadoopdb.hiveql.ast.ViewColumn;
import org.hadoopdb.hiveql.ast.CreateTableStatement;
import org.hadoopdb.hiveql.ast.DescribeStatement;
import org.hadoopdb.hiveql.ast.DropTableStatement;
import org.hadoopdb.hiveql.ast.ExplainStatement;
import org.hadoopdb.hiveql.ast.InsertDirectoryStatement;
import org.hadoopdb.hiveql.ast.InsertTableStatement;
import org.hadoopdb.hiveql.ast.LoadDataStatement;
import org.hadoopdb.hiveql.ast.PartitionSpec;
import org.hadoopdb.hiveql.ast.ShowPartitionsStatement;
import org.hadoopdb.hiveql.ast.QueryStatement;
import org.hadoopdb.hiveql.ast.RowFormat;
import org.hadoopdb.hiveql.ast.ShowFunctionsStatement;
import org.hadoopdb.hiveql.ast.CreateFunctionStatement;
import org.hadoopdb.hiveql.ast.DropFunctionStatement;
import org.hadoopdb.hiveql.ast.ShowTablesStatement;
import org.hadoopdb.hiveql.ast.SortColumn;
import org.hadoopdb.hiveql.ast.SourceSpan;
import org.hadoopdb.hiveql.ast.Statement;
import org.hadoopdb.hiveql.ast.UseStatement;
import org.hadoopdb.hiveql.ast.AnalyzeTableStatement;
import org.hadoopdb.hiveql.ast.CreateDatabaseStatement;
import org.hadoopdb.hiveql.ast.DescribeDatabaseStatement;
import org.hadoopdb.hiveql.ast.DropDatabaseStatement;
import org.hadoopdb.hiveql.ast.ShowDatabasesStatement;

/** Parse trees of whole statements as the records of {@code org.hadoopdb.hiveql.ast}. */
final class StatementBuilder extends HiveQLBaseVisitor<Statement> {
    private final SourceText source;
    private final QueryBuilder queries;

    StatementBuilder(SourceText source) {
        this.source = source;
        this.queries = new QueryBuilder(source);
    }

    Statement statement(HiveQL.SingleStatementContext ctx) {
        return visit(ctx.statement());
    }

    private SourceSpan span() {
        return source.span();
    }

    @Override
    public Statement visitQueryStatement(HiveQL.QueryStatementContext ctx) {
        return query(ctx.query(), span());
    }

    private QueryStatement query(HiveQL.QueryContext ctx, SourceSpan span) {
        QueryBuilder.Built built = queries.query(ctx);
        return new QueryStatement(built.node(), built.distributeBy(), span);
    }

    @Override
    public Statement visitExplainStatement(HiveQL.ExplainStatementContext ctx) {
        HiveQL.ExplainableContext explained = ctx.explainable();
        SourceSpan span = source.subSpan(explained);
        Statement statement;
        if (explained.query() != null) {
            statement = query(explained.query(), span);
        } else if (explained.insert() != null) {
            statement = insert(explained.insert(), span);
        } else {
            statement = createTable(explained.createTable(), span);
        }
        return new ExplainStatement(ctx.EXTENDED() != null, statement, span());
    }

    // ---------------------------------------------------------------- DDL

    @Override
    public Statement visitCreateTableStatement(HiveQL.CreateTableStatementContext ctx) {
        return createTable(ctx.createTable(), span());
    }

    private CreateTableStatement createTable(HiveQL.CreateTableContext ctx, SourceSpan span) {
        String name = queries.tableNameString(ctx.tableName());
        List<ColumnDef> columns = columns(ctx.columnDefinition());
        SqlNode asQuery = ctx.query() == null ? null : queries.subquery(ctx.query());
        if (columns.isEmpty() && asQuery == null) {
            throw source.error(ctx.tableName().getStop(), "CREATE TABLE " + name
                    + " needs a column list '(name type, …)' or AS SELECT …");
        }
        if (ctx.fileFormat != null) {
            String format = Identifiers.name(ctx.fileFormat, source);
            if (!format.equals("textfile")) {
                throw source.error(ctx.fileFormat, "STORED AS " + format.toUpperCase(Locale.ROOT)
                        + " is not supported: tables are stored in the node databases; only STORED AS TEXTFILE is accepted");
            }
        }
        List<String> clusteredBy = new ArrayList<>();
        List<SortColumn> sortedBy = new ArrayList<>();
        Integer buckets = null;
        HiveQL.BucketSpecContext bucketSpec = ctx.bucketSpec();
        if (bucketSpec != null) {
            bucketSpec.identifier().forEach(id -> clusteredBy.add(Identifiers.name(id, source)));
            bucketSpec.sortColumn().forEach(c -> sortedBy.add(new SortColumn(Identifiers.name(c.identifier(), source),
                    c.DESC() == null)));
            buckets = positiveInt(bucketSpec.buckets, "the number of buckets");
        }
        String comment = ctx.comment == null ? null : Literals.stringValue(ctx.comment);
        RowFormat rowFormat = ctx.rowFormat() == null ? null : rowFormat(ctx.rowFormat());
        List<ColumnDef> partitionedBy = ctx.partitionedBy() == null ? List.of() : columns(ctx.partitionedBy().columnDefinition());
        for (ColumnDef p : partitionedBy) {
            if (columns.stream().anyMatch(c -> c.name().equals(p.name()))) {
                throw source.error(ctx.partitionedBy(), "column '" + p.name()
                        + "' is both a column and a partition column: a partition column is not repeated in the column list");
            }
        }
        if (!partitionedBy.isEmpty() && asQuery != null) {
            throw source.error(ctx.partitionedBy(), "CREATE TABLE … PARTITIONED BY … AS SELECT is not supported, as in Hive:"
                    + " create the table, then INSERT … PARTITION (…) SELECT");
        }
        String location = optionalString(ctx.location);
        if (ctx.EXTERNAL() != null) {
            if (location == null) {
                throw source.error(ctx.EXTERNAL().getSymbol(), "CREATE EXTERNAL TABLE " + name + " needs LOCATION 'path':"
                        + " the directory (or file) its rows are read from");
            }
            if (asQuery != null || !partitionedBy.isEmpty() || bucketSpec != null) {
                throw source.error(ctx.EXTERNAL().getSymbol(), "CREATE EXTERNAL TABLE " + name + " reads delimited text files"
                        + " where they are: it takes no AS SELECT, PARTITIONED BY or CLUSTERED BY (load the rows into a table"
                        + " with INSERT … SELECT for those)");
            }
            if (location.isBlank()) {
                throw source.error(ctx.location, "LOCATION of table " + name + " is empty");
            }
        } else if (location != null) {
            throw source.error(ctx.location, "LOCATION needs CREATE EXTERNAL TABLE: the rows of a table HadoopDB manages live"
                    + " in the node databases; an external table reads the files at its location where they are");
        }
        return new CreateTableStatement(name, ctx.EXISTS() != null, columns, comment, clusteredBy, sortedBy, buckets,
                rowFormat, properties(ctx.tableProperties()), asQuery, partitionedBy, location, span);
    }

    /** A {@code PARTITION (…)} clause, or null when there is none. */
    private PartitionSpec partitionSpec(HiveQL.PartitionSpecContext ctx) {
        if (ctx == null) {
            return null;
        }
        List<PartitionSpec.Value> values = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (HiveQL.PartitionValueContext v : ctx.partitionValue()) {
            String column = Identifiers.name(v.identifier(), source);
            if (!seen.add(column)) {
                throw source.error(v.identifier(), "partition column '" + column + "' is named twice");
            }
            values.add(new PartitionSpec.Value(column, v.partitionConstant() == null ? null : partitionConstant(v.partitionConstant())));
        }
        return new PartitionSpec(values);
    }

    private static String partitionConstant(HiveQL.PartitionConstantContext c) {
        if (c.number() != null) {
            return (c.MINUS_SIGN() == null ? "" : "-") + c.number().getText();
        }
        if (c.stringLiteral() != null) {
            return Literals.stringValue(c.stringLiteral());
        }
        return c.TRUE() != null ? "true" : "false";
    }

    /** A spec whose columns all have values ({@code LOAD DATA}, {@code ADD PARTITION}, …). */
    private PartitionSpec staticSpec(HiveQL.PartitionSpecContext ctx, String statement) {
        PartitionSpec spec = partitionSpec(ctx);
        if (spec != null && !spec.isStatic()) {
            throw source.error(ctx, statement + " needs a value for every column of its PARTITION clause: " + spec);
        }
        return spec;
    }

    private List<ColumnDef> columns(List<HiveQL.ColumnDefinitionContext> definitions) {
        List<ColumnDef> columns = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (HiveQL.ColumnDefinitionContext definition : definitions) {
            String name = Identifiers.name(definition.identifier(), source);
            if (!names.add(name)) {
                throw source.error(definition.identifier(), "column '" + name + "' is declared twice");
            }
            String type = HiveTypes.hiveType(definition.columnType(), source).toString();
            String comment = definition.comment == null ? null : Literals.stringValue(definition.comment);
            columns.add(new ColumnDef(name, type, comment));
        }
        return columns;
    }

    private int positiveInt(Token token, String what) {
        try {
            int value = Integer.parseInt(token.getText());
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            throw source.error(token, what + " must be a positive integer below 2^31, got " + token.getText(), e);
        }
        throw source.error(token, what + " must be positive, got " + token.getText());
    }

    private RowFormat rowFormat(HiveQL.RowFormatContext ctx) {
        return new RowFormat(optionalString(ctx.fields), optionalString(ctx.escape), optionalString(ctx.lines),
                optionalString(ctx.nullFormat), optionalString(ctx.collectionItems), optionalString(ctx.mapKeys));
    }

    private static String optionalString(HiveQL.StringLiteralContext ctx) {
        return ctx == null ? null : Literals.stringValue(ctx);
    }

    private Map<String, String> properties(HiveQL.TablePropertiesContext ctx) {
        Map<String, String> properties = new LinkedHashMap<>();
        if (ctx == null) {
            return properties;
        }
        for (HiveQL.TablePropertyContext property : ctx.tableProperty()) {
            String key = Literals.stringValue(property.key);
            if (properties.put(key, Literals.stringValue(property.value)) != null) {
                throw source.error(property, "table property '" + key + "' is given twice");
            }
        }
        return properties;
    }

    @Override
    public Statement visitDropTableStatement(HiveQL.DropTableStatementContext ctx) {
        return new DropTableStatement(queries.tableNameString(ctx.tableName()), ctx.EXISTS() != null, span());
    }

    // ---------------------------------------------------------------- views and ALTER

    @Override
    public Statement visitCreateViewStatement(HiveQL.CreateViewStatementContext ctx) {
        HiveQL.CreateViewContext view = ctx.createView();
        String name = queries.tableNameString(view.tableName());
        if (view.REPLACE() != null && view.EXISTS() != null) {
            throw source.error(view.EXISTS().getSymbol(), "CREATE OR REPLACE VIEW " + name
                    + " cannot also say IF NOT EXISTS: choose one");
        }
        List<ViewColumn> columns = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (HiveQL.ViewColumnContext column : view.viewColumn()) {
            String columnName = Identifiers.name(column.identifier(), source);
            if (!names.add(columnName)) {
                throw source.error(column.identifier(), "column '" + columnName + "' is declared twice");
            }
            columns.add(new ViewColumn(columnName, optionalString(column.comment)));
        }
        return new CreateViewStatement(name, view.REPLACE() != null, view.EXISTS() != null, columns,
                optionalString(view.comment), queries.subquery(view.query()), source.text(view.query()), span());
    }

    @Override
    public Statement visitDropViewStatement(HiveQL.DropViewStatementContext ctx) {
        return new DropViewStatement(queries.tableNameString(ctx.tableName()), ctx.EXISTS() != null, span());
    }

    @Override
    public Statement visitAlterViewStatement(HiveQL.AlterViewStatementContext ctx) {
        return new AlterViewStatement(queries.tableNameString(ctx.tableName()), queries.subquery(ctx.query()),
                source.text(ctx.query()), span());
    }

    @Override
    public Statement visitRenameStatement(HiveQL.RenameStatementContext ctx) {
        return new RenameStatement(queries.tableNameString(ctx.tableName(0)), queries.tableNameString(ctx.newName),
                ctx.VIEW() != null, span());
    }

    @Override
    public Statement visitAlterTableStatement(HiveQL.AlterTableStatementContext ctx) {
        String table = queries.tableNameString(ctx.tableName());
        HiveQL.AlterTableActionContext action = ctx.alterTableAction();
        AlterTableStatement.Action built;
        if (action instanceof HiveQL.AddColumnsContext add) {
            built = new AlterTableStatement.AddColumns(columns(add.columnDefinition()));
        } else if (action instanceof HiveQL.ChangeColumnContext change) {
            built = new AlterTableStatement.ChangeColumn(Identifiers.name(change.old, source),
                    columns(List.of(change.columnDefinition())).get(0));
        } else if (action instanceof HiveQL.AddPartitionsContext add) {
            if (!add.LOCATION().isEmpty()) {
                throw source.error(add.LOCATION(0).getSymbol(), "ADD PARTITION … LOCATION is not supported: a partition's rows"
                        + " live in the table's chunks; load files into it with LOAD DATA INPATH '…' INTO TABLE … PARTITION (…)");
            }
            List<PartitionSpec> specs = new ArrayList<>();
            add.partitionSpec().forEach(p -> specs.add(staticSpec(p, "ALTER TABLE … ADD PARTITION")));
            built = new AlterTableStatement.AddPartitions(add.EXISTS() != null, specs);
        } else if (action instanceof HiveQL.DropPartitionsContext drop) {
            List<PartitionSpec> specs = new ArrayList<>();
            drop.partitionSpec().forEach(p -> specs.add(staticSpec(p, "ALTER TABLE … DROP PARTITION")));
            built = new AlterTableStatement.DropPartitions(drop.EXISTS() != null, specs);
        } else {
            built = new AlterTableStatement.SetProperties(properties(((HiveQL.SetTablePropertiesContext) action).tableProperties()));
        }
        return new AlterTableStatement(table, built, span());
    }

    @Override
    public Statement visitShowViewsStatement(HiveQL.ShowViewsStatementContext ctx) {
        return new ShowViewsStatement(optionalName(ctx.database), optionalString(ctx.pattern), span());
    }

    @Override
    public Statement visitTruncateTableStatement(HiveQL.TruncateTableStatementContext ctx) {
        return new TruncateTableStatement(queries.tableNameString(ctx.tableName()),
                staticSpec(ctx.partitionSpec(), "TRUNCATE TABLE"), span());
    }

    @Override
    public Statement visitShowPartitionsStatement(HiveQL.ShowPartitionsStatementContext ctx) {
        return new ShowPartitionsStatement(queries.tableNameString(ctx.tableName()), staticSpec(ctx.partitionSpec(), "SHOW PARTITIONS"),
                span());
    }

    @Override
    public Statement visitShowCreateTableStatement(HiveQL.ShowCreateTableStatementContext ctx) {
        return new ShowCreateTableStatement(queries.tableNameString(ctx.tableName()), span());
    }

    @Override
    public Statement visitShowColumnsStatement(HiveQL.ShowColumnsStatementContext ctx) {
        return new ShowColumnsStatement(queries.tableNameString(ctx.tableName()), span());
    }

    @Override
    public Statement visitShowTblPropertiesStatement(HiveQL.ShowTblPropertiesStatementContext ctx) {
        return new ShowTablePropertiesStatement(queries.tableNameString(ctx.tableName()), optionalString(ctx.key), span());
    }

    // ---------------------------------------------------------------- utility statements

    @Override
    public Statement visitShowTablesStatement(HiveQL.ShowTablesStatementContext ctx) {
        return new ShowTablesStatement(optionalName(ctx.database), optionalString(ctx.pattern), span());
    }

    @Override
    public Statement visitCreateDatabaseStatement(HiveQL.CreateDatabaseStatementContext ctx) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (HiveQL.TablePropertyContext property : ctx.tableProperty()) {
            String key = Literals.stringValue(property.key);
            if (properties.put(key, Literals.stringValue(property.value)) != null) {
                throw source.error(property, "database property '" + key + "' is given twice");
            }
        }
        return new CreateDatabaseStatement(databaseName(ctx.identifier()), ctx.EXISTS() != null, optionalString(ctx.comment),
                optionalString(ctx.location), properties, span());
    }

    @Override
    public Statement visitDropDatabaseStatement(HiveQL.DropDatabaseStatementContext ctx) {
        return new DropDatabaseStatement(databaseName(ctx.identifier()), ctx.EXISTS() != null, ctx.CASCADE() != null, span());
    }

    @Override
    public Statement visitShowDatabasesStatement(HiveQL.ShowDatabasesStatementContext ctx) {
        return new ShowDatabasesStatement(optionalString(ctx.pattern), span());
    }

    @Override
    public Statement visitDescribeDatabaseStatement(HiveQL.DescribeDatabaseStatementContext ctx) {
        return new DescribeDatabaseStatement(databaseName(ctx.identifier()), ctx.EXTENDED() != null, span());
    }

    @Override
    public Statement visitAnalyzeTableStatement(HiveQL.AnalyzeTableStatementContext ctx) {
        List<String> columns = new ArrayList<>();
        for (HiveQL.IdentifierContext column : ctx.identifier()) {
            columns.add(Identifiers.name(column, source));
        }
        return new AnalyzeTableStatement(queries.tableNameString(ctx.tableName()), columns, span());
    }

    private String optionalName(HiveQL.IdentifierContext ctx) {
        return ctx == null ? null : databaseName(ctx);
    }

    /** A database name: one identifier, no dot (a dot separates a database from a table). */
    private String databaseName(HiveQL.IdentifierContext ctx) {
        String name = Identifiers.name(ctx, source);
        if (name.indexOf('.') >= 0) {
            throw source.error(ctx, "database name '" + name + "' must not contain a dot");
        }
        return name;
    }

    @Override
    public Statement visitShowFunctionsStatement(HiveQL.ShowFunctionsStatementContext ctx) {
        return new ShowFunctionsStatement(optionalString(ctx.pattern), null, span());
    }

    @Override
    public Statement visitCreateFunctionStatement(HiveQL.CreateFunctionStatementContext ctx) {
        List<String> jars = new ArrayList<>();
        for (HiveQL.FunctionResourceContext r : ctx.functionResource()) {
            String kind = Identifiers.name(r.kind, source);
            if (!kind.equals("jar")) {
                throw source.error(r, "USING " + kind.toUpperCase(Locale.ROOT) + " is not supported: a function's resources are "
                        + "jars (USING JAR 'path')");
            }
            jars.add(Literals.stringValue(r.path));
        }
        if (ctx.TEMPORARY() != null && ctx.database != null) {
            throw source.error(ctx.database, "a temporary function belongs to the session, not to a database: "
                    + "CREATE TEMPORARY FUNCTION " + Identifiers.name(ctx.name, source) + " AS …");
        }
        return new CreateFunctionStatement(functionName(ctx.database, ctx.name), Literals.stringValue(ctx.className).trim(),
                jars, ctx.TEMPORARY() != null, span());
    }

    @Override
    public Statement visitDropFunctionStatement(HiveQL.DropFunctionStatementContext ctx) {
        return new DropFunctionStatement(functionName(ctx.database, ctx.name), ctx.TEMPORARY() != null, ctx.EXISTS() != null, span());
    }

    private String functionName(HiveQL.IdentifierContext database, HiveQL.IdentifierContext name) {
        return (database == null ? "" : Identifiers.name(database, source) + ".") + Identifiers.name(name, source);
    }

    @Override
    public Statement visitDescribeFunctionStatement(HiveQL.DescribeFunctionStatementContext ctx) {
        HiveQL.FunctionNameContext function = ctx.functionName();
        String name = function.identifier() != null ? Identifiers.name(function.identifier(), source)
                : Identifiers.lower(function.getStart().getText());
        return new ShowFunctionsStatement(null, name, span());
    }

    /** DESCRIBE EXTENDED shows the same details as DESCRIBE FORMATTED here. */
    @Override
    public Statement visitDescribeStatement(HiveQL.DescribeStatementContext ctx) {
        boolean detailed = ctx.EXTENDED() != null || ctx.FORMATTED() != null;
        return new DescribeStatement(queries.tableNameString(ctx.tableName()), detailed,
                staticSpec(ctx.partitionSpec(), "DESCRIBE"), span());
    }

    @Override
    public Statement visitLoadDataStatement(HiveQL.LoadDataStatementContext ctx) {
        return new LoadDataStatement(ctx.LOCAL() != null, Literals.stringValue(ctx.path), ctx.OVERWRITE() != null,
                queries.tableNameString(ctx.tableName()), staticSpec(ctx.partitionSpec(), "LOAD DATA"), span());
    }

    @Override
    public Statement visitUseStatement(HiveQL.UseStatementContext ctx) {
        return new UseStatement(databaseName(ctx.identifier()), span());
    }

    // ---------------------------------------------------------------- INSERT

    @Override
    public Statement visitInsertStatement(HiveQL.InsertStatementContext ctx) {
        return insert(ctx.insert(), span());
    }

    private Statement insert(HiveQL.InsertContext ctx, SourceSpan span) {
        if (ctx instanceof HiveQL.InsertDirectoryContext directory) {
            RowFormat format = directory.rowFormat() == null ? null : rowFormat(directory.rowFormat());
            return new InsertDirectoryStatement(directory.LOCAL() != null, Literals.stringValue(directory.path), format,
                    queries.subquery(directory.query()), span);
        }
        if (ctx instanceof HiveQL.InsertOverwriteContext overwrite) {
            if (overwrite.EXISTS() != null) {
                throw source.error(overwrite.EXISTS().getSymbol(), "INSERT OVERWRITE … IF NOT EXISTS is not supported;"
                        + " check SHOW PARTITIONS first");
            }
            return new InsertTableStatement(queries.tableNameString(overwrite.tableName()), true,
                    partitionSpec(overwrite.partitionSpec()), List.of(), queries.subquery(overwrite.query()), span);
        }
        HiveQL.InsertIntoContext into = (HiveQL.InsertIntoContext) ctx;
        List<String> columns = new ArrayList<>();
        into.identifier().forEach(id -> columns.add(Identifiers.name(id, source)));
        SqlNode rows = into.query() != null ? queries.subquery(into.query()) : queries.values(into.valuesClause());
        return new InsertTableStatement(queries.tableNameString(into.tableName()), false, partitionSpec(into.partitionSpec()),
                columns, rows, span);
    }
}
