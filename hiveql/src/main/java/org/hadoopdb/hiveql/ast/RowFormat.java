package org.hadoopdb.hiveql.ast;

/**
 * {@code ROW FORMAT DELIMITED [FIELDS TERMINATED BY 'c'] [ESCAPED BY 'e'] [COLLECTION ITEMS TERMINATED BY 'c']
 * [MAP KEYS TERMINATED BY 'c'] [LINES TERMINATED BY '\n'] [NULL DEFINED AS 's']};
 * null parts were not given. String values are unescaped (the Java characters, e.g. a real tab for {@code '\t'}).
 */
public record RowFormat(String fieldDelimiter, String escapeChar, String lineDelimiter, String nullFormat,
                        String collectionItemsDelimiter, String mapKeysDelimiter) {

    /** Without the complex types' delimiters. */
    public RowFormat(String fieldDelimiter, String escapeChar, String lineDelimiter, String nullFormat) {
        this(fieldDelimiter, escapeChar, lineDelimiter, nullFormat, null, null);
    }
}
