/**
 * User functions: Hive's own UDF and GenericUDF classes, from the user's jars, run unchanged.
 *
 * <p>They run in a class loader of their own ({@link org.hadoopdb.functions.udf.IsolatedLoaders}):
 * Hive's jars, HadoopDB's bridge to Hive's API (the {@code hive-udf-bridge} module, which alone touches
 * Hive's classes) and the user's jars, over a parent that shows only the JDK, Hadoop, SLF4J and the
 * {@link org.hadoopdb.functions.udf.spi} interfaces ({@link org.hadoopdb.functions.udf.HostClasses}).
 * Hive's libraries (its own Calcite, Guava, Jackson, commons-*) thus never meet HadoopDB's.
 *
 * <p>The planner sees a user function as a {@link org.hadoopdb.functions.udf.UserFunction} (from a
 * statement's {@link org.hadoopdb.functions.udf.UserFunctionTable}), whose result type the function
 * itself gives; generated code evaluates it with a {@link org.hadoopdb.functions.udf.UserFunctionCall}
 * per call site and task. See {@code docs/functions.md}, "User functions".
 */
package org.hadoopdb.functions.udf;
