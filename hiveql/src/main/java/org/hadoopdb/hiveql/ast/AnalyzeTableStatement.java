package org.hadoopdb.hiveql.ast;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * {@code ANALYZE TABLE t COMPUTE STATISTICS [NOSCAN | FOR COLUMNS [c, …]]}: refreshes the table's
 * statistics. HadoopDB always computes every column's (the aggregates run inside the chunks), so
 * {@code columns} only names columns that must exist; {@code NOSCAN} is accepted and scans anyway.
 */
public record AnalyzeTableStatement(String table, List<String> columns, SourceSpan span) implements Statement {
    public AnalyzeTableStatement {
        columns = List.copyOf(columns);
    }

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new AnalyzeTableStatement(qualify.apply(table), columns, span);
    }
}
