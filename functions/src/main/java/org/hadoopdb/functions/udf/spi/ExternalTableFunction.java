package org.hadoopdb.functions.udf.spi;

import java.util.List;
import java.util.function.Consumer;

/**
 * One initialized user table function (a Hive GenericUDTF): each input row's arguments give zero or more
 * output rows, of the columns it declared when it was initialized. Not thread-safe.
 */
public interface ExternalTableFunction extends AutoCloseable {

    /** The output columns' names, as the function declared them. */
    List<String> columnNames();

    /** The output columns' types, as HiveQL spells them. */
    List<String> columnTypes();

    /**
     * The rows the function makes of one input row.
     *
     * @param arguments the argument values in their row forms (null for NULL)
     * @param rows      receives each output row, its values in row forms (the array is the receiver's)
     */
    void process(Object[] arguments, Consumer<Object[]> rows) throws ExternalFunctionException;

    /**
     * The end of the input: the rows the function still makes (Hive's {@code GenericUDTF.close}, which may
     * forward rows), then releases what it holds.
     */
    void finish(Consumer<Object[]> rows) throws ExternalFunctionException;

    /** Releases what the function holds without asking for more rows. */
    @Override
    void close();
}
