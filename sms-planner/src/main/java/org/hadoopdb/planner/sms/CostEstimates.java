package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/** The split's size estimates, from Calcite's metadata: row counts, bytes, and how many reducers a shuffle gets. */
final class CostEstimates {
    /** Assumed average row width when Calcite cannot estimate one. */
    private static final double DEFAULT_ROW_BYTES = 64;

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
        Double width = mq.getAverageRowSize(input);
        double bytes = rows * (width == null ? DEFAULT_ROW_BYTES : width);
        int n = (int) Math.ceil(bytes / options.bytesPerReducer());
        return Math.max(1, Math.min(options.maxReducers(), n));
    }

    /** The estimated size of {@code rel}'s result; unknown row counts count as huge, so nothing unknown is broadcast. */
    static double bytes(RelNode rel) {
        RelMetadataQuery mq = rel.getCluster().getMetadataQuery();
        Double rows = mq.getRowCount(rel);
        Double width = mq.getAverageRowSize(rel);
        return (rows == null ? 1e9 : rows) * (width == null ? DEFAULT_ROW_BYTES : width);
    }
}
