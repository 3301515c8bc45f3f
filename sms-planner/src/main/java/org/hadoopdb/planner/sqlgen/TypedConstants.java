package org.hadoopdb.planner.sqlgen;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalUnion;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.hadoopdb.planner.analyze.TypeMapping;

/**
 * Constants that reach PostgreSQL with their HiveQL type. PostgreSQL types a bare {@code 2.5} as
 * numeric and a bare {@code NULL} as text, where the planner (and the reader of the result) expects
 * Hive's DOUBLE or the column's type: every constant that is a column of a result (a VALUES cell, a
 * literal projected as it stands) is printed as {@code CAST(literal AS <PostgreSQL type>)}, the
 * type the result's reader checks the column against.
 */
final class TypedConstants {
    private TypedConstants() {
    }

    /**
     * VALUES as typed SELECTs: one {@code SELECT CAST(…) AS c, …} per row, UNION ALL between rows;
     * no rows is one row of typed NULLs under {@code WHERE FALSE}, so an empty result keeps its schema.
     */
    static RelNode values(Values values) {
        RelOptCluster cluster = values.getCluster();
        RexBuilder rex = cluster.getRexBuilder();
        RelNode oneRow = LogicalValues.createOneRow(cluster);
        List<String> names = values.getRowType().getFieldNames();
        List<RelDataTypeField> fields = values.getRowType().getFieldList();
        if (values.getTuples().isEmpty()) {
            List<RexNode> nulls = new ArrayList<>();
            for (RelDataTypeField f : fields) {
                nulls.add(typed(rex, rex.makeNullLiteral(f.getType()), f.getType()));
            }
            RelNode none = LogicalFilter.create(oneRow, rex.makeLiteral(false));
            return LogicalProject.create(none, List.of(), nulls, names, java.util.Set.of());
        }
        List<RelNode> rows = new ArrayList<>();
        for (List<RexLiteral> tuple : values.getTuples()) {
            List<RexNode> cells = new ArrayList<>();
            for (int i = 0; i < tuple.size(); i++) {
                cells.add(typed(rex, tuple.get(i), fields.get(i).getType()));
            }
            rows.add(LogicalProject.create(oneRow, List.of(), cells, names, java.util.Set.of()));
        }
        return rows.size() == 1 ? rows.get(0) : LogicalUnion.create(rows, true);
    }

    /** {@code literal} as a CAST to the PostgreSQL form of {@code type}. */
    static RexNode typed(RexBuilder rex, RexLiteral literal, RelDataType type) {
        if (type.getSqlTypeName() == SqlTypeName.NULL) {
            // an untyped NULL (SELECT NULL): Hive's type for it is STRING
            return rex.makeCall(type, new PgSql("CAST(NULL AS text)"), List.of());
        }
        String pg = TypeMapping.toHive(type, "The constant " + literal).postgresType();
        return rex.makeCall(type, new PgSql("CAST({0} AS " + pg + ")"), List.of(literal));
    }
}
