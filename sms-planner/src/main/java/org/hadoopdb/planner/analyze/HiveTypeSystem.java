package org.hadoopdb.planner.analyze;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type system with Hive's limits: DECIMAL up to 38 digits (default decimal(10,0)),
 * timestamps with microseconds (what PostgreSQL stores), VARCHAR up to 65535; and Hive's result
 * types for SUM (BIGINT for integers, DOUBLE for floating point, DECIMAL(p+10,s)) and AVG (DOUBLE,
 * or DECIMAL(p+4,s+4)), where Calcite would keep the argument's type and overflow.
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
