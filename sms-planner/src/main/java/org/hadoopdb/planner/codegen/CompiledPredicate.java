package org.hadoopdb.planner.codegen;

import org.hadoopdb.connector.row.Row;

/**
 * A boolean expression compiled to Java for one task (a WHERE or HAVING condition). SQL's
 * three-valued logic: a NULL result rejects the row, like FALSE.
 */
public interface CompiledPredicate {
    boolean test(Row in);
}
