package org.hadoopdb.planner.sms;

import org.hadoopdb.catalog.config.ConfigKeys;
import org.hadoopdb.catalog.config.HadoopDbConfig;

/**
 * Settings of the SMS split that come from the session's configuration.
 *
 * @param maxReducers        upper bound on reduce tasks per stage ({@code hadoopdb.reducers.max})
 * @param bytesPerReducer    shuffle bytes one reducer should take ({@code hadoopdb.reducers.bytes-per-reducer})
 * @param fixedReducers      a session's explicit reducer count, or -1 ({@code hadoopdb.reducers})
 * @param directFetch        whether small map-only results may be read without a job ({@code hadoopdb.fetch.direct})
 * @param directFetchMaxRows the largest estimated result read directly ({@code hadoopdb.fetch.direct.max-rows})
 * @param joinBufferBytes    memory for one join key's rows in a reducer before they spill ({@code hadoopdb.join.buffer-bytes})
 * @param broadcastMaxBytes  the largest estimated join input joined map-side ({@code hadoopdb.join.broadcast.max-bytes})
 */
public record PlanningOptions(int maxReducers, long bytesPerReducer, int fixedReducers, boolean directFetch,
                              long directFetchMaxRows, long joinBufferBytes, long broadcastMaxBytes) {
    public static final PlanningOptions DEFAULTS = new PlanningOptions(8, 256L << 20, -1, true, 100_000, 64L << 20, 32L << 20);

    /** The options a session's configuration selects. */
    public static PlanningOptions from(HadoopDbConfig config) {
        int fixed = config.get(ConfigKeys.REDUCERS);
        return new PlanningOptions(Math.max(1, config.get(ConfigKeys.REDUCERS_MAX)),
                Math.max(1, config.get(ConfigKeys.REDUCERS_BYTES_PER_REDUCER)),
                fixed > 0 ? fixed : -1,
                config.get(ConfigKeys.FETCH_DIRECT),
                config.get(ConfigKeys.FETCH_DIRECT_MAX_ROWS),
                Math.max(1 << 20, config.get(ConfigKeys.JOIN_BUFFER_BYTES)),
                Math.max(0, config.get(ConfigKeys.JOIN_BROADCAST_MAX_BYTES)));
    }
}
