package org.hadoopdb.planner.analyze;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.hadoopdb.functions.HiveOperators;

/**
 * Calcite's type system with Hive's limits: DECIMAL up to 38 digits (default decimal(10,0)),
 * timestamps with microseconds (what PostgreSQL stores), VARCHAR up to 65535; and Hive's result
 * types for SUM (BIGINT for integers, DOUBLE for floating point, DECIMAL(p+10,s)) and AVG (DOUBLE,
 * or DECIMAL(p+4,s+4)), where Calcite would keep the argument's type and overflow; and Hive's DECIMAL results of
 * {@code +}, {@code -}, {@code *} and {@code %} (a product has one more digit than Calcite's, and past 38 digits each
 * keeps its integer digits and gives up fractional ones, where Calcite cuts the integer digits: its product of two
 * DECIMAL(31,13) is DECIMAL(38,26), Hive's DECIMAL(38,6)). Division is Hive's {@code HiveOperators.DIVIDE}.
 */
public final class HiveTypeSystem extends RelDataTypeSystemImpl {
    public static final HiveTypeSystem INSTANCE = new HiveTypeSystem();

    private HiveTypeSystem() {
    }

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return switch (typeName) {
            case DECIMAL -> 38;
            case TIMESTAMP, TIME -> 6;
            case VARCHAR, CHAR -> 65535;
            default -> super.getMaxPrecision(typeName);
        };
    }

    @Override
    public int getDefaultPrecision(SqlTypeName typeName) {
        return switch (typeName) {
            case DECIMAL -> 10;
            case TIMESTAMP -> 6;
            default -> super.getDefaultPrecision(typeName);
        };
    }

    @Override
    public int getMaxNumericPrecision() {
        return 38;
    }

    @Override
    public int getMaxNumericScale() {
        return 38;
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }

    @Override
    public RelDataType deriveDecimalPlusType(RelDataTypeFactory factory, RelDataType a, RelDataType b) {
        if (!decimalArithmetic(a, b)) {
            return null;
        }
        int scale = Math.max(scale(a), scale(b));
        return HiveOperators.decimal(factory, Math.max(precision(a) - scale(a), precision(b) - scale(b)) + scale + 1, scale);
    }

    @Override
    public RelDataType deriveDecimalMultiplyType(RelDataTypeFactory factory, RelDataType a, RelDataType b) {
        if (!decimalArithmetic(a, b)) {
            return null;
        }
        return HiveOperators.decimal(factory, precision(a) + precision(b) + 1, scale(a) + scale(b));
    }

    @Override
    public RelDataType deriveDecimalModType(RelDataTypeFactory factory, RelDataType a, RelDataType b) {
        if (!decimalArithmetic(a, b)) {
            return null;
        }
        int scale = Math.max(scale(a), scale(b));
        return HiveOperators.decimal(factory, Math.min(precision(a) - scale(a), precision(b) - scale(b)) + scale, scale);
    }

    /** Exact operands, one of them DECIMAL: Hive computes in DECIMAL (an integer as DECIMAL of its type's digits). */
    private static boolean decimalArithmetic(RelDataType a, RelDataType b) {
        return SqlTypeUtil.isExactNumeric(a) && SqlTypeUtil.isExactNumeric(b) && (SqlTypeUtil.isDecimal(a) || SqlTypeUtil.isDecimal(b));
    }

    private static int precision(RelDataType t) {
        return HiveOperators.precisionOf(t);
    }

    private static int scale(RelDataType t) {
        return HiveOperators.scaleOf(t);
    }

    @Override
    public RelDataType deriveSumType(RelDataTypeFactory factory, RelDataType argument) {
        RelDataType type = switch (argument.getSqlTypeName()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> factory.createSqlType(SqlTypeName.BIGINT);
            case REAL, FLOAT, DOUBLE -> factory.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> factory.createSqlType(SqlTypeName.DECIMAL, Math.min(38, argument.getPrecision() + 10),
                    argument.getScale());
            default -> argument;
        };
        return factory.createTypeWithNullability(type, argument.isNullable());
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory factory, RelDataType argument) {
        RelDataType type = switch (argument.getSqlTypeName()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, REAL, FLOAT, DOUBLE -> factory.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> factory.createSqlType(SqlTypeName.DECIMAL, Math.min(38, argument.getPrecision() + 4),
                    Math.min(38, argument.getScale() + 4));
            default -> argument;
        };
        return factory.createTypeWithNullability(type, argument.isNullable());
    }
}
