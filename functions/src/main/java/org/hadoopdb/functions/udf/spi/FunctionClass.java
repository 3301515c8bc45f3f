package org.hadoopdb.functions.udf.spi;

/**
 * What a user function class is.
 *
 * @param kind          {@code "GenericUDF"} or {@code "UDF"} (an old-style class with {@code evaluate} methods): a
 *                      scalar function; {@code "GenericUDAF"} (a {@code GenericUDAFResolver}) or {@code "UDAF"}
 *                      (an old-style aggregate): an aggregate; {@code "GenericUDTF"}: a table function
 * @param deterministic false when the class says it may give different results for the same arguments
 *                      (Hive's {@code @UDFType(deterministic = false)})
 */
public record FunctionClass(String kind, boolean deterministic) {
    /** True for an aggregate class (UDAF or GenericUDAFResolver). */
    public boolean aggregate() {
        return kind.equals("GenericUDAF") || kind.equals("UDAF");
    }

    /** True for a table function class (GenericUDTF). */
    public boolean tableFunction() {
        return kind.equals("GenericUDTF");
    }
}
