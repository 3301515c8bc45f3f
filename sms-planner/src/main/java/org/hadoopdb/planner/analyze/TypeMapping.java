package org.hadoopdb.planner.analyze;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.functions.HiveRelTypes;
import org.hadoopdb.planner.PlannerException;

/** HiveQL column types and Calcite types, both ways. All HiveQL columns are nullable. */
public final class TypeMapping {
    private TypeMapping() {
    }

    /** The Calcite type of a HiveQL column ({@link HiveRelTypes}, shared with user functions). */
    public static RelDataType toRel(HiveType type, RelDataTypeFactory f) {
        return HiveRelTypes.toRel(type, f);
    }

    /**
     * The HiveQL type of a Calcite type, for result rows and intermediate data. Types HiveQL has no
     * column type for are refused with a message naming {@code what}.
     */
    public static HiveType toHive(RelDataType type, String what) {
        return switch (type.getSqlTypeName()) {
            case TINYINT -> HiveType.TINYINT;
            case SMALLINT -> HiveType.SMALLINT;
            case INTEGER -> HiveType.INT;
            case BIGINT -> HiveType.BIGINT;
            case REAL, FLOAT -> HiveType.FLOAT;
            case DOUBLE -> HiveType.DOUBLE;
            case DECIMAL -> HiveType.decimal(Math.max(1, type.getPrecision()), Math.max(0, type.getScale()));
            case VARCHAR -> type.getPrecision() > 0 && type.getPrecision() <= HiveType.MAX_VARCHAR_LENGTH
                    && type.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED ? HiveType.varchar(type.getPrecision()) : HiveType.STRING;
            case CHAR -> type.getPrecision() >= 1 && type.getPrecision() <= HiveType.MAX_CHAR_LENGTH
                    ? HiveType.charType(type.getPrecision()) : HiveType.STRING;
            case BOOLEAN -> HiveType.BOOLEAN;
            case DATE -> HiveType.DATE;
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> HiveType.TIMESTAMP;
            case BINARY, VARBINARY -> HiveType.BINARY;
            case NULL -> HiveType.STRING;
            case ARRAY -> HiveType.array(toHive(type.getComponentType(), what));
            case MAP -> HiveType.map(toHive(type.getKeyType(), what), toHive(type.getValueType(), what));
            case ROW -> HiveType.struct(type.getFieldNames(),
                    type.getFieldList().stream().map(fd -> toHive(fd.getType(), what)).toList());
            default -> throw new PlannerException(what + " has type " + type.getFullTypeString()
                    + ", which HiveQL tables cannot hold; CAST it to a HiveQL type");
        };
    }
}
