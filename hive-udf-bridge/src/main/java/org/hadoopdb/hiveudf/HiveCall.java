package org.hadoopdb.hiveudf;

import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException.Kind;

/**
 * A call into a user's function object while it runs (evaluate, iterate, terminate, process…): whatever it
 * throws, Hive's checked exception or a runtime one, reaches HadoopDB as the function's own failure
 * ({@link Kind#FAILED}) with its message and cause, so the task's error names the function that failed.
 */
@FunctionalInterface
interface HiveCall<T> {
    T run() throws HiveException;

    /** Runs {@code call}; its failure becomes the function's. */
    static <T> T failingAsFunction(HiveCall<T> call) throws ExternalFunctionException {
        try {
            return call.run();
        } catch (HiveException | RuntimeException e) {
            throw new ExternalFunctionException(Kind.FAILED, String.valueOf(e.getMessage()), e);
        }
    }
}
