package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/**
 * One HiveQL statement.
 */
public sealed interface Statement permits QueryStatement, ExplainStatement, CreateTableStatement, DropTableStatement,
        ShowTablesStatement, DescribeStatement, LoadDataStatement, SetStatement, InsertDirectoryStatement,
        InsertTableStatement, ShowFunctionsStatement, UseStatement, CreateViewStatement, DropViewStatement,
        AlterViewStatement, RenameStatement, AlterTableStatement, ShowViewsStatement, TruncateTableStatement,
        ShowCreateTableStatement, ShowColumnsStatement, ShowTablePropertiesStatement, CreateDatabaseStatement,
        DropDatabaseStatement, ShowDatabasesStatement, DescribeDatabaseStatement, AnalyzeTableStatement, ShowPartitionsStatement,
        AddJarStatement, ListJarsStatement, CreateFunctionStatement, DropFunctionStatement {

    /** Where the statement starts and its text. */
    SourceSpan span();

    /**
     * This statement with each table or view name it names, as written ({@code t} or {@code db.t}),
     * replaced by {@code qualify}'s answer: how a session puts the names of DDL, LOAD and INSERT
     * statements in its current database. Names inside queries are resolved by the planner instead.
     */
    default Statement withTableNames(UnaryOperator<String> qualify) {
        return this;
    }
}
