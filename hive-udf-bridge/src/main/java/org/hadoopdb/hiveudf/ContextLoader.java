package org.hadoopdb.hiveudf;

import org.hadoopdb.functions.udf.spi.ExternalFunctionException;

/**
 * Runs code with this class loader (Hive's jars and the user's) as the thread's context class loader:
 * Hive finds classes there (GenericUDFBridge loads the UDF class through it), and HadoopDB's threads
 * have HadoopDB's own loader there, which does not see them.
 */
final class ContextLoader {
    private static final ClassLoader OWN = ContextLoader.class.getClassLoader();

    /** A computation that may fail as a user function fails. */
    @FunctionalInterface
    interface Call<T> {
        T run() throws ExternalFunctionException;
    }

    private ContextLoader() {
    }

    static <T> T call(Call<T> call) throws ExternalFunctionException {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(OWN);
        try {
            return call.run();
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
