package org.hadoopdb.hiveudf;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.ListObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.MapObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.CharTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.ListTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.StructTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.VarcharTypeInfo;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException.Kind;

/**
 * Values between HadoopDB's row forms and Hive's objects. Into Hive: the standard Java objects of the
 * argument's type ({@code Integer}, {@code String}, {@code HiveDecimal}, Hive's {@code Date} and
 * {@code Timestamp}, {@code HiveVarchar}, lists, maps). Out of Hive: whatever the function returns,
 * read through the object inspector it declared (Writables, lazy objects, Java objects alike), in the
 * exact row form of its type (a {@code tinyint} is a {@code Byte}, a {@code decimal(p,s)} a
 * {@code BigDecimal} of scale {@code s}, NULL past its precision, as Hive's decimals are), map entries
 * in the function's order.
 */
final class RowForms {
    private RowForms() {
    }

    /** A row-form value as Hive's standard Java object of {@code type}. */
    static Object toHive(Object value, TypeInfo type) throws ExternalFunctionException {
        if (value == null) {
            return null;
        }
        switch (type.getCategory()) {
            case PRIMITIVE:
                return primitiveToHive(value, (PrimitiveTypeInfo) type);
            case LIST: {
                TypeInfo element = ((ListTypeInfo) type).getListElementTypeInfo();
                List<Object> out = new ArrayList<>();
                for (Object e : (List<?>) value) {
                    out.add(toHive(e, element));
                }
                return out;
            }
            case MAP: {
                MapTypeInfo m = (MapTypeInfo) type;
                Map<Object, Object> out = new LinkedHashMap<>();
                for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                    out.put(toHive(e.getKey(), m.getMapKeyTypeInfo()), toHive(e.getValue(), m.getMapValueTypeInfo()));
                }
                return out;
            }
            case STRUCT: {
                List<TypeInfo> fields = ((StructTypeInfo) type).getAllStructFieldTypeInfos();
                List<?> values = (List<?>) value;
                List<Object> out = new ArrayList<>(fields.size());
                for (int i = 0; i < fields.size(); i++) {
                    out.add(toHive(values.get(i), fields.get(i)));
                }
                return out;
            }
            default:
                throw new ExternalFunctionException(Kind.ARGUMENTS, "HadoopDB has no values of Hive type " + type.getTypeName(), null);
        }
    }

    private static Object primitiveToHive(Object v, PrimitiveTypeInfo type) throws ExternalFunctionException {
        return switch (type.getPrimitiveCategory()) {
            case VOID -> null;
            case BOOLEAN -> (Boolean) v;
            case BYTE -> ((Number) v).byteValue();
            case SHORT -> ((Number) v).shortValue();
            case INT -> ((Number) v).intValue();
            case LONG -> ((Number) v).longValue();
            case FLOAT -> ((Number) v).floatValue();
            case DOUBLE -> ((Number) v).doubleValue();
            case STRING -> v.toString();
            case VARCHAR -> new HiveVarchar(v.toString(), ((VarcharTypeInfo) type).getLength());
            case CHAR -> new HiveChar(v.toString(), ((CharTypeInfo) type).getLength());
            case DECIMAL -> HiveDecimal.create(v instanceof BigDecimal d ? d : new BigDecimal(v.toString()));
            case DATE -> Date.ofEpochDay(Math.toIntExact(((LocalDate) v).toEpochDay()));
            case TIMESTAMP -> new Timestamp((LocalDateTime) v);
            case BINARY -> (byte[]) v;
            default -> throw new ExternalFunctionException(Kind.ARGUMENTS, "HadoopDB has no values of Hive type "
                    + type.getTypeName(), null);
        };
    }

    /** What the function returned (read through {@code inspector}) in the row form of {@code type}. */
    static Object toRowForm(Object value, ObjectInspector inspector, TypeInfo type) throws ExternalFunctionException {
        if (value == null) {
            return null;
        }
        switch (inspector.getCategory()) {
            case PRIMITIVE: {
                Object java = ((PrimitiveObjectInspector) inspector).getPrimitiveJavaObject(value);
                return java == null ? null : primitiveToRowForm(java, (PrimitiveTypeInfo) type);
            }
            case LIST: {
                ListObjectInspector l = (ListObjectInspector) inspector;
                TypeInfo element = ((ListTypeInfo) type).getListElementTypeInfo();
                List<?> list = l.getList(value);
                if (list == null) {
                    return null;
                }
                List<Object> out = new ArrayList<>(list.size());
                for (Object e : list) {
                    out.add(toRowForm(e, l.getListElementObjectInspector(), element));
                }
                return out;
            }
            case MAP: {
                MapObjectInspector m = (MapObjectInspector) inspector;
                MapTypeInfo t = (MapTypeInfo) type;
                Map<?, ?> map = m.getMap(value);
                if (map == null) {
                    return null;
                }
                Map<Object, Object> out = new LinkedHashMap<>();
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    out.put(toRowForm(e.getKey(), m.getMapKeyObjectInspector(), t.getMapKeyTypeInfo()),
                            toRowForm(e.getValue(), m.getMapValueObjectInspector(), t.getMapValueTypeInfo()));
                }
                return out;
            }
            case STRUCT: {
                StructObjectInspector s = (StructObjectInspector) inspector;
                List<? extends StructField> fields = s.getAllStructFieldRefs();
                List<TypeInfo> types = ((StructTypeInfo) type).getAllStructFieldTypeInfos();
                List<Object> out = new ArrayList<>(fields.size());
                for (int i = 0; i < fields.size(); i++) {
                    StructField f = fields.get(i);
                    out.add(toRowForm(s.getStructFieldData(value, f), f.getFieldObjectInspector(), types.get(i)));
                }
                return out;
            }
            default:
                throw new ExternalFunctionException(Kind.FAILED, "returned a value of Hive type " + type.getTypeName()
                        + ", which HadoopDB cannot hold", null);
        }
    }

    private static Object primitiveToRowForm(Object v, PrimitiveTypeInfo type) throws ExternalFunctionException {
        return switch (type.getPrimitiveCategory()) {
            case VOID -> null;
            case BOOLEAN -> (Boolean) v;
            case BYTE -> ((Number) v).byteValue();
            case SHORT -> ((Number) v).shortValue();
            case INT -> ((Number) v).intValue();
            case LONG -> ((Number) v).longValue();
            case FLOAT -> ((Number) v).floatValue();
            case DOUBLE -> ((Number) v).doubleValue();
            case STRING -> v.toString();
            case VARCHAR -> v instanceof HiveVarchar h ? h.getValue() : v.toString();
            case CHAR -> v instanceof HiveChar h ? h.getStrippedValue() : v.toString();
            case DECIMAL -> decimal((HiveDecimal) v, (DecimalTypeInfo) type);
            case DATE -> LocalDate.ofEpochDay(((Date) v).toEpochDay());
            case TIMESTAMP -> LocalDateTime.ofEpochSecond(((Timestamp) v).toEpochSecond(), ((Timestamp) v).getNanos(), ZoneOffset.UTC);
            case BINARY -> (byte[]) v;
            default -> throw new ExternalFunctionException(Kind.FAILED, "returned a value of Hive type " + type.getTypeName()
                    + ", which HadoopDB cannot hold", null);
        };
    }

    /** A decimal at its type's scale; NULL past its precision, as Hive's decimals are. */
    private static BigDecimal decimal(HiveDecimal d, DecimalTypeInfo type) {
        HiveDecimal fitted = HiveDecimal.enforcePrecisionScale(d, type.getPrecision(), type.getScale());
        return fitted == null ? null : fitted.bigDecimalValue().setScale(type.getScale());
    }
}
