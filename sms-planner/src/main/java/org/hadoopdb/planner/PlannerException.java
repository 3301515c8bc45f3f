package org.hadoopdb.planner;

/**
 * The planner layer's one exception type: a statement is malformed, names something that does not
 * exist, or cannot be executed. Messages name the table, column or function at fault and, for
 * syntax errors, the line and column.
 */
public class PlannerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PlannerException(String message) {
        super(message);
    }

    public PlannerException(String message, Throwable cause) {
        super(message, cause);
    }
}
