package org.hadoopdb.functions.udf.spi;

/**
 * One initialized instance of a user function. Not thread-safe: a task evaluates its rows one at a time.
 */
public interface ExternalFunction extends AutoCloseable {

    /** The result type for the arguments it was opened with, as HiveQL spells it. */
    String returnType();

    /**
     * The function's value for one row.
     *
     * @param arguments the argument values in their row forms (null for NULL), as many as it was opened with
     * @return the result in its row form, of {@link #returnType()} (null for NULL)
     * @throws ExternalFunctionException {@link ExternalFunctionException.Kind#FAILED} with the function's own
     *                                   exception as the cause
     */
    Object evaluate(Object[] arguments) throws ExternalFunctionException;

    /** Releases what the function holds (a GenericUDF's {@code close}). */
    @Override
    void close();
}
