package org.hadoopdb.hiveql.ast;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.calcite.sql.SqlNode;

/**
 * {@code CREATE [EXTERNAL] TABLE [IF NOT EXISTS] name (columns) [COMMENT '…'] [PARTITIONED BY (columns)] [CLUSTERED BY (keys) [SORTED BY (cols)] INTO n BUCKETS]
 * [ROW FORMAT …] [STORED AS TEXTFILE] [LOCATION 'path'] [TBLPROPERTIES ('k'='v', …)] [AS query]}.
 *
 * @param columns     empty for {@code CREATE TABLE … AS SELECT} without a column list
 * @param clusteredBy partitioning key columns (empty: not clustered)
 * @param buckets     {@code INTO n BUCKETS}, or null
 * @param asQuery     the query of {@code CREATE TABLE … AS SELECT}, or null
 * @param partitionedBy the columns of {@code PARTITIONED BY (…)} (empty: not partitioned)
 * @param location    {@code CREATE EXTERNAL TABLE}'s {@code LOCATION}: the directory (or file) of its rows; null for
 *                    a table whose rows are loaded into the node databases
 */
public record CreateTableStatement(String name, boolean ifNotExists, List<ColumnDef> columns, String comment,
                                   List<String> clusteredBy, List<SortColumn> sortedBy, Integer buckets,
                                   RowFormat rowFormat, Map<String, String> properties, SqlNode asQuery,
                                   List<ColumnDef> partitionedBy, String location, SourceSpan span) implements Statement {

    /** Whether this is {@code CREATE EXTERNAL TABLE … LOCATION}: rows read from files where they are. */
    public boolean external() {
        return location != null;
    }

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new CreateTableStatement(qualify.apply(name), ifNotExists, columns, comment, clusteredBy, sortedBy, buckets,
                rowFormat, properties, asQuery, partitionedBy, location, span);
    }
}
