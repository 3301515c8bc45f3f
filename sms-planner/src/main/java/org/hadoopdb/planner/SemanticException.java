package org.hadoopdb.planner;

/**
 * A well-formed statement that breaks a rule of the language or names what does not exist: an
 * unknown table, column, function or setting, wrong argument types or count, an ambiguous column,
 * a column neither grouped nor aggregated. The fault is in the statement, never in the system, so
 * clients map it to SQLState 42000 (as syntax errors); the message names the table, column or
 * function at fault. Failures of planning or running a valid statement stay {@link PlannerException}s.
 */
public class SemanticException extends PlannerException {
    private static final long serialVersionUID = 1L;

    public SemanticException(String message) {
        super(message);
    }

    public SemanticException(String message, Throwable cause) {
        super(message, cause);
    }
}
