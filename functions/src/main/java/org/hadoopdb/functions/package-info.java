/**
 * HiveQL's function library. Each scalar function is one
 * {@link org.hadoopdb.functions.FunctionDefinition} (signature, parameter kinds, result type,
 * PostgreSQL form, MapReduce implementation), held by its family class in
 * {@code org.hadoopdb.functions.impl} next to the static methods that implement it;
 * {@link org.hadoopdb.functions.HiveFunctionLibrary} assembles the families and resolves
 * function names for Calcite's validator (case-insensitive, with Hive's synonyms) and describes them
 * for {@code SHOW FUNCTIONS}, {@code DESCRIBE FUNCTION} and "did you mean" hints;
 * {@link org.hadoopdb.functions.HiveFunction} carries Hive's parameter kinds (implicit
 * conversions become explicit CASTs during validation) and result types;
 * {@link org.hadoopdb.functions.HiveOperators} are Hive's {@code /}, {@code DIV} and
 * {@code RLIKE}; {@link org.hadoopdb.functions.QueryClock} fixes the current time per query.
 * The planner's {@code sqlgen} asks a definition for its PostgreSQL form, {@code codegen} for the
 * class whose methods generated code calls.
 */
package org.hadoopdb.functions;
