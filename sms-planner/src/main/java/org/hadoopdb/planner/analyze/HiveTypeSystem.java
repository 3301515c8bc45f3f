package org.hadoopdb.planner.analyze;

import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type system with Hive's limits: DECIMAL up to 38 digits (default decimal(10,0)),
 * timestamps with microseconds (what PostgreSQL stores), VARCHAR up to 65535.
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

    /** Hive's sum: BIGINT for integers, DOUBLE for floating point, decimal(p + 10, s) for decimal(p, s). */
    @Override
    public org.apache.calcite.rel.type.RelDataType deriveSumType(org.apache.calcite.rel.type.RelDataTypeFactory f,
                                                               org.apache.calcite.rel.type.RelDataType arg) {
        org.apache.calcite.rel.type.RelDataType t = switch (arg.getSqlTypeName()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> f.createSqlType(SqlTypeName.BIGINT);
            case REAL, FLOAT, DOUBLE -> f.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> f.createSqlType(SqlTypeName.DECIMAL, Math.min(38, arg.getPrecision() + 10), arg.getScale());
            default -> arg;
        };
        return f.createTypeWithNullability(t, arg.isNullable());
    }

    /** Hive's avg: DOUBLE, or decimal(p + 4, s + 4) for decimal(p, s). */
    @Override
    public org.apache.calcite.rel.type.RelDataType deriveAvgAggType(org.apache.calcite.rel.type.RelDataTypeFactory f,
                                                                  org.apache.calcite.rel.type.RelDataType arg) {
        org.apache.calcite.rel.type.RelDataType t = switch (arg.getSqlTypeName()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, REAL, FLOAT, DOUBLE -> f.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> f.createSqlType(SqlTypeName.DECIMAL, Math.min(38, arg.getPrecision() + 4),
                    Math.min(38, arg.getScale() + 4));
            default -> arg;
        };
        return f.createTypeWithNullability(t, arg.isNullable());
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }
}
