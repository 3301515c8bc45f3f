package org.hadoopdb.hiveql.ast;

/**
 * One HiveQL statement.
 */
public sealed interface Statement permits QueryStatement, ExplainStatement, CreateTableStatement, DropTableStatement,
        ShowTablesStatement, DescribeStatement, LoadDataStatement, SetStatement, InsertDirectoryStatement,
        InsertTableStatement, ShowFunctionsStatement, UseStatement, CreateViewStatement, DropViewStatement,
        AlterViewStatement, RenameStatement, AlterTableStatement, ShowViewsStatement, TruncateTableStatement,
        ShowCreateTableStatement, ShowColumnsStatement, ShowTablePropertiesStatement {

    /** Where the statement starts and its text. */
    SourceSpan span();
}
