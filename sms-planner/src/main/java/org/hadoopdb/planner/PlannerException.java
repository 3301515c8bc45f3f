package org.hadoopdb.planner;

import org.hadoopdb.hiveql.HiveQlException;

/**
 * The planner's and the runtime's exception: a statement names something that does not exist, or
 * cannot be planned or executed (syntax errors are {@link HiveQlException}s of the parser). Messages name the table, column or function at fault and, for
 * syntax errors, the line and column.
 */
public class PlannerException extends HiveQlException {
    private static final long serialVersionUID = 1L;

    public PlannerException(String message) {
        super(message);
    }

    public PlannerException(String message, Throwable cause) {
        super(message, cause);
    }
}
