package org.hadoopdb.jdbc.client;

import java.lang.reflect.InvocationTargetException;

/**
 * Registers HadoopDB's Spark dialect ({@code client.spark.HadoopDbSparkDialect}) with Spark's JDBC source
 * when Spark is on the driver's class path, and does nothing otherwise. The dialect's class extends
 * Spark's, so it is named here, never linked: without Spark it is never loaded.
 */
public final class SparkDialects {
    static final String SPARK_REGISTRY = "org.apache.spark.sql.jdbc.JdbcDialects";
    static final String DIALECT = "org.hadoopdb.jdbc.client.spark.HadoopDbSparkDialect";
    private static final System.Logger LOG = System.getLogger(SparkDialects.class.getName());

    private SparkDialects() {
    }

    /**
     * Registers the dialect if {@code loader} sees Spark's dialect registry; true when it did. A failure
     * with Spark present is logged, not thrown: the driver still works, Spark would only write its generic SQL.
     */
    public static boolean registerIfPresent(ClassLoader loader) {
        try {
            Class.forName(SPARK_REGISTRY, false, loader);
        } catch (ClassNotFoundException | LinkageError noSpark) {
            return false;
        }
        try {
            Class.forName(DIALECT, true, loader).getMethod("register").invoke(null);
            return true;
        } catch (InvocationTargetException e) {
            warn(e.getCause());
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            warn(e);
        }
        return false;
    }

    private static void warn(Throwable cause) {
        LOG.log(System.Logger.Level.WARNING, "Spark is on the class path but HadoopDB's Spark dialect could not be registered ("
                + cause + "): call org.hadoopdb.jdbc.client.spark.HadoopDbSparkDialect.register(), or Spark will quote names "
                + "with double quotes, which HiveQL reads as strings", cause);
    }
}
