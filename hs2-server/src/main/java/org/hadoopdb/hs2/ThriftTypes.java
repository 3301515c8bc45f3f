package org.hadoopdb.hs2;

import java.util.List;
import org.apache.hive.service.rpc.thrift.TColumnDesc;
import org.apache.hive.service.rpc.thrift.TPrimitiveTypeEntry;
import org.apache.hive.service.rpc.thrift.TTableSchema;
import org.apache.hive.service.rpc.thrift.TTypeDesc;
import org.apache.hive.service.rpc.thrift.TTypeEntry;
import org.apache.hive.service.rpc.thrift.TTypeId;
import org.apache.hive.service.rpc.thrift.TTypeQualifierValue;
import org.apache.hive.service.rpc.thrift.TTypeQualifiers;
import org.hadoopdb.catalog.model.HiveType;

/**
 * How a HiveQL type is described on the wire, as HiveServer2 describes it: the {@link TTypeId}
 * (from which Hive's driver derives the type name and the Java class it returns) with DECIMAL's
 * precision and scale and CHAR/VARCHAR's length as type qualifiers.
 */
final class ThriftTypes {
    /** The qualifier names Hive's driver reads. */
    static final String PRECISION = "precision";
    static final String SCALE = "scale";
    static final String MAX_LENGTH = "characterMaximumLength";

    private ThriftTypes() {
    }

    static TTypeId typeId(HiveType type) {
        return switch (type.kind()) {
            case BOOLEAN -> TTypeId.BOOLEAN_TYPE;
            case TINYINT -> TTypeId.TINYINT_TYPE;
            case SMALLINT -> TTypeId.SMALLINT_TYPE;
            case INT -> TTypeId.INT_TYPE;
            case BIGINT -> TTypeId.BIGINT_TYPE;
            case FLOAT -> TTypeId.FLOAT_TYPE;
            case DOUBLE -> TTypeId.DOUBLE_TYPE;
            case DECIMAL -> TTypeId.DECIMAL_TYPE;
            case STRING -> TTypeId.STRING_TYPE;
            case VARCHAR -> TTypeId.VARCHAR_TYPE;
            case CHAR -> TTypeId.CHAR_TYPE;
            case DATE -> TTypeId.DATE_TYPE;
            case TIMESTAMP -> TTypeId.TIMESTAMP_TYPE;
            case BINARY -> TTypeId.BINARY_TYPE;
            case ARRAY -> TTypeId.ARRAY_TYPE;
            case MAP -> TTypeId.MAP_TYPE;
            case STRUCT -> TTypeId.STRUCT_TYPE;
        };
    }

    static TTypeDesc typeDesc(HiveType type) {
        TPrimitiveTypeEntry primitive = new TPrimitiveTypeEntry(typeId(type));
        switch (type.kind()) {
            case DECIMAL -> {
                TTypeQualifiers q = new TTypeQualifiers();
                q.putToQualifiers(PRECISION, TTypeQualifierValue.i32Value(type.precision()));
                q.putToQualifiers(SCALE, TTypeQualifierValue.i32Value(type.scale()));
                primitive.setTypeQualifiers(q);
            }
            case VARCHAR, CHAR -> {
                TTypeQualifiers q = new TTypeQualifiers();
                q.putToQualifiers(MAX_LENGTH, TTypeQualifierValue.i32Value(type.length()));
                primitive.setTypeQualifiers(q);
            }
            default -> {
                // no qualifiers
            }
        }
        TTypeDesc desc = new TTypeDesc();
        desc.addToTypes(TTypeEntry.primitiveEntry(primitive));
        return desc;
    }

    /** GetResultSetMetadata's answer: positions count from 1. */
    static TTableSchema schema(List<ResultColumn> columns) {
        TTableSchema schema = new TTableSchema();
        int position = 1;
        for (ResultColumn c : columns) {
            schema.addToColumns(new TColumnDesc(c.name(), typeDesc(c.type()), position++));
        }
        return schema;
    }
}
