package org.hadoopdb.jdbc.meta;

import java.math.BigDecimal;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.util.ByteString;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;

/**
 * How a HiveQL type looks to JDBC: its {@link Types} code, name, size, and the Java form its values
 * travel in inside Avatica frames.
 *
 * <p>DATE values travel as days since 1970-01-01 and TIMESTAMP values as milliseconds since
 * 1970-01-01T00:00 of the wall-clock time (Avatica's own convention for time values), so the client
 * shows the wall-clock value whatever its time zone; a TIMESTAMP therefore reaches JDBC with
 * millisecond precision.
 */
public final class JdbcTypes {
    /** Hive's STRING has no declared length; JDBC tools read this as "unbounded". */
    static final int STRING_SIZE = Integer.MAX_VALUE;

    private JdbcTypes() {
    }

    /** The {@link Types} code of a HiveQL type. */
    public static int jdbcType(HiveType type) {
        return switch (type.kind()) {
            case TINYINT -> Types.TINYINT;
            case SMALLINT -> Types.SMALLINT;
            case INT -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case FLOAT -> Types.REAL;
            case DOUBLE -> Types.DOUBLE;
            case DECIMAL -> Types.DECIMAL;
            case STRING, VARCHAR -> Types.VARCHAR;
            case CHAR -> Types.CHAR;
            case BOOLEAN -> Types.BOOLEAN;
            case DATE -> Types.DATE;
            case TIMESTAMP -> Types.TIMESTAMP;
            case BINARY -> Types.BINARY;
            // Hive's own text of the value (JSON-like), as Hive's JDBC driver returns it
            case ARRAY, MAP, STRUCT -> Types.VARCHAR;
        };
    }

    /**
     * The type name JDBC metadata reports: the HiveQL name, upper case, without parameters; a complex
     * type's whole HiveQL spelling ({@code array<int>}), which {@code ResultSet.getArray} reads its elements by.
     */
    public static String typeName(HiveType type) {
        return type.kind().isComplex() ? type.toString() : type.kind().name();
    }

    /** COLUMN_SIZE: digits for numbers, characters for strings and times, bytes for binary. */
    public static int columnSize(HiveType type) {
        return switch (type.kind()) {
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case INT -> 10;
            case BIGINT -> 19;
            case FLOAT -> 7;
            case DOUBLE -> 15;
            case DECIMAL -> type.precision();
            case STRING, BINARY, ARRAY, MAP, STRUCT -> STRING_SIZE;
            case VARCHAR, CHAR -> type.length();
            case BOOLEAN -> 1;
            case DATE -> 10;
            case TIMESTAMP -> 29;
        };
    }

    /** DECIMAL_DIGITS: the scale of decimals, the fractional-second digits of timestamps, null where it means nothing. */
    public static Integer decimalDigits(HiveType type) {
        return switch (type.kind()) {
            case TINYINT, SMALLINT, INT, BIGINT, DATE -> 0;
            case DECIMAL -> type.scale();
            case TIMESTAMP -> 9;
            default -> null;
        };
    }

    /** NUM_PREC_RADIX: 10 for numbers, null otherwise. */
    public static Integer radix(HiveType type) {
        return type.kind().isNumeric() ? 10 : null;
    }

    /** CHAR_OCTET_LENGTH: UTF-8 takes up to 4 bytes a character. */
    public static Integer charOctetLength(HiveType type) {
        return switch (type.kind()) {
            case STRING, BINARY -> STRING_SIZE;
            case VARCHAR, CHAR -> (int) Math.min(STRING_SIZE, 4L * type.length());
            default -> null;
        };
    }

    static int displaySize(HiveType type) {
        return switch (type.kind()) {
            case TINYINT -> 4;
            case SMALLINT -> 6;
            case INT -> 11;
            case BIGINT -> 20;
            case FLOAT -> 15;
            case DOUBLE -> 24;
            case DECIMAL -> type.precision() + 2;
            case BOOLEAN -> 5;
            default -> columnSize(type);
        };
    }

    /** The Java form a value of this type travels in (see the class comment). */
    static ColumnMetaData.Rep rep(HiveType type) {
        return switch (type.kind()) {
            case TINYINT -> ColumnMetaData.Rep.BYTE;
            case SMALLINT -> ColumnMetaData.Rep.SHORT;
            case INT -> ColumnMetaData.Rep.INTEGER;
            case BIGINT -> ColumnMetaData.Rep.LONG;
            case FLOAT -> ColumnMetaData.Rep.FLOAT;
            case DOUBLE -> ColumnMetaData.Rep.DOUBLE;
            case DECIMAL -> ColumnMetaData.Rep.NUMBER;
            case STRING, VARCHAR, CHAR -> ColumnMetaData.Rep.STRING;
            case BOOLEAN -> ColumnMetaData.Rep.BOOLEAN;
            case DATE -> ColumnMetaData.Rep.INTEGER;
            case TIMESTAMP -> ColumnMetaData.Rep.LONG;
            case BINARY -> ColumnMetaData.Rep.BYTE_STRING;
            case ARRAY, MAP, STRUCT -> ColumnMetaData.Rep.STRING;
        };
    }

    static String className(HiveType type) {
        return switch (type.kind()) {
            case TINYINT -> Byte.class.getName();
            case SMALLINT -> Short.class.getName();
            case INT -> Integer.class.getName();
            case BIGINT -> Long.class.getName();
            case FLOAT -> Float.class.getName();
            case DOUBLE -> Double.class.getName();
            case DECIMAL -> BigDecimal.class.getName();
            case STRING, VARCHAR, CHAR -> String.class.getName();
            case BOOLEAN -> Boolean.class.getName();
            case DATE -> java.sql.Date.class.getName();
            case TIMESTAMP -> java.sql.Timestamp.class.getName();
            case BINARY -> byte[].class.getName();
            case ARRAY, MAP, STRUCT -> String.class.getName();
        };
    }

    /** A result column: every HiveQL value may be NULL, and results are read-only. */
    static ColumnMetaData column(int ordinal, String name, HiveType type) {
        ColumnMetaData.AvaticaType avaticaType = ColumnMetaData.scalar(jdbcType(type), typeName(type), rep(type));
        boolean signed = type.kind().isNumeric();
        Integer scale = decimalDigits(type);
        // Avatica reads a TIMESTAMP column's precision as its fractional digits: frames carry milliseconds.
        int precision = type.kind() == HiveType.Kind.TIMESTAMP ? 3 : columnSize(type);
        return new ColumnMetaData(ordinal, false, type.kind().isString(), true, false,
                DatabaseMetaData.columnNullable, signed, displaySize(type), name, name, null,
                precision, scale == null ? 0 : scale, null, null, avaticaType, true, false, false,
                className(type));
    }

    /** The value of field {@code i} of {@code row} in its frame form (see the class comment), or null. */
    static Object frameValue(Row row, int i) {
        if (row.isNull(i)) {
            return null;
        }
        HiveType type = row.schema().type(i);
        return switch (type.kind()) {
            case DATE -> (int) row.getEpochDay(i);
            case TIMESTAMP -> epochMillis(row.getTimestamp(i));
            case BINARY -> new ByteString(row.getBinary(i));
            case ARRAY, MAP, STRUCT -> org.hadoopdb.catalog.model.ComplexDisplay.format(type, row.getComplex(i));
            default -> row.get(i);
        };
    }

    static long epochMillis(LocalDateTime t) {
        return t.toEpochSecond(ZoneOffset.UTC) * 1000L + t.getNano() / 1_000_000;
    }

    /** The types getTypeInfo lists, in the order JDBC asks for (by DATA_TYPE). */
    static List<HiveType> all() {
        return List.of(HiveType.TINYINT, HiveType.BIGINT, HiveType.BINARY, HiveType.charType(HiveType.MAX_CHAR_LENGTH),
                HiveType.decimal(HiveType.MAX_DECIMAL_PRECISION, 0), HiveType.INT, HiveType.SMALLINT, HiveType.FLOAT,
                HiveType.DOUBLE, HiveType.varchar(HiveType.MAX_VARCHAR_LENGTH), HiveType.STRING, HiveType.BOOLEAN,
                HiveType.DATE, HiveType.TIMESTAMP);
    }
}
