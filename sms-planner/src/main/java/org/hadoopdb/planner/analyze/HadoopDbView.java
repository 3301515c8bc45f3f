package org.hadoopdb.planner.analyze;

import java.util.List;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.ViewInfo;

/**
 * A catalog view as Calcite sees it: the row type it was created with, and, when a query is
 * converted, its definition expanded in place ({@link ViewExpansion}), so that the optimizer and
 * the SMS split see the tables under it as if the query had named them.
 */
public final class HadoopDbView extends AbstractTable implements TranslatableTable {
    private final ViewInfo view;

    public HadoopDbView(ViewInfo view) {
        this.view = view;
    }

    public ViewInfo info() {
        return view;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (ColumnInfo c : view.columns()) {
            b.add(c.name(), TypeMapping.toRel(c.type(), typeFactory));
        }
        return b.build();
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
        return context.expandView(relOptTable.getRowType(), view.query(), List.of(view.resolvedIn()),
                List.of(view.name())).rel;
    }
}
