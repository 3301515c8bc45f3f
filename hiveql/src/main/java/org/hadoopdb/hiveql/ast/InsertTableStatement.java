package org.hadoopdb.hiveql.ast;

import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.sql.SqlNode;

/** {@code INSERT OVERWRITE TABLE t query} or {@code INSERT INTO [TABLE] t [(columns)] query}. */
public record InsertTableStatement(String table, boolean overwrite, List<String> columns, SqlNode query, SourceSpan span)
        implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new InsertTableStatement(qualify.apply(table), overwrite, columns, query, span);
    }
}
