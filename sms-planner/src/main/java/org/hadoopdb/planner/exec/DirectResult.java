package org.hadoopdb.planner.exec;

import org.apache.hadoop.fs.Path;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.plan.ChunkSource;

/** Hive's fetch task: a map-only result read straight from the chunks, without a job. */
final class DirectResult {
    private DirectResult() {
    }

    static ResultStream open(HadoopDbConfig config, Path catalogDir, long version, ChunkSource source, RowSchema schema) {
        throw new PlannerException("Reading chunks directly needs the connector's chunk reader");
    }
}
