package org.hadoopdb.hiveql.ast;

import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.sql.SqlNode;

/**
 * {@code INSERT OVERWRITE TABLE t [PARTITION (…)] query} or {@code INSERT INTO [TABLE] t [PARTITION (…)] [(columns)] query}.
 *
 * @param partition the {@code PARTITION} clause, or null
 */
public record InsertTableStatement(String table, boolean overwrite, PartitionSpec partition, List<String> columns, SqlNode query,
                                   SourceSpan span)
        implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new InsertTableStatement(qualify.apply(table), overwrite, partition, columns, query, span);
    }
}
