/**
 * HadoopDB's bridge to Hive's UDF API: runs Hive's own UDF and GenericUDF classes on HadoopDB's row
 * forms. The only HadoopDB code that touches Hive's classes; it is loaded only by the isolated class
 * loader of user functions (see {@code org.hadoopdb.functions.udf}), with Hive's jars and the user's,
 * and talks to HadoopDB through {@code org.hadoopdb.functions.udf.spi} alone.
 */
package org.hadoopdb.hiveudf;
