package org.hadoopdb.functions;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * What a function parameter accepts, and Hive's implicit conversion to it: a type the parameter
 * accepts is passed as is, a convertible one gets an explicit CAST (so that both the MapReduce
 * code and the pushed SQL see the conversion), anything else is a type error.
 */
public enum ArgKind {
    /** A string; numbers, dates and timestamps are converted to their text. */
    STRING,
    /** TINYINT, SMALLINT or INT; BIGINT (wrapping) and strings are converted to INT. */
    INT,
    /** Any integer; strings are converted to BIGINT. */
    BIGINT,
    /** Any number (computed as DOUBLE); strings are converted to DOUBLE. */
    DOUBLE,
    /** Any number, kept in its own type; strings are converted to DOUBLE. */
    NUMBER,
    /** A DATE; timestamps and strings are converted to DATE. */
    DATE,
    /** A DATE or TIMESTAMP, kept as is; strings are converted to TIMESTAMP. */
    DATETIME,
    /** A BOOLEAN. */
    BOOLEAN,
    /** A string or binary value; numbers are converted to their text. */
    STRING_OR_BINARY,
    /** An integer or a string (kept as is); other numbers are converted to BIGINT. */
    INTEGER_OR_STRING,
    /** An ARRAY of anything; a bare NULL is converted to {@code array<string>}. */
    ARRAY,
    /** A MAP of anything; a bare NULL is converted to {@code map<string,string>}. */
    MAP,
    /** An ARRAY or a MAP; a bare NULL is converted to {@code array<string>}. */
    ARRAY_OR_MAP,
    /** A string or an array of strings (concat_ws); numbers, dates and timestamps are converted to their text. */
    STRING_OR_ARRAY,
    /** Anything, unconverted. */
    ANY;

    /** True when an argument of {@code t} needs no conversion. */
    boolean accepts(RelDataType t) {
        SqlTypeName n = t.getSqlTypeName();
        if (n == SqlTypeName.NULL) {
            return this == ANY;
        }
        return switch (this) {
            case STRING -> SqlTypeUtil.isCharacter(t);
            case INT -> n == SqlTypeName.TINYINT || n == SqlTypeName.SMALLINT || n == SqlTypeName.INTEGER;
            case BIGINT -> SqlTypeUtil.isIntType(t);
            case DOUBLE, NUMBER -> SqlTypeUtil.isNumeric(t);
            case DATE -> n == SqlTypeName.DATE;
            case DATETIME -> n == SqlTypeName.DATE || n == SqlTypeName.TIMESTAMP;
            case BOOLEAN -> n == SqlTypeName.BOOLEAN;
            case STRING_OR_BINARY -> SqlTypeUtil.isCharacter(t) || SqlTypeUtil.isBinary(t);
            case INTEGER_OR_STRING -> SqlTypeUtil.isIntType(t) || SqlTypeUtil.isCharacter(t);
            case ARRAY -> n == SqlTypeName.ARRAY;
            case MAP -> n == SqlTypeName.MAP;
            case ARRAY_OR_MAP -> n == SqlTypeName.ARRAY || n == SqlTypeName.MAP;
            case STRING_OR_ARRAY -> SqlTypeUtil.isCharacter(t) || n == SqlTypeName.ARRAY && SqlTypeUtil.isCharacter(t.getComponentType());
            case ANY -> true;
        };
    }

    /** The type an argument of {@code t} is converted to, or null when it cannot be. */
    RelDataType conversion(RelDataType t, RelDataTypeFactory f) {
        SqlTypeName n = t.getSqlTypeName();
        boolean string = SqlTypeUtil.isCharacter(t);
        boolean number = SqlTypeUtil.isNumeric(t);
        boolean datetime = n == SqlTypeName.DATE || n == SqlTypeName.TIMESTAMP;
        if (n == SqlTypeName.NULL && (this == ARRAY || this == MAP || this == ARRAY_OR_MAP)) {
            RelDataType text = f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), true);
            RelDataType empty = this == MAP ? f.createMapType(text, text) : f.createArrayType(text, -1);
            return f.createTypeWithNullability(empty, true);
        }
        SqlTypeName target = switch (this) {
            case STRING, STRING_OR_BINARY, STRING_OR_ARRAY -> number || datetime || n == SqlTypeName.NULL
                    ? SqlTypeName.VARCHAR : null;
            case INT -> n == SqlTypeName.BIGINT || string || n == SqlTypeName.NULL ? SqlTypeName.INTEGER : null;
            case BIGINT -> string || n == SqlTypeName.NULL ? SqlTypeName.BIGINT : null;
            case DOUBLE, NUMBER -> string || n == SqlTypeName.NULL ? SqlTypeName.DOUBLE : null;
            case DATE -> string || n == SqlTypeName.TIMESTAMP || n == SqlTypeName.NULL ? SqlTypeName.DATE : null;
            case DATETIME -> string || n == SqlTypeName.NULL ? SqlTypeName.TIMESTAMP : null;
            case BOOLEAN -> n == SqlTypeName.NULL ? SqlTypeName.BOOLEAN : null;
            case INTEGER_OR_STRING -> number || n == SqlTypeName.NULL ? SqlTypeName.BIGINT : null;
            case ARRAY, MAP, ARRAY_OR_MAP, ANY -> null;
        };
        if (target == null) {
            return null;
        }
        RelDataType type = target == SqlTypeName.TIMESTAMP ? f.createSqlType(target, 6) : f.createSqlType(target);
        return f.createTypeWithNullability(type, true);
    }

    /** How the signature shows the parameter. */
    String label() {
        return switch (this) {
            case STRING -> "string";
            case INT -> "int";
            case BIGINT -> "bigint";
            case DOUBLE -> "double";
            case NUMBER -> "number";
            case DATE -> "date";
            case DATETIME -> "date|timestamp";
            case BOOLEAN -> "boolean";
            case STRING_OR_BINARY -> "string|binary";
            case INTEGER_OR_STRING -> "bigint|string";
            case ARRAY -> "array";
            case MAP -> "map";
            case ARRAY_OR_MAP -> "array|map";
            case STRING_OR_ARRAY -> "string|array<string>";
            case ANY -> "any";
        };
    }

}
