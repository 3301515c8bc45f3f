package org.hadoopdb.hiveql.ast;

import java.util.function.UnaryOperator;

/** {@code EXPLAIN [EXTENDED] statement}: a query, or an INSERT of a query. */
public record ExplainStatement(boolean extended, Statement explained, SourceSpan span) implements Statement {

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        return new ExplainStatement(extended, explained.withTableNames(qualify), span);
    }
}
