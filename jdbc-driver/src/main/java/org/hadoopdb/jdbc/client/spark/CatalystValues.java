package org.hadoopdb.jdbc.client.spark;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * The Java value of a literal in Spark's pushed expressions, which hold Spark's internal forms: a string
 * as Spark's UTF-8 string, a decimal as Spark's {@link Decimal}, a DATE as days since 1970-01-01, a
 * TIMESTAMP as microseconds since the epoch (an instant), a TIMESTAMP_NTZ as microseconds of local time.
 */
final class CatalystValues {
    private static final long MICROS_PER_SECOND = 1_000_000L;

    private CatalystValues() {
    }

    /** {@code value} of Spark type {@code type} as {@link HiveQlLiterals} takes it; refused for the other types. */
    static Object external(Object value, DataType type) {
        if (value == null) {
            return null;
        }
        if (type instanceof StringType) {
            return value.toString();
        }
        if (type instanceof DecimalType) {
            return value instanceof Decimal d ? d.toJavaBigDecimal() : value;
        }
        if (type instanceof DateType) {
            return LocalDate.ofEpochDay(((Number) value).longValue());
        }
        if (type instanceof TimestampType) {
            return Instant.EPOCH.plus(((Number) value).longValue(), ChronoUnit.MICROS);
        }
        if (type instanceof TimestampNTZType) {
            long micros = ((Number) value).longValue();
            return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, MICROS_PER_SECOND),
                    (int) Math.floorMod(micros, MICROS_PER_SECOND) * 1000, ZoneOffset.UTC);
        }
        if (type instanceof BooleanType || type instanceof ByteType || type instanceof ShortType || type instanceof IntegerType
                || type instanceof LongType || type instanceof FloatType || type instanceof DoubleType) {
            return value;
        }
        throw new IllegalArgumentException("No HiveQL literal for a Spark " + type.simpleString() + " value");
    }
}
