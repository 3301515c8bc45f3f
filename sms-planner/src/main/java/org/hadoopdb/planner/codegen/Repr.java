package org.hadoopdb.planner.codegen;

import org.apache.calcite.rel.type.RelDataType;
import org.hadoopdb.planner.PlannerException;

/**
 * How generated Java holds a value of a SQL type: primitives where they can, so that filters and
 * projections over numbers, dates and booleans do not box.
 */
enum Repr {
    BOOLEAN("boolean", "false"),
    /** TINYINT, SMALLINT and INT. */
    INT("int", "0"),
    LONG("long", "0L"),
    FLOAT("float", "0f"),
    DOUBLE("double", "0d"),
    DECIMAL("java.math.BigDecimal", "null"),
    STRING("String", "null"),
    /** Days since 1970-01-01. */
    DATE("long", "0L"),
    TIMESTAMP("java.time.LocalDateTime", "null"),
    BINARY("byte[]", "null"),
    /** A year-month interval in months. */
    MONTHS("int", "0"),
    /** A day-time interval in milliseconds. */
    MILLIS("long", "0L"),
    /** An ARRAY: the row's {@code List} of elements in their row forms. */
    ARRAY("java.util.List", "null"),
    /** A MAP: the row's {@code Map}, keys in order. */
    MAP("java.util.Map", "null"),
    /** A STRUCT: the row's {@code List} of field values. */
    STRUCT("java.util.List", "null"),
    /** The type of a bare NULL literal. */
    NULL("Object", "null");

    final String java;
    final String zero;

    Repr(String java, String zero) {
        this.java = java;
        this.zero = zero;
    }

    boolean isNumeric() {
        return this == INT || this == LONG || this == FLOAT || this == DOUBLE || this == DECIMAL;
    }

    boolean isPrimitive() {
        return !java.contains(".") && !java.equals("String") && !java.equals("byte[]") && !java.equals("Object");
    }

    static Repr of(RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case BOOLEAN -> BOOLEAN;
            case TINYINT, SMALLINT, INTEGER -> INT;
            case BIGINT -> LONG;
            case REAL, FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            case DECIMAL -> DECIMAL;
            case CHAR, VARCHAR -> STRING;
            case DATE -> DATE;
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TIMESTAMP;
            case BINARY, VARBINARY -> BINARY;
            case INTERVAL_YEAR, INTERVAL_YEAR_MONTH, INTERVAL_MONTH -> MONTHS;
            case INTERVAL_DAY, INTERVAL_DAY_HOUR, INTERVAL_DAY_MINUTE, INTERVAL_DAY_SECOND, INTERVAL_HOUR,
                 INTERVAL_HOUR_MINUTE, INTERVAL_HOUR_SECOND, INTERVAL_MINUTE, INTERVAL_MINUTE_SECOND,
                 INTERVAL_SECOND -> MILLIS;
            case NULL -> NULL;
            case ARRAY -> ARRAY;
            case MAP -> MAP;
            case ROW -> STRUCT;
            default -> throw new PlannerException("Expressions of type " + type.getFullTypeString()
                    + " cannot be evaluated in MapReduce");
        };
    }
}
