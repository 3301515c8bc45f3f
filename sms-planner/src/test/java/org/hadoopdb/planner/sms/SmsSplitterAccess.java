package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.type.RelDataType;
import org.hadoopdb.connector.row.RowSchema;

/** Test access to the splitter's row schema mapping. */
public final class SmsSplitterAccess {
    private SmsSplitterAccess() {
    }

    public static RowSchema schemaOf(RelDataType type) {
        return SmsSplitter.schemaOf(type, null);
    }
}
