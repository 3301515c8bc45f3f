package org.hadoopdb.hiveql;

/**
 * The one exception type of HiveQL statement processing: a statement is malformed
 * ({@link org.hadoopdb.hiveql.parse.HiveQlSyntaxException}), names something that does not exist, or
 * cannot be planned or executed ({@code org.hadoopdb.planner.PlannerException}). Messages name the
 * table, column or function at fault and, for syntax errors, the line and column. Clients map it to
 * SQLState 42000 and its subtypes to more precise states.
 */
public class HiveQlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public HiveQlException(String message) {
        super(message);
    }

    public HiveQlException(String message, Throwable cause) {
        super(message, cause);
    }
}
