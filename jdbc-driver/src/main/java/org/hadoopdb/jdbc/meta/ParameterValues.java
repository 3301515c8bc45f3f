package org.hadoopdb.jdbc.meta;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Requests;
import org.apache.calcite.avatica.remote.TypedValue;
import org.hadoopdb.jdbc.JdbcException;

/**
 * Bound parameter values as Avatica sends them (typed, in their serial form) turned into the Java
 * forms HadoopDB rows use. Dates arrive as days since 1970-01-01 and timestamps as milliseconds
 * since 1970-01-01T00:00 of the client's wall clock (the client's driver already applied its calendar).
 */
final class ParameterValues {
    private ParameterValues() {
    }

    /** A batch's parameter sets in the form the protobuf protocol sends them. */
    static List<List<TypedValue>> fromProto(List<Requests.UpdateBatch> batches) {
        List<List<TypedValue>> out = new ArrayList<>(batches.size());
        for (Requests.UpdateBatch batch : batches) {
            List<TypedValue> row = new ArrayList<>(batch.getParameterValuesCount());
            for (Common.TypedValue v : batch.getParameterValuesList()) {
                row.add(TypedValue.fromProto(v));
            }
            out.add(row);
        }
        return out;
    }

    static List<Object> toJava(List<TypedValue> values) {
        List<Object> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            out.add(toJava(values.get(i), i + 1));
        }
        return out;
    }

    private static Object toJava(TypedValue v, int position) {
        if (v == null || v.value == null) {
            return null;
        }
        Object value = v.value;
        return switch (v.type) {
            case STRING, CHARACTER, PRIMITIVE_CHAR -> value.toString();
            case BOOLEAN, PRIMITIVE_BOOLEAN -> value instanceof Boolean b ? b : Boolean.parseBoolean(value.toString());
            case BYTE, PRIMITIVE_BYTE -> ((Number) value).byteValue();
            case SHORT, PRIMITIVE_SHORT -> ((Number) value).shortValue();
            case INTEGER, PRIMITIVE_INT -> ((Number) value).intValue();
            case LONG, PRIMITIVE_LONG -> ((Number) value).longValue();
            case FLOAT, PRIMITIVE_FLOAT -> ((Number) value).floatValue();
            case DOUBLE, PRIMITIVE_DOUBLE -> ((Number) value).doubleValue();
            case NUMBER -> value instanceof BigDecimal d ? d : new BigDecimal(value.toString());
            case JAVA_SQL_DATE -> LocalDate.ofEpochDay(((Number) value).longValue());
            case JAVA_SQL_TIMESTAMP, JAVA_UTIL_DATE -> {
                long millis = ((Number) value).longValue();
                yield LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000L),
                        (int) Math.floorMod(millis, 1000L) * 1_000_000, ZoneOffset.UTC);
            }
            case OBJECT -> fromObject(value, position);
            default -> throw new JdbcException(JdbcException.NOT_SUPPORTED, "Parameter " + position + " is a "
                    + v.type + " value, which HiveQL cannot take (use numbers, strings, booleans, dates or timestamps)");
        };
    }

    private static Object fromObject(Object value, int position) {
        if (value instanceof String || value instanceof Boolean || value instanceof Integer || value instanceof Long
                || value instanceof Short || value instanceof Byte || value instanceof Double || value instanceof Float
                || value instanceof BigDecimal) {
            return value;
        }
        throw new JdbcException(JdbcException.NOT_SUPPORTED, "Parameter " + position + " has a value of type "
                + value.getClass().getSimpleName() + ", which HiveQL cannot take");
    }
}
