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
            int p1 = precisionOf(a);
            int s1 = a.getScale() < 0 ? 0 : SqlTypeUtil.isDecimal(a) ? a.getScale() : 0;
            int p2 = precisionOf(b);
            int s2 = b.getScale() < 0 ? 0 : SqlTypeUtil.isDecimal(b) ? b.getScale() : 0;
            int scale = Math.max(6, s1 + p2 + 1);
            result = decimal(f, p1 - s1 + s2 + scale, scale);
        } else {
            result = f.createSqlType(SqlTypeName.DOUBLE);
        }
        return f.createTypeWithNullability(result, nullable);
    };

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
