/**
 * Typed rows: the values HadoopDB moves between the node databases, the map and reduce phases and
 * the client, always in binary, never as text.
 *
 * <ul>
 *   <li>{@link org.hadoopdb.connector.row.RowSchema} — the ordered (name, HiveQL type) fields of a row;
 *   <li>{@link org.hadoopdb.connector.row.Row} — a reusable {@code Writable} of typed values with a
 *       compact, tag-free binary encoding;
 *   <li>{@link org.hadoopdb.connector.row.SortKey}, {@link org.hadoopdb.connector.row.SortKeySpec},
 *       {@link org.hadoopdb.connector.row.SortKeyCodec},
 *       {@link org.hadoopdb.connector.row.SortKeyPartitioner} — shuffle keys whose bytes sort in SQL
 *       order, compared raw by Hadoop, with secondary-sort grouping;
 *   <li>{@link org.hadoopdb.connector.row.ResultSetRowReader},
 *       {@link org.hadoopdb.connector.row.PreparedStatementBinder} — rows from and to JDBC;
 *   <li>{@link org.hadoopdb.connector.row.CopyTextEncoder} — rows as PostgreSQL {@code COPY} text;
 *   <li>{@link org.hadoopdb.connector.row.RowMapper} — rows into a user's own {@code Writable}.
 * </ul>
 */
package org.hadoopdb.connector.row;
