package org.hadoopdb.hiveql.ast;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * {@code CREATE [TEMPORARY] FUNCTION [db.]name AS 'class' [USING JAR 'path'[, JAR 'path']]}.
 *
 * @param name      as written; a permanent function's is put in the session's database like a table's
 * @param className the UDF or GenericUDF class
 * @param jars      the {@code USING JAR} paths, in order
 */
public record CreateFunctionStatement(String name, String className, List<String> jars, boolean temporary, SourceSpan span)
        implements Statement {

    public CreateFunctionStatement {
        jars = List.copyOf(jars);
    }

    @Override
    public Statement withTableNames(UnaryOperator<String> qualify) {
        // a temporary function lives in the session, outside every database (as in Hive)
        return temporary ? this : new CreateFunctionStatement(qualify.apply(name), className, jars, false, span);
    }
}
