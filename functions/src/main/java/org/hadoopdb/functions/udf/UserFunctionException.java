package org.hadoopdb.functions.udf;

import org.hadoopdb.functions.udf.spi.ExternalFunctionException;

/**
 * A user function that cannot be loaded, opened or evaluated. The message names the function, its
 * class and, when it is at fault, the jar; the cause is the function's or Hive's own exception. The
 * planner reports those of planning as {@code SemanticException}s; in a task it fails the task.
 */
public class UserFunctionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ExternalFunctionException.Kind kind;

    public UserFunctionException(String message, Throwable cause) {
        this(null, message, cause);
    }

    public UserFunctionException(ExternalFunctionException.Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    /** What went wrong, when the function's side said it; null for a problem found on HadoopDB's side. */
    public ExternalFunctionException.Kind kind() {
        return kind;
    }
}
