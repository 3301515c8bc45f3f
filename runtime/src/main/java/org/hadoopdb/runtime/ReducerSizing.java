package org.hadoopdb.runtime;

import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.planner.plan.Stage;
import org.hadoopdb.runtime.mr.StageSizes;

/**
 * How many reducers a stage runs with, from what enters it: PostgreSQL's estimate of its chunk
 * statements, or the size of the earlier stages' files it reads.
 *
 * <p>The planned count is lowered when those bytes need fewer reducers: the logical plan's estimates of
 * joins and aggregates are often far too high, and each idle reducer costs a task. It is raised only for
 * the {@link ReducerRaise} stage, on an estimate that is not a bound from above (never a ranged shuffle's:
 * an ORDER BY's reducers are sampled for the count it starts with, and lowered like any other), and
 * {@code SET hadoopdb.reducers} wins.
 *
 * @param forced          {@code hadoopdb.reducers}: above 0, every stage keeps its planned count
 * @param bytesPerReducer {@code hadoopdb.reducers.bytes-per-reducer}
 * @param max             {@code hadoopdb.reducers.max}, the ceiling of a raise
 * @param localSlots      the local runner's parallel reduce tasks; 1 on a cluster
 * @param largeRows       {@code hadoopdb.exec.client-stage.max-rows}: past it a raised stage gets at least
 *                        {@code localSlots} reducers
 */
record ReducerSizing(int forced, long bytesPerReducer, int max, int localSlots, long largeRows) {

    /** The settings of {@code config}, with the local runner's reduce slots read from the query's job configuration. */
    static ReducerSizing from(HadoopDbConfig config, Configuration jobConf) {
        boolean local = "local".equals(jobConf.get("mapreduce.framework.name", "local"));
        return new ReducerSizing(config.get(ConfigKeys.REDUCERS), config.get(ConfigKeys.REDUCERS_BYTES_PER_REDUCER),
                config.get(ConfigKeys.REDUCERS_MAX), local ? jobConf.getInt("mapreduce.local.reduce.tasks.maximum", 1) : 1,
                config.get(ConfigKeys.CLIENT_STAGE_MAX_ROWS));
    }

    /** True when the count depends on what enters the stage; false when the plan's count stands as it is. */
    boolean needsEstimate(Stage stage, boolean raisable) {
        int planned = stage.shuffle().reducers();
        return (planned > 1 || raisable && !stage.shuffle().ranged()) && forced <= 0;
    }

    /**
     * The reducers of a stage that repartitions.
     *
     * @param raisable whether this is the stage {@link ReducerRaise} lets grow past its planned count
     * @param estimate what enters the stage; asked only when {@link #needsEstimate} says so
     */
    int count(Stage stage, boolean raisable, Supplier<StageSizes.Estimate> estimate) {
        int planned = stage.shuffle().reducers();
        if (!needsEstimate(stage, raisable)) {
            return planned;
        }
        StageSizes.Estimate e = estimate.get();
        long bytes = e.bytes();
        if (bytes < 0) {
            return planned;
        }
        long perReducer = Math.max(1, bytesPerReducer);
        // a count of groups on an expression is only a bound from above: raising on it would add idle reducers
        if (raisable && !e.rowsUpperBound() && !stage.shuffle().ranged()) {
            return ReducerRaise.sized(bytes, e.rows(), perReducer, Math.max(1, max), localSlots, largeRows);
        }
        return (int) Math.max(1, Math.min(planned, (bytes + perReducer - 1) / perReducer));
    }
}
