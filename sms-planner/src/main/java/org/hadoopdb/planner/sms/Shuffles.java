package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.connector.row.SortKeySpec;
import org.hadoopdb.planner.plan.Shuffle;

/** Shuffle keys shared by several operators: grouping on the leading fields, and Hive's ordering of a collation. */
final class Shuffles {
    private Shuffles() {
    }

    /** Repartitions on the first {@code groups} fields; with no group fields every row goes to one reducer. */
    static Shuffle byGroup(RowSchema schema, int groups, int reducers, String why) {
        List<SortKeySpec.Column> columns = new ArrayList<>();
        for (int i = 0; i < groups; i++) {
            columns.add(SortKeySpec.Column.asc(i));
        }
        return new Shuffle(SortKeySpec.of(schema, columns).groupedBy(groups), groups == 0 ? 1 : reducers, why);
    }

    /** Sort key columns of a collation, NULLs first ascending and last descending unless the query says otherwise (Hive). */
    static List<SortKeySpec.Column> sortColumns(RelCollation collation) {
        List<SortKeySpec.Column> columns = new ArrayList<>();
        for (RelFieldCollation fc : collation.getFieldCollations()) {
            boolean desc = fc.getDirection().isDescending();
            SortKeySpec.Column c = desc ? SortKeySpec.Column.desc(fc.getFieldIndex()) : SortKeySpec.Column.asc(fc.getFieldIndex());
            boolean nullsFirst = switch (fc.nullDirection) {
                case FIRST -> true;
                case LAST -> false;
                default -> !desc;
            };
            columns.add(nullsFirst ? c.nullsFirst() : c.nullsLast());
        }
        return columns;
    }
}
