package org.hadoopdb.functions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.hadoopdb.catalog.model.HiveType;

/**
 * Hive's typing of the values that go into and come out of ARRAY, MAP and STRUCT values: the common
 * type of several values (Hive's unification, for {@code array(...)} and {@code map(...)}), whether a
 * value converts implicitly to a map key's or an array element's type, which types Hive can order,
 * and the HiveQL spelling of a type for messages.
 *
 * <p>Types inside a collection are {@linkplain #element normalized}: a string literal is
 * {@code CHAR(n)} to Calcite but STRING to Hive, so CHAR becomes STRING; a bare NULL's type becomes
 * STRING; every component is nullable (HiveQL values always are).
 */
public final class CollectionTypes {
    private CollectionTypes() {
    }

    /** {@code t} as the type of a value held in an array, map or struct (see the class comment). */
    public static RelDataType element(RelDataType t, RelDataTypeFactory f) {
        RelDataType out = switch (t.getSqlTypeName()) {
            case CHAR, NULL -> f.createSqlType(SqlTypeName.VARCHAR);
            case ARRAY -> f.createArrayType(element(t.getComponentType(), f), -1);
            case MAP -> f.createMapType(element(t.getKeyType(), f), element(t.getValueType(), f));
            case ROW -> {
                List<RelDataType> types = new ArrayList<>();
                for (RelDataTypeField field : t.getFieldList()) {
                    types.add(element(field.getType(), f));
                }
                yield f.createStructType(types, t.getFieldNames());
            }
            default -> t;
        };
        return f.createTypeWithNullability(out, true);
    }

    /** Whether values of {@code t} are ARRAY, MAP or STRUCT values. */
    public static boolean complex(RelDataType t) {
        SqlTypeName n = t.getSqlTypeName();
        return n == SqlTypeName.ARRAY || n == SqlTypeName.MAP || n == SqlTypeName.ROW;
    }

    /** Whether two types are the same once {@linkplain #element normalized} (nullability and CHAR lengths aside). */
    public static boolean same(RelDataType a, RelDataType b, RelDataTypeFactory f) {
        return element(a, f).getFullTypeString().equals(element(b, f).getFullTypeString());
    }

    /**
     * Hive's common type of {@code types} (bare NULLs ignored), {@linkplain #element normalized}: STRING
     * when there is nothing else; null when two of them have none (a boolean and a number, two
     * different complex types).
     */
    public static RelDataType common(List<RelDataType> types, RelDataTypeFactory f) {
        RelDataType common = null;
        for (RelDataType t : types) {
            if (t.getSqlTypeName() == SqlTypeName.NULL) {
                continue;
            }
            common = common == null ? element(t, f) : common(common, element(t, f), f);
            if (common == null) {
                return null;
            }
        }
        return common != null ? common : element(f.createSqlType(SqlTypeName.NULL), f);
    }

    /** The common type of two normalized types, or null. */
    private static RelDataType common(RelDataType a, RelDataType b, RelDataTypeFactory f) {
        if (a.getFullTypeString().equals(b.getFullTypeString())) {
            return a;
        }
        if (complex(a) || complex(b)) {
            // Hive converts no complex values: array(array(1), array(1L)) is an error there too
            return null;
        }
        RelDataType t;
        if (SqlTypeUtil.isCharacter(a) && SqlTypeUtil.isCharacter(b)) {
            // varchar(5) and varchar(10) make varchar(10); with a STRING, STRING
            t = bounded(a) && bounded(b) ? f.createSqlType(SqlTypeName.VARCHAR, Math.max(a.getPrecision(), b.getPrecision()))
                    : f.createSqlType(SqlTypeName.VARCHAR);
        } else if (SqlTypeUtil.isNumeric(a) && SqlTypeUtil.isNumeric(b)) {
            t = commonNumber(a, b, f);
        } else if (SqlTypeUtil.isCharacter(a) && textual(b) || SqlTypeUtil.isCharacter(b) && textual(a)) {
            // a number, date or timestamp meeting a string: everything becomes text (Hive's implicit conversion)
            t = f.createSqlType(SqlTypeName.VARCHAR);
        } else if (datetime(a) && datetime(b)) {
            t = f.createSqlType(SqlTypeName.TIMESTAMP, 6);
        } else {
            return null;
        }
        return f.createTypeWithNullability(t, true);
    }

    /**
     * Hive's numeric ladder, tinyint &lt; smallint &lt; int &lt; bigint &lt; float &lt; double &lt; decimal, except
     * that a decimal meeting a float or double gives a double (Hive does not turn inexact values exact).
     */
    private static RelDataType commonNumber(RelDataType a, RelDataType b, RelDataTypeFactory f) {
        boolean decimal = a.getSqlTypeName() == SqlTypeName.DECIMAL || b.getSqlTypeName() == SqlTypeName.DECIMAL;
        boolean approx = SqlTypeUtil.isApproximateNumeric(a) || SqlTypeUtil.isApproximateNumeric(b);
        if (decimal && approx) {
            return f.createSqlType(SqlTypeName.DOUBLE);
        }
        if (decimal) {
            int scale = Math.max(scale(a), scale(b));
            int integerDigits = Math.max(HiveOperators.precisionOf(a) - scale(a), HiveOperators.precisionOf(b) - scale(b));
            int precision = Math.min(HiveType.MAX_DECIMAL_PRECISION, integerDigits + scale);
            return f.createSqlType(SqlTypeName.DECIMAL, precision, Math.min(scale, precision));
        }
        return rank(a) >= rank(b) ? f.createSqlType(a.getSqlTypeName()) : f.createSqlType(b.getSqlTypeName());
    }

    /**
     * Whether a value of {@code from} converts implicitly to {@code to} (Hive's implicit conversions,
     * for a map key or an array element): NULL to anything; along the numeric ladder (an int to a
     * bigint, a bigint to a double, but not a bigint to an int); numbers, dates and timestamps to
     * strings; strings to double and decimal; strings, dates and timestamps to dates and timestamps;
     * complex values only to the same type.
     */
    public static boolean convertible(RelDataType from, RelDataType to, RelDataTypeFactory f) {
        if (from.getSqlTypeName() == SqlTypeName.NULL || same(from, to, f)) {
            return true;
        }
        if (complex(from) || complex(to)) {
            return false;
        }
        if (SqlTypeUtil.isCharacter(to)) {
            return SqlTypeUtil.isCharacter(from) || textual(from);
        }
        if (SqlTypeUtil.isNumeric(to)) {
            if (SqlTypeUtil.isCharacter(from)) {
                return to.getSqlTypeName() == SqlTypeName.DOUBLE || to.getSqlTypeName() == SqlTypeName.DECIMAL;
            }
            return SqlTypeUtil.isNumeric(from) && rank(from) <= rank(to);
        }
        if (datetime(to)) {
            return datetime(from) || SqlTypeUtil.isCharacter(from);
        }
        return from.getSqlTypeName() == to.getSqlTypeName()
                || SqlTypeUtil.isBinary(from) && SqlTypeUtil.isBinary(to);
    }

    /** Whether Hive can order values of {@code t}: every type but a map, and arrays and structs of orderable types. */
    public static boolean orderable(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case MAP -> false;
            case ARRAY -> orderable(t.getComponentType());
            case ROW -> t.getFieldList().stream().allMatch(field -> orderable(field.getType()));
            default -> true;
        };
    }

    /** {@code t} as HiveQL spells it ({@code int}, {@code string}, {@code array<int>}, {@code struct<a:int>}). */
    public static String hiveName(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case TINYINT -> "tinyint";
            case SMALLINT -> "smallint";
            case INTEGER -> "int";
            case BIGINT -> "bigint";
            case REAL, FLOAT -> "float";
            case DOUBLE -> "double";
            case DECIMAL -> "decimal(" + t.getPrecision() + "," + t.getScale() + ")";
            case VARCHAR -> bounded(t) ? "varchar(" + t.getPrecision() + ")" : "string";
            case CHAR -> "char(" + t.getPrecision() + ")";
            case BOOLEAN -> "boolean";
            case DATE -> "date";
            case TIMESTAMP -> "timestamp";
            case BINARY, VARBINARY -> "binary";
            case NULL -> "null";
            case ARRAY -> "array<" + hiveName(t.getComponentType()) + ">";
            case MAP -> "map<" + hiveName(t.getKeyType()) + "," + hiveName(t.getValueType()) + ">";
            case ROW -> {
                StringBuilder sb = new StringBuilder("struct<");
                for (RelDataTypeField field : t.getFieldList()) {
                    sb.append(field.getIndex() == 0 ? "" : ",").append(field.getName()).append(':').append(hiveName(field.getType()));
                }
                yield sb.append('>').toString();
            }
            default -> t.getSqlTypeName().getName().toLowerCase(Locale.ROOT);
        };
    }

    private static boolean bounded(RelDataType t) {
        return t.getPrecision() > 0 && t.getPrecision() <= HiveType.MAX_VARCHAR_LENGTH
                && t.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED;
    }

    /** Values that have a text form Hive converts to implicitly: numbers, dates and timestamps. */
    private static boolean textual(RelDataType t) {
        return SqlTypeUtil.isNumeric(t) || datetime(t);
    }

    private static boolean datetime(RelDataType t) {
        return t.getSqlTypeName() == SqlTypeName.DATE || t.getSqlTypeName() == SqlTypeName.TIMESTAMP;
    }

    private static int scale(RelDataType t) {
        return t.getSqlTypeName() == SqlTypeName.DECIMAL ? Math.max(0, t.getScale()) : 0;
    }

    private static int rank(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case TINYINT -> 1;
            case SMALLINT -> 2;
            case INTEGER -> 3;
            case BIGINT -> 4;
            case REAL, FLOAT -> 5;
            case DOUBLE -> 6;
            default -> 7; // DECIMAL
        };
    }
}
