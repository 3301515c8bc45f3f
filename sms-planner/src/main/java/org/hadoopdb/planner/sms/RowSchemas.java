package org.hadoopdb.planner.sms;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.analyze.TypeMapping;

/** The row schema MapReduce operators see for a Calcite row type: Hive types, and Hive's names for unnamed columns. */
final class RowSchemas {
    private RowSchemas() {
    }

    /**
     * The schema of {@code type}.
     *
     * @param names the column names to use instead of the row type's, or null
     */
    static RowSchema of(RelDataType type, List<String> names) {
        RowSchema.Builder b = RowSchema.builder();
        for (int i = 0; i < type.getFieldCount(); i++) {
            String name = names != null ? names.get(i) : type.getFieldList().get(i).getName();
            b.add(uniqueName(name, i), TypeMapping.toHive(type.getFieldList().get(i).getType(),
                    "column " + (i + 1) + " (" + name + ")"));
        }
        return b.build();
    }

    /** The schema of {@code type} under its own column names. */
    static RowSchema of(RelDataType type) {
        return of(type, null);
    }

    private static String uniqueName(String name, int i) {
        return name == null || name.isBlank() ? "_c" + i : name;
    }
}
