package org.hadoopdb.jdbc.client.spark;

/**
 * Rethrows a checked exception from a method that cannot declare it: Spark's dialect methods are Scala,
 * which declares none, and Spark reports the driver's own {@link java.sql.SQLException} best unwrapped.
 */
final class Unchecked {
    private Unchecked() {
    }

    @SuppressWarnings("unchecked")
    static <T extends Throwable> RuntimeException rethrow(Throwable t) throws T {
        throw (T) t;
    }
}
