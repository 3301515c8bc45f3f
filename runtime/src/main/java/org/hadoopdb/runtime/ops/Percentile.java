package org.hadoopdb.runtime.ops;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.planner.PlannerException;

/**
 * Hive's exact {@code percentile(x, p)} of integers: the value at rank {@code p * (n - 1)} of the sorted
 * non-NULL values (ranks from 0), interpolated linearly between the two closest ranks; NULL for a group
 * without values. {@code p} may be an array of percentiles, giving an array.
 */
final class Percentile extends Accumulator {
    private final int field;
    private final int percentileField;
    private final TreeMap<Long, Long> counts = new TreeMap<>();
    private Object percentiles;

    Percentile(int field, int percentileField) {
        this.field = field;
        this.percentileField = percentileField;
    }

    @Override
    void reset() {
        counts.clear();
        percentiles = null;
    }

    @Override
    void add(Row in) {
        if (percentiles == null && !in.isNull(percentileField)) {
            percentiles = in.get(percentileField);
        }
        if (!in.isNull(field)) {
            counts.merge(in.getLong(field), 1L, Long::sum);
        }
    }

    @Override
    void write(Row out, int f) {
        if (counts.isEmpty() || percentiles == null) {
            out.setNull(f);
            return;
        }
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        if (percentiles instanceof List<?> ps) {
            List<Object> values = new ArrayList<>(ps.size());
            for (Object p : ps) {
                values.add(p == null ? null : at(check(((Number) p).doubleValue()), total));
            }
            out.setComplex(f, Collections.unmodifiableList(values));
        } else {
            out.setDouble(f, at(check(((Number) percentiles).doubleValue()), total));
        }
    }

    static double check(double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new PlannerException("percentile: the percentile must be between 0 and 1, not " + p);
        }
        return p;
    }

    private double at(double p, long total) {
        double position = p * (total - 1);
        long lower = (long) Math.floor(position);
        long upper = (long) Math.ceil(position);
        double low = valueAtRank(lower);
        if (lower == upper) {
            return low;
        }
        double high = valueAtRank(upper);
        return low == high ? low : (upper - position) * low + (position - lower) * high;
    }

    private double valueAtRank(long rank) {
        long seen = 0;
        for (Map.Entry<Long, Long> e : counts.entrySet()) {
            seen += e.getValue();
            if (seen > rank) {
                return e.getKey();
            }
        }
        return counts.lastKey();
    }
}
