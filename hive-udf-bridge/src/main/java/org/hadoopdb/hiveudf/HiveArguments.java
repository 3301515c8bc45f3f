package org.hadoopdb.hiveudf;

import org.apache.hadoop.hive.serde2.objectinspector.ConstantObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.hadoopdb.functions.udf.spi.ExternalFunctionException;

/**
 * A call's arguments as the function was initialized with them: each row's values (row forms) become Hive's
 * standard Java objects of the argument types, literals keep the writable value of their constant inspector
 * (which the function may read instead of the value it is handed).
 */
final class HiveArguments {
    private final TypeInfo[] types;
    private final boolean[] constant;
    private final Object[] values;

    HiveArguments(ObjectInspector[] inspectors) {
        this.types = new TypeInfo[inspectors.length];
        this.constant = new boolean[inspectors.length];
        this.values = new Object[inspectors.length];
        for (int i = 0; i < inspectors.length; i++) {
            types[i] = TypeInfoUtils.getTypeInfoFromObjectInspector(inspectors[i]);
            if (inspectors[i] instanceof ConstantObjectInspector c) {
                constant[i] = true;
                values[i] = c.getWritableConstantValue();
            }
        }
    }

    int size() {
        return values.length;
    }

    /** The values for one row, in an array reused from row to row (the constants' unchanged). */
    Object[] of(Object[] rowForms) throws ExternalFunctionException {
        for (int i = 0; i < values.length; i++) {
            if (!constant[i]) {
                values[i] = RowForms.toHive(rowForms[i], types[i]);
            }
        }
        return values;
    }
}
