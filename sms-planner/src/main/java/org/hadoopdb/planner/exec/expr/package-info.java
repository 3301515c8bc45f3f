/**
 * Expressions evaluated in MapReduce: {@link org.hadoopdb.planner.exec.expr.ExpressionCompiler}
 * generates, at planning time, the Java source of one class per filter or projection
 * ({@link org.hadoopdb.planner.exec.expr.CompiledPredicate}, {@link org.hadoopdb.planner.exec.expr.CompiledProjection});
 * each task compiles it once with Janino. Values are held as Java primitives where the type allows
 * (dates as epoch days), each with a NULL flag: SQL's three-valued logic, lazy AND, OR, CASE and
 * COALESCE. Hive's semantics come from the runtime classes the generated code calls
 * ({@link org.hadoopdb.planner.exec.expr.HiveValues} for CAST, comparison and arithmetic,
 * {@link org.hadoopdb.planner.exec.expr.StringFunctions}, {@link org.hadoopdb.planner.exec.expr.DateFunctions},
 * {@link org.hadoopdb.planner.exec.expr.MathFunctions}, {@link org.hadoopdb.planner.exec.expr.MiscFunctions}):
 * a library function is the public static method of its name, the overload chosen at planning time.
 * Per-call state (compiled patterns, date formats) lives in instance fields of the generated class.
 */
package org.hadoopdb.planner.exec.expr;
