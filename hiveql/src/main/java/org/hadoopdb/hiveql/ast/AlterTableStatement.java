package org.hadoopdb.hiveql.ast;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** {@code ALTER TABLE name action}: one of the changes below. */
public record AlterTableStatement(String table, Action action, SourceSpan span) implements Statement {

    /** What an {@code ALTER TABLE} changes. */
    public sealed interface Action permits AddColumns, ChangeColumn, SetProperties, AddPartitions, DropPartitions {
    }

    /** {@code ADD COLUMNS (c type [COMMENT '…'], …)}: appended after the existing columns. */
    public record AddColumns(List<ColumnDef> columns) implements Action {
        public AddColumns {
            columns = List.copyOf(columns);
        }
    }

    /** {@code CHANGE [COLUMN] old new type [COMMENT '…']}. */
    public record ChangeColumn(String oldName, ColumnDef column) implements Action {
    }

    /** {@code SET TBLPROPERTIES ('k'='v', …)}. */
    public record SetProperties(Map<String, String> properties) implements Action {
        public SetProperties {
            properties = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(properties));
        }
    }

    /** {@code ADD [IF NOT EXISTS] PARTITION (…) [PARTITION (…) …]}: every column of each spec has a value. */
    public record AddPartitions(boolean ifNotExists, List<PartitionSpec> partitions) implements Action {
        public AddPartitions {
            partitions = List.copyOf(partitions);
        }
    }

    /** {@code DROP [IF EXISTS] PARTITION (…) [, PARTITION (…) …]}: a spec may name some of the columns (all partitions matching). */
    public record DropPartitions(boolean ifExists, List<PartitionSpec> partitions) implements Action {
        public DropPartitions {
            partitions = List.copyOf(partitions);
        }
    }

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new AlterTableStatement(qualify.apply(table), action, span);
    }
}
