package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.type.RelDataType;
import org.hadoopdb.connector.row.RowSchema;

/** Test access to the split's row schema mapping ({@link RowSchemas}). */
public final class SmsSplitterAccess {
    private SmsSplitterAccess() {
    }

    public static RowSchema schemaOf(RelDataType type) {
        return RowSchemas.of(type);
    }
}
