package org.hadoopdb.hiveudf;

import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorUtils;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException.Kind;

/**
 * Types between HadoopDB and Hive: a HiveQL type spelling is a Hive {@code TypeInfo}; an argument is
 * presented to the function by Hive's standard Java object inspector of its type (the values are then
 * {@link RowForms#toHive}'s), a literal by a constant object inspector holding its value, as Hive's
 * planner presents constants.
 */
final class HiveTypes {
    private HiveTypes() {
    }

    static TypeInfo typeInfo(String spelling) throws ExternalFunctionException {
        try {
            return TypeInfoUtils.getTypeInfoFromTypeString(spelling);
        } catch (RuntimeException e) {
            throw new ExternalFunctionException(Kind.ARGUMENTS, "Hive has no type '" + spelling + "': " + e.getMessage(), e);
        }
    }

    /** The object inspector the function is initialized with for this argument. */
    static ObjectInspector inspector(Argument argument) throws ExternalFunctionException {
        TypeInfo type = typeInfo(argument.type());
        ObjectInspector standard = TypeInfoUtils.getStandardJavaObjectInspectorFromTypeInfo(type);
        if (!argument.constant()) {
            return standard;
        }
        return ObjectInspectorUtils.getConstantObjectInspector(standard, RowForms.toHive(argument.value(), type));
    }

    /** The HiveQL spelling of what an object inspector inspects ({@code int}, {@code decimal(10,2)}, {@code array<string>}). */
    static String spelling(ObjectInspector inspector) {
        return TypeInfoUtils.getTypeInfoFromObjectInspector(inspector).getTypeName();
    }
}
