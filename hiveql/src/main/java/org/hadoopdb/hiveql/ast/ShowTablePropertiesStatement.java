package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code SHOW TBLPROPERTIES name [('key')]}; {@code key} null for all properties. */
public record ShowTablePropertiesStatement(String table, String key, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new ShowTablePropertiesStatement(qualify.apply(table), key, span);
    }
}
