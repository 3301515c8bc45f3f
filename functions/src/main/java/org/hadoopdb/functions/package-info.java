/**
 * HiveQL's function library: {@link org.hadoopdb.functions.HiveFunctionLibrary} resolves
 * function names for Calcite's validator (case-insensitive, with Hive's synonyms) and describes them
 * for {@code SHOW FUNCTIONS}, {@code DESCRIBE FUNCTION} and "did you mean" hints;
 * {@link org.hadoopdb.functions.HiveFunction} carries Hive's parameter kinds (implicit
 * conversions become explicit CASTs during validation) and result types;
 * {@link org.hadoopdb.functions.HiveOperators} are Hive's {@code /}, {@code DIV} and
 * {@code RLIKE}; {@link org.hadoopdb.functions.QueryClock} fixes the current time per query.
 * Evaluation lives in {@code exec.expr} (MapReduce) and {@code sqlgen} (PostgreSQL).
 */
package org.hadoopdb.functions;
