package org.hadoopdb.functions;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.StructKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.hadoopdb.catalog.model.HiveType;

/**
 * The one mapping of a HiveQL column type to Calcite's, for the planner's tables and views and for user
 * functions' results. Every HiveQL value may be NULL, so every type, and every component of a complex
 * one, is nullable.
 */
public final class HiveRelTypes {
    private HiveRelTypes() {
    }

    public static RelDataType toRel(HiveType type, RelDataTypeFactory f) {
        RelDataType t = switch (type.kind()) {
            case TINYINT -> f.createSqlType(SqlTypeName.TINYINT);
            case SMALLINT -> f.createSqlType(SqlTypeName.SMALLINT);
            case INT -> f.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> f.createSqlType(SqlTypeName.BIGINT);
            case FLOAT -> f.createSqlType(SqlTypeName.REAL);
            case DOUBLE -> f.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> f.createSqlType(SqlTypeName.DECIMAL, type.precision(), type.scale());
            case STRING -> f.createSqlType(SqlTypeName.VARCHAR);
            case VARCHAR -> f.createSqlType(SqlTypeName.VARCHAR, type.length());
            case CHAR -> f.createSqlType(SqlTypeName.CHAR, type.length());
            case BOOLEAN -> f.createSqlType(SqlTypeName.BOOLEAN);
            case DATE -> f.createSqlType(SqlTypeName.DATE);
            case TIMESTAMP -> f.createSqlType(SqlTypeName.TIMESTAMP, 6);
            case BINARY -> f.createSqlType(SqlTypeName.VARBINARY);
            case ARRAY -> f.createArrayType(toRel(type.elementType(), f), -1);
            case MAP -> f.createMapType(toRel(type.keyType(), f), toRel(type.valueType(), f));
            // PEEK: Hive lets "s.f" name a field of column s without the table's alias before it
            case STRUCT -> f.createStructType(StructKind.PEEK_FIELDS_NO_EXPAND,
                    type.fieldTypes().stream().map(c -> toRel(c, f)).toList(), type.fieldNames());
        };
        return f.createTypeWithNullability(t, true);
    }
}
