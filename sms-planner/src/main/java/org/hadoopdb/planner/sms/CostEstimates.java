package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/** The split's size estimates, from Calcite's metadata: row counts, bytes, and how many reducers a shuffle gets. */
final class CostEstimates {
    /** Assumed average row width when Calcite cannot estimate one. */
    private static final double DEFAULT_ROW_BYTES = 64;
    /** Assumed average size of a string with no declared length (Calcite's own guess for a long VARCHAR is 100 bytes). */
    private static final double STRING_BYTES = 32;

    private final PlanningOptions options;

    CostEstimates(PlanningOptions options) {
        this.options = options;
    }

    /** The estimated number of rows {@code rel} produces. */
    double rows(RelNode rel) {
        return RelMetadataQuery.instance().getRowCount(rel);
    }

    /**
     * The reducers for a shuffle of {@code input}'s rows: the session's fixed count if it set one,
     * else one per {@code bytesPerReducer} of estimated input, at most {@code maxReducers}.
     */
    int reducers(RelNode input) {
        if (options.fixedReducers() > 0) {
            return options.fixedReducers();
        }
        RelMetadataQuery mq = RelMetadataQuery.instance();
        double rows = mq.getRowCount(input);
        double bytes = rows * rowBytes(mq, input);
        int n = (int) Math.ceil(bytes / options.bytesPerReducer());
        return Math.max(1, Math.min(options.maxReducers(), n));
    }

    /** The estimated size of {@code rel}'s result; unknown row counts count as huge, so nothing unknown is broadcast. */
    static double bytes(RelNode rel) {
        RelMetadataQuery mq = rel.getCluster().getMetadataQuery();
        Double rows = mq.getRowCount(rel);
        return (rows == null || !(rows >= 0) ? 1e9 : rows) * rowBytes(mq, rel);
    }

    /**
     * The average row width: Calcite's size of each column, where it has one. It sizes a STRING (a VARCHAR of no
     * declared length) at its precision, -1, times two bytes a character: summed as they were, a row of seven strings
     * and a key was -6 bytes wide, every input with strings looked small enough to broadcast whatever its row count,
     * and the map tasks of TPC-DS q4 at scale factor 1 ran out of memory holding a million of them.
     */
    static double rowBytes(RelMetadataQuery mq, RelNode rel) {
        java.util.List<Double> sizes = mq.getAverageColumnSizes(rel);
        java.util.List<org.apache.calcite.rel.type.RelDataTypeField> fields = rel.getRowType().getFieldList();
        if (sizes == null || sizes.size() != fields.size()) {
            return Math.max(DEFAULT_ROW_BYTES, fields.size() * 8.0);
        }
        double total = 0;
        for (int i = 0; i < fields.size(); i++) {
            Double size = sizes.get(i);
            total += size != null && size > 0 ? size
                    : org.apache.calcite.sql.type.SqlTypeUtil.isCharacter(fields.get(i).getType()) ? STRING_BYTES : 8;
        }
        return Math.max(1, total);
    }
}
