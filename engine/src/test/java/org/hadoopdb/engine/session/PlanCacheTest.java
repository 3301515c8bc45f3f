package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.hadoopdb.planner.QueryPlanner.PlannedQuery;
import org.hadoopdb.planner.sms.PlanningOptions;
import org.junit.jupiter.api.Test;

class PlanCacheTest {
    private static PlanCache.Key key(long version, String text) {
        return new PlanCache.Key(version, "default", text, text, List.of(), PlanningOptions.DEFAULTS);
    }

    private static PlannedQuery plan(boolean timeDependent) {
        return new PlannedQuery(null, "logical", 1, timeDependent);
    }

    @Test
    void keepsTheMostRecentlyUsedPlansUpToItsCapacity() {
        PlanCache cache = new PlanCache(2);
        AtomicInteger planned = new AtomicInteger();
        PlannedQuery a = cache.plan(key(1, "a"), () -> { planned.incrementAndGet(); return plan(false); });
        cache.plan(key(1, "b"), () -> { planned.incrementAndGet(); return plan(false); });
        assertThat(cache.plan(key(1, "a"), () -> { planned.incrementAndGet(); return plan(false); })).isSameAs(a);
        cache.plan(key(1, "c"), () -> { planned.incrementAndGet(); return plan(false); }); // b goes: a was used since
        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.plan(key(1, "a"), () -> { planned.incrementAndGet(); return plan(false); })).isSameAs(a);
        cache.plan(key(1, "b"), () -> { planned.incrementAndGet(); return plan(false); });
        assertThat(planned).hasValue(4);
        assertThat(cache.hits()).isEqualTo(2);
        cache.plan(key(2, "a"), () -> { planned.incrementAndGet(); return plan(false); }); // another catalog version
        assertThat(planned).hasValue(5);
    }

    @Test
    void timeDependentPlansAndAZeroCapacityKeepNothing() {
        PlanCache cache = new PlanCache(8);
        cache.plan(key(1, "now"), () -> plan(true));
        assertThat(cache.size()).isZero();
        PlanCache off = new PlanCache(0);
        off.plan(key(1, "x"), () -> plan(false));
        assertThat(off.size()).isZero();
        assertThat(off.hits()).isZero();
    }
}
