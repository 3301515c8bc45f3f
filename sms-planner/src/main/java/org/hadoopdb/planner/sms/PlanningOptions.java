package org.hadoopdb.planner.sms;

/**
 * Settings of the SMS split that come from the session's configuration.
 *
 * @param maxReducers       upper bound on reduce tasks per stage ({@code hadoopdb.reducers.max})
 * @param bytesPerReducer   shuffle bytes one reducer should take ({@code hadoopdb.reducers.bytes-per-reducer})
 * @param fixedReducers     a session's explicit reducer count, or -1 ({@code hadoopdb.reducers})
 * @param directFetch       whether small map-only results may be read without a job ({@code hadoopdb.fetch.direct})
 * @param directFetchMaxRows the largest estimated result read directly ({@code hadoopdb.fetch.direct.max-rows})
 */
public record PlanningOptions(int maxReducers, long bytesPerReducer, int fixedReducers, boolean directFetch,
                              long directFetchMaxRows) {
    public static final PlanningOptions DEFAULTS = new PlanningOptions(8, 256L << 20, -1, true, 100_000);
}
