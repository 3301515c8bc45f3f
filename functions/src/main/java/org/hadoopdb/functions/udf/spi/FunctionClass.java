package org.hadoopdb.functions.udf.spi;

/**
 * What a user function class is.
 *
 * @param kind          {@code "GenericUDF"} or {@code "UDF"} (an old-style class with {@code evaluate} methods)
 * @param deterministic false when the class says it may give different results for the same arguments
 *                      (Hive's {@code @UDFType(deterministic = false)})
 */
public record FunctionClass(String kind, boolean deterministic) {
}
