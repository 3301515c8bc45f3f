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

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }
}
