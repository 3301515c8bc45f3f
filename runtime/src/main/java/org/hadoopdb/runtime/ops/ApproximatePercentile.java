package org.hadoopdb.runtime.ops;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.planner.PlannerException;

/**
 * Hive's {@code percentile_approx(x, p[, bins])}: the streaming histogram of Ben-Haim and Tom-Tov ("A
 * streaming parallel decision tree algorithm", JMLR 2010), as Hive keeps it: at most {@code bins}
 * (default 10000) points (value, count); a new value is a new point, and past the limit the two closest
 * points merge into their weighted mean. A quantile interpolates linearly inside the point where the
 * cumulative count reaches it. With no more distinct values than bins nothing merges, and the answer
 * is Hive's; beyond, where Hive breaks ties between equally close pairs at random, the first pair merges.
 */
final class ApproximatePercentile extends Accumulator {
    private static final int DEFAULT_BINS = 10_000;

    private final int field;
    private final int percentileField;
    private final int binsField;
    private final List<double[]> points = new ArrayList<>();
    private Object percentiles;
    private int bins = DEFAULT_BINS;

    ApproximatePercentile(int field, int percentileField, int binsField) {
        this.field = field;
        this.percentileField = percentileField;
        this.binsField = binsField;
    }

    @Override
    void reset() {
        points.clear();
        percentiles = null;
        bins = DEFAULT_BINS;
    }

    @Override
    void add(Row in) {
        if (percentiles == null) {
            if (!in.isNull(percentileField)) {
                percentiles = in.get(percentileField);
            }
            if (binsField >= 0 && !in.isNull(binsField)) {
                bins = (int) in.getLong(binsField);
                if (bins < 2) {
                    throw new PlannerException("percentile_approx: the number of bins must be at least 2, not " + bins);
                }
            }
        }
        if (!in.isNull(field)) {
            add(((Number) in.get(field)).doubleValue());
        }
    }

    private void add(double v) {
        int lo = 0;
        int hi = points.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            double x = points.get(mid)[0];
            if (x == v) {
                points.get(mid)[1]++;
                return;
            }
            if (x < v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        points.add(lo, new double[] {v, 1});
        if (points.size() > bins) {
            mergeClosest();
        }
    }

    private void mergeClosest() {
        int at = 0;
        double smallest = points.get(1)[0] - points.get(0)[0];
        for (int i = 1; i < points.size() - 1; i++) {
            double d = points.get(i + 1)[0] - points.get(i)[0];
            if (d < smallest) {
                smallest = d;
                at = i;
            }
        }
        double[] a = points.get(at);
        double[] b = points.remove(at + 1);
        double count = a[1] + b[1];
        a[0] = a[0] * (a[1] / count) + b[0] / count * b[1];
        a[1] = count;
    }

    @Override
    void write(Row out, int f) {
        if (points.isEmpty() || percentiles == null) {
            out.setNull(f);
            return;
        }
        if (percentiles instanceof List<?> ps) {
            List<Object> values = new ArrayList<>(ps.size());
            for (Object p : ps) {
                values.add(p == null ? null : quantile(Percentile.check(((Number) p).doubleValue())));
            }
            out.setComplex(f, Collections.unmodifiableList(values));
        } else {
            out.setDouble(f, quantile(Percentile.check(((Number) percentiles).doubleValue())));
        }
    }

    private double quantile(double q) {
        double sum = 0;
        for (double[] p : points) {
            sum += p[1];
        }
        double cumulative = 0;
        for (int b = 0; b < points.size(); b++) {
            cumulative += points.get(b)[1];
            if (cumulative / sum >= q) {
                if (b == 0) {
                    return points.get(0)[0];
                }
                double before = cumulative - points.get(b)[1];
                double[] prev = points.get(b - 1);
                double[] cur = points.get(b);
                return prev[0] + (q * sum - before) * (cur[0] - prev[0]) / cur[1];
            }
        }
        return points.get(points.size() - 1)[0];
    }
}
