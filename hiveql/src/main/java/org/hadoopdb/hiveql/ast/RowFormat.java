package org.hadoopdb.hiveql.ast;

/**
 * {@code ROW FORMAT DELIMITED [FIELDS TERMINATED BY 'c'] [ESCAPED BY 'e'] [LINES TERMINATED BY '\n'] [NULL DEFINED AS 's']};
 * null parts were not given. String values are unescaped (the Java characters, e.g. a real tab for {@code '\t'}).
 */
public record RowFormat(String fieldDelimiter, String escapeChar, String lineDelimiter, String nullFormat) {
}
