package org.hadoopdb.catalog.model;

/**
 * ARRAY, MAP and STRUCT values as Hive shows them (the shell, {@code getString} over JDBC, HiveServer2's
 * row sets): {@code [1,2]}, {@code {"k":1}} (a key is written as a value of its type,
 * so an int key is bare: {@code {1:"a"}}), {@code {"name":"x","age":3}}; strings, dates and timestamps
 * quoted with JSON's escapes, NULL as {@code null}. BINARY inside a complex value is shown as quoted base64.
 */
public final class ComplexDisplay {
    private ComplexDisplay() {
    }

    /** Hive's text of {@code value} (a Java form of {@code type}, see {@link ComplexJson}); null for NULL. */
    public static String format(HiveType type, Object value) {
        if (value == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(32);
        ComplexJson.append(type, value, sb, true);
        return sb.toString();
    }
}
