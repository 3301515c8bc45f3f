package org.hadoopdb.functions.impl;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hadoopdb.catalog.model.HiveType;

/**
 * Converts an ARRAY, MAP or STRUCT value (in its row form) to another complex type of the same shape,
 * element by element with Hive's casts: what {@code INSERT} does when a value's element types differ
 * from the column's ({@code array<int>} into {@code array<bigint>}, {@code map<string,int>} into
 * {@code map<varchar(10),double>}), and what a CASE or COALESCE of such values needs. An element that does
 * not convert (a string that is no number) becomes NULL, as Hive's CAST makes it.
 */
public final class ComplexCasts {
    private ComplexCasts() {
    }

    /**
     * {@code value} of type {@code from} as a value of type {@code to}.
     *
     * @throws IllegalArgumentException when the shapes differ (an array into a map, structs of other sizes)
     */
    public static Object convert(Object value, HiveType from, HiveType to) {
        if (value == null || from.equals(to)) {
            return value;
        }
        HiveType.Kind kind = to.kind();
        if (kind.isComplex() != from.kind().isComplex() || kind.isComplex() && kind != from.kind()) {
            throw new IllegalArgumentException("Cannot convert " + from + " to " + to);
        }
        return switch (kind) {
            case ARRAY -> {
                List<Object> out = new ArrayList<>();
                for (Object e : (List<?>) value) {
                    out.add(convert(e, from.elementType(), to.elementType()));
                }
                yield Collections.unmodifiableList(out);
            }
            case MAP -> {
                Map<Object, Object> out = new LinkedHashMap<>();
                for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                    out.put(convert(e.getKey(), from.keyType(), to.keyType()), convert(e.getValue(), from.valueType(), to.valueType()));
                }
                yield Collections.unmodifiableMap(out);
            }
            case STRUCT -> {
                List<?> fields = (List<?>) value;
                if (from.fieldTypes().size() != to.fieldTypes().size()) {
                    throw new IllegalArgumentException("Cannot convert " + from + " to " + to + ": they have different numbers of fields");
                }
                List<Object> out = new ArrayList<>();
                for (int i = 0; i < fields.size(); i++) {
                    out.add(convert(fields.get(i), from.fieldTypes().get(i), to.fieldTypes().get(i)));
                }
                yield Collections.unmodifiableList(out);
            }
            default -> primitive(value, to);
        };
    }

    private static Object primitive(Object v, HiveType to) {
        String text = v instanceof String s ? s : null;
        return switch (to.kind()) {
            case TINYINT -> text != null ? narrow(HiveCasts.toTinyint(text), to) : (byte) ((Number) v).longValue();
            case SMALLINT -> text != null ? narrow(HiveCasts.toSmallint(text), to) : (short) ((Number) v).longValue();
            case INT -> text != null ? HiveCasts.toInt(text) : (int) integral(v);
            case BIGINT -> text != null ? HiveCasts.toBigint(text) : integral(v);
            case FLOAT -> text != null ? HiveCasts.toFloat(text) : (Object) ((Number) v).floatValue();
            case DOUBLE -> text != null ? HiveCasts.toDouble(text) : (Object) ((Number) v).doubleValue();
            case DECIMAL -> text != null ? HiveCasts.toDecimal(text, to.precision(), to.scale())
                    : HiveCasts.enforce(v instanceof BigDecimal d ? d : new BigDecimal(v.toString()), to.precision(), to.scale());
            case STRING, VARCHAR, CHAR -> {
                String s = text(v);
                yield to.kind() == HiveType.Kind.VARCHAR && s.length() > to.length() ? s.substring(0, to.length()) : s;
            }
            case BOOLEAN -> text != null ? HiveCasts.toBoolean(text) : v;
            case DATE -> text != null ? epochDay(HiveDates.toEpochDay(text)) : v instanceof LocalDateTime t ? t.toLocalDate() : v;
            case TIMESTAMP -> text != null ? HiveDates.toTimestamp(text) : v instanceof LocalDate d ? d.atStartOfDay() : v;
            case BINARY -> text != null ? HiveCasts.toBinary(text) : v;
            case ARRAY, MAP, STRUCT -> throw new IllegalArgumentException("not a primitive type: " + to);
        };
    }

    private static long integral(Object v) {
        if (v instanceof BigDecimal d) {
            return HiveCasts.decimalToLong(d);
        }
        if (v instanceof Double || v instanceof Float) {
            return HiveCasts.doubleToLong(((Number) v).doubleValue());
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        return ((Number) v).longValue();
    }

    private static Object narrow(Integer v, HiveType to) {
        if (v == null) {
            return null;
        }
        return to.kind() == HiveType.Kind.TINYINT ? (Object) v.byteValue() : (Object) v.shortValue();
    }

    private static LocalDate epochDay(Long day) {
        return day == null ? null : LocalDate.ofEpochDay(day);
    }

    private static String text(Object v) {
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof LocalDateTime t) {
            return HiveCasts.toString(t);
        }
        if (v instanceof byte[] b) {
            return HiveCasts.toString(b);
        }
        return v.toString();
    }
}
