package org.hadoopdb.hiveql.ast;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** {@code ALTER TABLE name action}: one of the changes below. */
public record AlterTableStatement(String table, Action action, SourceSpan span) implements Statement {

    /** What an {@code ALTER TABLE} changes. */
    public sealed interface Action permits AddColumns, ChangeColumn, SetProperties {
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

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new AlterTableStatement(qualify.apply(table), action, span);
    }
}
