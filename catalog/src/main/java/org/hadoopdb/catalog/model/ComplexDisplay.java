package org.hadoopdb.catalog.model;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * ARRAY, MAP and STRUCT values as Hive shows them (the shell, {@code getString} over JDBC, HiveServer2's
 * row sets, CAST to STRING): {@code [1,2]}, {@code {"k":1}} (a key is written as a value of its type,
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
        append(type, value, sb);
        return sb.toString();
    }

    private static void append(HiveType type, Object value, StringBuilder sb) {
        if (value == null) {
            sb.append("null");
            return;
        }
        switch (type.kind()) {
            case ARRAY -> {
                sb.append('[');
                int i = 0;
                for (Object e : (List<?>) value) {
                    sb.append(i++ == 0 ? "" : ",");
                    append(type.elementType(), e, sb);
                }
                sb.append(']');
            }
            case MAP -> {
                sb.append('{');
                int i = 0;
                for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                    sb.append(i++ == 0 ? "" : ",");
                    append(type.keyType(), e.getKey(), sb);
                    sb.append(':');
                    append(type.valueType(), e.getValue(), sb);
                }
                sb.append('}');
            }
            case STRUCT -> {
                sb.append('{');
                List<?> fields = (List<?>) value;
                for (int i = 0; i < fields.size(); i++) {
                    sb.append(i == 0 ? "" : ",");
                    ComplexJson.quote(type.fieldNames().get(i), sb);
                    sb.append(':');
                    append(type.fieldTypes().get(i), fields.get(i), sb);
                }
                sb.append('}');
            }
            case STRING, VARCHAR, CHAR -> ComplexJson.quote((String) value, sb);
            case DATE -> sb.append('"').append((LocalDate) value).append('"');
            case TIMESTAMP -> HiveTimestampFormat.appendTo(sb.append('"'), (LocalDateTime) value).append('"');
            case BINARY -> sb.append('"').append(Base64.getEncoder().encodeToString((byte[]) value)).append('"');
            case DECIMAL -> sb.append(((BigDecimal) value).toPlainString());
            default -> sb.append(value);
        }
    }
}
