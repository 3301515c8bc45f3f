package org.hadoopdb.planner.analyze;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.util.ImmutableBitSet;
import org.hadoopdb.catalog.model.ColumnInfo;
import org.hadoopdb.catalog.model.PartitioningScheme;
import org.hadoopdb.catalog.model.TableInfo;

/**
 * A catalog table as Calcite sees it: its row type and statistics. The planner never asks Calcite
 * to read it; scans become SQL sent to the chunks.
 */
public final class HadoopDbTable extends AbstractTable {
    private final TableInfo table;
    private final PartitioningScheme scheme;

    /** @param scheme the table's partitioning scheme, null for a replicated table */
    public HadoopDbTable(TableInfo table, PartitioningScheme scheme) {
        this.table = table;
        this.scheme = scheme;
    }

    public TableInfo info() {
        return table;
    }

    /** The partitioning scheme, or null for a replicated table. */
    public PartitioningScheme scheme() {
        return scheme;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (ColumnInfo c : table.columns()) {
            b.add(c.name(), TypeMapping.toRel(c.type(), typeFactory));
        }
        return b.build();
    }

    @Override
    public Statistic getStatistic() {
        // Unloaded tables still get a small non-zero estimate so costs stay meaningful.
        double rows = Math.max(1, table.stats().rows());
        return Statistics.of(rows, List.<ImmutableBitSet>of());
    }
}
