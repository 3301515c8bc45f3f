package org.hadoopdb.functions.udf.spi;

import java.util.List;

/**
 * Opens user functions of one class loader (Hive's jars, the bridge and the user's jars). The
 * implementation lives in that class loader and is found there with {@link java.util.ServiceLoader}.
 */
public interface ExternalFunctionFactory {

    /**
     * What class {@code className} is, without calling it: that it exists in the loader's jars and is a
     * function class this factory runs (a scalar function, an aggregate or a table function).
     *
     * @throws ExternalFunctionException {@link ExternalFunctionException.Kind#CLASS_NOT_FOUND} or
     *                                   {@link ExternalFunctionException.Kind#NOT_A_FUNCTION}
     */
    FunctionClass describe(String className) throws ExternalFunctionException;

    /**
     * An instance of the function for arguments of these types, initialized (a GenericUDF's
     * {@code initialize}), ready to evaluate rows. One per task: it keeps state from row to row.
     *
     * @param functionName the name queries call it by (for messages)
     * @throws ExternalFunctionException {@link ExternalFunctionException.Kind#ARGUMENTS} when the function
     *                                   refuses the argument types (its own message), or as {@link #describe}
     */
    ExternalFunction open(String functionName, String className, List<Argument> arguments) throws ExternalFunctionException;

    /**
     * An instance of the aggregate class for arguments of these types, initialized in Hive's COMPLETE mode.
     *
     * @throws ExternalFunctionException as {@link #open}; {@link ExternalFunctionException.Kind#NOT_A_FUNCTION} when
     *                                   the class is no aggregate
     */
    ExternalAggregate openAggregate(String functionName, String className, List<Argument> arguments) throws ExternalFunctionException;

    /**
     * An instance of the table function class for arguments of these types, initialized.
     *
     * @throws ExternalFunctionException as {@link #open}; {@link ExternalFunctionException.Kind#NOT_A_FUNCTION} when
     *                                   the class is no table function
     */
    ExternalTableFunction openTableFunction(String functionName, String className, List<Argument> arguments)
            throws ExternalFunctionException;
}
