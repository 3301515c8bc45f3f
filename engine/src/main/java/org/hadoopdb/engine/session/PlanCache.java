package org.hadoopdb.engine.session;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.hadoopdb.planner.QueryPlanner.PlannedQuery;
import org.hadoopdb.planner.sms.PlanningOptions;

/**
 * The plans of queries an engine ran, for when they run again (BI tools repeat the same statements):
 * a statement planned once on a catalog version is not planned again on it. Parsing, validation,
 * the optimizer and the SMS split are most of a short query's time; what depends on the data's
 * current state, how each stage runs, is decided afresh by the runtime each time.
 *
 * <p>A plan is found again only for the same statement text and the same parsed query (so two
 * bindings of one prepared statement's parameters are two statements), in the same current database,
 * with equal planning options and the same temporary user functions, on the same catalog version
 * (which holds the permanent ones). Plans holding the time they were made
 * at are never kept. Least recently used plans go first when the cache is full.
 */
final class PlanCache {
    /** Everything a plan depends on besides the function library, which does not change while running. */
    record Key(long catalogVersion, String database, String text, String query, List<String> distributeBy,
               PlanningOptions options, String userFunctions) {

        /** A key of a session without temporary functions. */
        Key(long catalogVersion, String database, String text, String query, List<String> distributeBy, PlanningOptions options) {
            this(catalogVersion, database, text, query, distributeBy, options, "");
        }
    }

    private final int capacity;
    private final Map<Key, PlannedQuery> plans;
    private long hits;
    private long misses;

    PlanCache(int capacity) {
        this.capacity = Math.max(0, capacity);
        this.plans = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, PlannedQuery> eldest) {
                return size() > PlanCache.this.capacity;
            }
        };
    }

    /** The cached plan of {@code key}, or {@code planner}'s, kept when it may be reused. */
    PlannedQuery plan(Key key, Supplier<PlannedQuery> planner) {
        if (capacity == 0) {
            return planner.get();
        }
        synchronized (this) {
            PlannedQuery cached = plans.get(key);
            if (cached != null) {
                hits++;
                return cached;
            }
            misses++;
        }
        PlannedQuery planned = planner.get(); // outside the lock: other sessions keep planning meanwhile
        if (!planned.timeDependent()) {
            synchronized (this) {
                plans.put(key, planned);
            }
        }
        return planned;
    }

    synchronized long hits() {
        return hits;
    }

    synchronized long misses() {
        return misses;
    }

    synchronized int size() {
        return plans.size();
    }
}
