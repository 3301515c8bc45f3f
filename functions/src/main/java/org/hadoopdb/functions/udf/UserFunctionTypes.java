package org.hadoopdb.functions.udf;

import java.math.BigDecimal;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.util.NlsString;
import org.hadoopdb.catalog.CatalogException;
import org.hadoopdb.catalog.model.HiveType;

/**
 * The types and constants a user function is initialized with, in Hive's terms, and its result type
 * in Calcite's. Arguments are typed as Hive types them: a string literal (Calcite's {@code CHAR(n)})
 * is a {@code string}, a bare NULL is {@code void}.
 */
public final class UserFunctionTypes {
    private UserFunctionTypes() {
    }

    /**
     * The HiveQL spelling of an argument's type.
     *
     * @throws UserFunctionException for a type HiveQL has no name for (an interval)
     */
    public static String argumentType(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case TINYINT -> "tinyint";
            case SMALLINT -> "smallint";
            case INTEGER -> "int";
            case BIGINT -> "bigint";
            case REAL, FLOAT -> "float";
            case DOUBLE -> "double";
            case DECIMAL -> "decimal(" + t.getPrecision() + "," + t.getScale() + ")";
            case CHAR -> "string";
            case VARCHAR -> t.getPrecision() > 0 && t.getPrecision() <= HiveType.MAX_VARCHAR_LENGTH
                    && t.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED ? "varchar(" + t.getPrecision() + ")" : "string";
            case BOOLEAN -> "boolean";
            case DATE -> "date";
            case TIMESTAMP -> "timestamp";
            case BINARY, VARBINARY -> "binary";
            case NULL -> "void";
            case ARRAY -> "array<" + argumentType(t.getComponentType()) + ">";
            case MAP -> "map<" + argumentType(t.getKeyType()) + "," + argumentType(t.getValueType()) + ">";
            case ROW -> {
                StringBuilder sb = new StringBuilder("struct<");
                for (RelDataTypeField f : t.getFieldList()) {
                    sb.append(f.getIndex() == 0 ? "" : ",").append(f.getName().toLowerCase(Locale.ROOT)).append(':')
                            .append(argumentType(f.getType()));
                }
                yield sb.append('>').toString();
            }
            default -> throw new UserFunctionException("A user function cannot take a value of type "
                    + t.getFullTypeString().toLowerCase(Locale.ROOT) + ": CAST it to a HiveQL type", null);
        };
    }

    /** Whether a literal of this type is passed to the function as a constant (Hive's constant object inspector). */
    public static boolean constantType(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case CHAR, VARCHAR, TINYINT, SMALLINT, INTEGER, BIGINT, REAL, FLOAT, DOUBLE, DECIMAL, BOOLEAN, NULL -> true;
            default -> false;
        };
    }

    /** A literal's value (as Calcite holds it) in the row form of its type; null for NULL. */
    public static Object constantValue(Object literal, RelDataType t) {
        if (literal == null) {
            return null;
        }
        return switch (t.getSqlTypeName()) {
            case CHAR, VARCHAR -> literal instanceof NlsString s ? s.getValue() : literal.toString();
            case TINYINT -> number(literal).byteValue();
            case SMALLINT -> number(literal).shortValue();
            case INTEGER -> number(literal).intValue();
            case BIGINT -> number(literal).longValue();
            case REAL, FLOAT -> number(literal).floatValue();
            case DOUBLE -> number(literal).doubleValue();
            case DECIMAL -> new BigDecimal(literal.toString()).setScale(Math.max(0, t.getScale()), java.math.RoundingMode.HALF_UP);
            case BOOLEAN -> (Boolean) literal;
            default -> null;
        };
    }

    private static BigDecimal number(Object literal) {
        return literal instanceof BigDecimal d ? d : new BigDecimal(literal.toString());
    }

    /**
     * The Calcite type of a function's result, as the function reported it in HiveQL's spelling.
     *
     * @throws UserFunctionException for a result type HiveQL tables cannot hold
     */
    public static RelDataType resultType(String hiveType, RelDataTypeFactory f) {
        String spelling = hiveType.equals("void") ? "string" : hiveType;
        try {
            return org.hadoopdb.functions.HiveRelTypes.toRel(HiveType.parse(spelling), f);
        } catch (CatalogException e) {
            throw new UserFunctionException("its result type " + hiveType + " is not a HiveQL column type: " + e.getMessage(), e);
        }
    }
}
