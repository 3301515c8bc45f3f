package org.hadoopdb.functions.udf.spi;

/**
 * Why a user function could not be found, opened or evaluated. The message is the function's or
 * Hive's own where there is one; the host adds the function's name and class.
 */
public class ExternalFunctionException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong, so the host reports it in the right terms (a planning error or a task failure). */
    public enum Kind {
        /** The class is in none of the jars. */
        CLASS_NOT_FOUND,
        /** The class exists but is no UDF or GenericUDF (nor an aggregate or table function class of Hive's). */
        NOT_A_FUNCTION,
        /** The function refused its argument types (Hive's {@code UDFArgumentException}). */
        ARGUMENTS,
        /** The function threw while evaluating a row. */
        FAILED,
        /** Hive's classes could not be set up in this JVM. */
        UNAVAILABLE
    }

    private final Kind kind;

    public ExternalFunctionException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
