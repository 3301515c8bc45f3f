/**
 * Expressions evaluated in MapReduce: {@link org.hadoopdb.planner.codegen.ExpressionCompiler}
 * generates, at planning time, the Java source of one class per filter or projection
 * ({@link org.hadoopdb.planner.codegen.CompiledPredicate}, {@link org.hadoopdb.planner.codegen.CompiledProjection});
 * each task compiles it once with Janino. Values are held as Java primitives where the type allows
 * (dates as epoch days), each with a NULL flag: SQL's three-valued logic, lazy AND, OR, CASE and
 * COALESCE. Hive's semantics come from the runtime classes the generated code calls
 * ({@link org.hadoopdb.functions.impl.HiveValues} for CAST, comparison and arithmetic,
 * {@link org.hadoopdb.functions.impl.StringFunctions}, {@link org.hadoopdb.functions.impl.DateFunctions},
 * {@link org.hadoopdb.functions.impl.MathFunctions}, {@link org.hadoopdb.functions.impl.MiscFunctions}):
 * a library function is the public static method of its name, the overload chosen at planning time.
 * Per-call state (compiled patterns, date formats) lives in instance fields of the generated class.
 */
package org.hadoopdb.planner.codegen;
