package org.hadoopdb.functions;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * HiveQL operators whose semantics differ from standard SQL, which the parser emits directly:
 * <ul>
 *   <li>{@link #DIVIDE} {@code /}: never integer division; DOUBLE, or DECIMAL when the operands are
 *       decimal or integer with at least one decimal (Hive's rule);
 *   <li>{@link #MULTIPLY} {@code *}: a DECIMAL product typed as Hive types it;
 *   <li>{@link #INT_DIVIDE} {@code DIV}: integer division truncating toward zero, BIGINT;
 *   <li>{@link #RLIKE} {@code RLIKE}/{@code REGEXP}: Java regular expression found anywhere in the string.
 * </ul>
 */
public final class HiveOperators {
    private HiveOperators() {
    }

    /** Hive's decimal division: scale max(6, s1 + p2 + 1), precision p1 - s1 + s2 + scale, capped at 38. */
    private static final SqlReturnTypeInference HIVE_QUOTIENT = (SqlOperatorBinding binding) -> {
        RelDataTypeFactory f = binding.getTypeFactory();
        RelDataType a = binding.getOperandType(0);
        RelDataType b = binding.getOperandType(1);
        boolean nullable = a.isNullable() || b.isNullable();
        RelDataType result;
        if (isExact(a) && isExact(b) && (SqlTypeUtil.isDecimal(a) || SqlTypeUtil.isDecimal(b))) {
            int p1 = digits(binding, 0);
            int s1 = scaleOf(a);
            int p2 = digits(binding, 1);
            int s2 = scaleOf(b);
            int scale = Math.max(6, s1 + p2 + 1);
            result = decimal(f, p1 - s1 + s2 + scale, scale);
        } else {
            result = f.createSqlType(SqlTypeName.DOUBLE);
        }
        return f.createTypeWithNullability(result, nullable);
    };

    /** Hive's decimal product: p1 + p2 + 1 digits, scale s1 + s2, adjusted past 38 digits; otherwise Calcite's product type. */
    private static final SqlReturnTypeInference HIVE_PRODUCT = (SqlOperatorBinding binding) -> {
        RelDataType a = binding.getOperandType(0);
        RelDataType b = binding.getOperandType(1);
        if (!(isExact(a) && isExact(b) && (SqlTypeUtil.isDecimal(a) || SqlTypeUtil.isDecimal(b)))) {
            return ReturnTypes.PRODUCT_NULLABLE.inferReturnType(binding);
        }
        RelDataTypeFactory f = binding.getTypeFactory();
        int scale = scaleOf(a) + scaleOf(b);
        return f.createTypeWithNullability(decimal(f, digits(binding, 0) + digits(binding, 1) + 1, scale),
                a.isNullable() || b.isNullable());
    };

    /**
     * {@code *}: Calcite's, but for a DECIMAL product, which is typed as Hive types it ({@code HIVE_PRODUCT}: one more
     * digit than Calcite's, an integer constant counting its own digits).
     */
    public static final SqlBinaryOperator MULTIPLY = new SqlBinaryOperator("*", SqlKind.TIMES, 60, true,
            HIVE_PRODUCT, InferTypes.FIRST_KNOWN, OperandTypes.MULTIPLY_OPERATOR);

    /**
     * The digits operand {@code i} brings to decimal arithmetic: an integer constant's own, as Hive counts them (its
     * constant object inspectors' precision: {@code 100} is DECIMAL(3,0)), else its type's ({@link #precisionOf}).
     */
    private static int digits(SqlOperatorBinding binding, int i) {
        RelDataType t = binding.getOperandType(i);
        // the validator may have cast the constant to DECIMAL(10,0) for the arithmetic: still the constant's digits
        boolean whole = SqlTypeUtil.isIntType(t) || SqlTypeUtil.isDecimal(t) && t.getScale() == 0;
        if (whole && binding.isOperandLiteral(i, true)) {
            java.math.BigDecimal v = binding.getOperandLiteralValue(i, java.math.BigDecimal.class);
            if (v != null) {
                return Math.max(1, v.precision() - Math.max(0, v.scale()));
            }
        }
        return precisionOf(t);
    }

    /**
     * Hive's DECIMAL(precision, scale) of an arithmetic result: past 38 digits it keeps the integer digits and gives up
     * fractional ones, down to a scale of 6 (Hive's {@code GenericUDFBaseNumeric.adjustPrecScale}).
     */
    public static RelDataType decimal(RelDataTypeFactory f, int precision, int scale) {
        if (precision > 38) {
            int intDigits = precision - scale;
            scale = Math.max(Math.min(6, scale), 38 - intDigits);
            precision = 38;
        }
        return f.createSqlType(SqlTypeName.DECIMAL, precision, Math.min(scale, precision));
    }

    private static boolean isExact(RelDataType t) {
        return SqlTypeUtil.isExactNumeric(t);
    }

    /** The scale a type brings to decimal arithmetic: a DECIMAL's own, 0 for an integer type. */
    public static int scaleOf(RelDataType t) {
        return SqlTypeUtil.isDecimal(t) ? Math.max(0, t.getScale()) : 0;
    }

    /** The decimal digits of a type: an integer type's widest value's, else the type's precision. */
    public static int precisionOf(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            default -> t.getPrecision();
        };
    }

    public static final SqlBinaryOperator DIVIDE = new SqlBinaryOperator("/", SqlKind.DIVIDE, 60, true,
            HIVE_QUOTIENT, InferTypes.FIRST_KNOWN, OperandTypes.NUMERIC_NUMERIC);

    public static final SqlBinaryOperator INT_DIVIDE = new SqlBinaryOperator("DIV", SqlKind.OTHER_FUNCTION, 60, true,
            ReturnTypes.BIGINT_NULLABLE, InferTypes.FIRST_KNOWN, OperandTypes.EXACT_NUMERIC_EXACT_NUMERIC);

    public static final SqlBinaryOperator RLIKE = new SqlBinaryOperator("RLIKE", SqlKind.RLIKE, 32, true,
            ReturnTypes.BOOLEAN_NULLABLE, InferTypes.FIRST_KNOWN, OperandTypes.STRING_STRING);
}
