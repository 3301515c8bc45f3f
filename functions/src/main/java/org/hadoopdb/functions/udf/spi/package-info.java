/**
 * The whole interface between HadoopDB and the code that runs Hive's UDF classes: the only HadoopDB
 * classes the isolated class loader of user functions sees (see {@code udf.HostClasses}). Everything
 * here uses JDK types only, and values cross it in HadoopDB's row forms ({@code Integer}, {@code Long},
 * {@code Double}, {@code String}, {@code BigDecimal}, {@code Boolean}, {@code LocalDate},
 * {@code LocalDateTime}, {@code byte[]}, {@code List} for arrays and structs, {@code Map} for maps; see
 * the catalog's {@code ComplexJson}), types as HiveQL spells them ({@code int}, {@code array<string>}).
 * The module {@code hive-udf-bridge} implements it against Hive's own API.
 */
package org.hadoopdb.functions.udf.spi;
