package org.hadoopdb.functions.udf.spi;

/**
 * One initialized user aggregate (a Hive UDAF's evaluator in Hive's COMPLETE mode: every value of a group
 * is iterated in one task, then the result is read). It aggregates one group at a time: {@link #reset}
 * starts the next. Not thread-safe.
 */
public interface ExternalAggregate extends AutoCloseable {

    /** The result type for the arguments it was opened with, as HiveQL spells it. */
    String returnType();

    /** Starts a new group (a fresh aggregation buffer). */
    void reset() throws ExternalFunctionException;

    /**
     * Adds one row of the group.
     *
     * @param arguments the argument values in their row forms (null for NULL), as many as it was opened with
     */
    void iterate(Object[] arguments) throws ExternalFunctionException;

    /** The group's result in its row form, of {@link #returnType()} (null for NULL). */
    Object result() throws ExternalFunctionException;

    @Override
    void close();
}
