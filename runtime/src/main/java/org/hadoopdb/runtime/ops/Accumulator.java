package org.hadoopdb.runtime.ops;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.planner.plan.AggCall;
import org.hadoopdb.planner.plan.OperatorSpec;

/**
 * The running state of one aggregate over one group, with Hive's semantics: SUM of integers wraps
 * like Java longs, SUM of decimals is exact (NULL beyond 38 digits), AVG of integers is a double,
 * var_samp of one value is 0.
 */
abstract class Accumulator {
    abstract void reset();

    abstract void add(Row in);

    abstract void write(Row out, int field);

    /** The end of the task's input: releases what the aggregate holds (a user aggregate's evaluator). */
    void release() {
    }

    static Accumulator create(AggCall call, OperatorSpec.Aggregate.Mode mode) {
        int[] a = call.args();
        HiveType type = call.type();
        boolean merge = mode == OperatorSpec.Aggregate.Mode.MERGE;
        return switch (call.kind()) {
            case COUNT_STAR -> new Count(-1);
            case COUNT -> new Count(a[0]);
            case SUM0 -> new Sum(a[0], type, true);
            case SUM -> new Sum(a[0], type, false);
            case MIN -> new MinMax(a[0], type, -1);
            case MAX -> new MinMax(a[0], type, 1);
            case AVG -> merge ? new MergedAverage(a[0], a[1], type) : new Average(a[0], type);
            case VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> new Variance(merge ? a : new int[] {a[0]}, call.kind(), merge);
            case SINGLE_VALUE -> new SingleValue(a[0]);
            case COLLECT_LIST -> new Collect(a[0], false);
            case COLLECT_SET -> new Collect(a[0], true);
            case PERCENTILE -> new Percentile(a[0], a[1]);
            case PERCENTILE_APPROX -> new ApproximatePercentile(a[0], a[1], a.length > 2 ? a[2] : -1);
            case USER -> new UserAggregation(a, call.user());
        };
    }

    /** Writes {@code v} as the result type; decimals are rounded half-up to its scale, NULL past its precision. */
    static void writeDecimal(Row out, int field, BigDecimal v, HiveType type) {
        BigDecimal scaled = v.setScale(type.scale(), RoundingMode.HALF_UP);
        if (scaled.precision() - scaled.scale() > type.precision() - type.scale()) {
            out.setNull(field);
        } else {
            out.setDecimal(field, scaled);
        }
    }

    private static final class Count extends Accumulator {
        private final int field;
        private long n;

        Count(int field) {
            this.field = field;
        }

        @Override
        void reset() {
            n = 0;
        }

        @Override
        void add(Row in) {
            if (field < 0 || !in.isNull(field)) {
                n++;
            }
        }

        @Override
        void write(Row out, int f) {
            out.setLong(f, n);
        }
    }

    private static final class Sum extends Accumulator {
        private final int field;
        private final HiveType type;
        private final boolean zeroWhenEmpty;
        private boolean any;
        private long longSum;
        private double doubleSum;
        private BigDecimal decimalSum;

        Sum(int field, HiveType type, boolean zeroWhenEmpty) {
            this.field = field;
            this.type = type;
            this.zeroWhenEmpty = zeroWhenEmpty;
        }

        @Override
        void reset() {
            any = false;
            longSum = 0;
            doubleSum = 0;
            decimalSum = BigDecimal.ZERO;
        }

        @Override
        void add(Row in) {
            if (in.isNull(field)) {
                return;
            }
            any = true;
            switch (type.kind()) {
                case TINYINT, SMALLINT, INT, BIGINT -> longSum += in.getLong(field);
                case FLOAT, DOUBLE -> doubleSum += in.getDouble(field);
                case DECIMAL -> decimalSum = decimalSum.add(in.getDecimal(field));
                default -> throw new IllegalStateException("SUM of " + type);
            }
        }

        @Override
        void write(Row out, int f) {
            if (!any && !zeroWhenEmpty) {
                out.setNull(f);
                return;
            }
            switch (type.kind()) {
                case TINYINT, SMALLINT, INT, BIGINT -> out.setLong(f, longSum);
                case FLOAT -> out.setFloat(f, (float) doubleSum);
                case DOUBLE -> out.setDouble(f, doubleSum);
                case DECIMAL -> writeDecimal(out, f, decimalSum, type);
                default -> throw new IllegalStateException("SUM of " + type);
            }
        }
    }

    private static final class MinMax extends Accumulator {
        private final int field;
        private final HiveType type;
        private final int sign;
        private Object best;

        MinMax(int field, HiveType type, int sign) {
            this.field = field;
            this.type = type;
            this.sign = sign;
        }

        @Override
        void reset() {
            best = null;
        }

        @Override
        void add(Row in) {
            if (in.isNull(field)) {
                return;
            }
            Object v = in.get(field);
            if (best == null || sign * ValueOrder.compare(type.kind(), v, best) > 0) {
                best = v instanceof byte[] bytes ? bytes.clone() : v;
            }
        }

        @Override
        void write(Row out, int f) {
            out.set(f, best);
        }
    }

    /**
     * The value of a scalar sub-query: the one row's value, NULL for no row, and an error when the
     * sub-query returns more than one row (as in Hive and every SQL database).
     */
    private static final class SingleValue extends Accumulator {
        private final int field;
        private Object value;
        private long rows;

        SingleValue(int field) {
            this.field = field;
        }

        @Override
        void reset() {
            value = null;
            rows = 0;
        }

        @Override
        void add(Row in) {
            if (++rows > 1) {
                throw new org.hadoopdb.planner.PlannerException("A scalar sub-query returned more than one row");
            }
            value = in.isNull(field) ? null : in.get(field);
            if (value instanceof byte[] bytes) {
                value = bytes.clone();
            }
        }

        @Override
        void write(Row out, int f) {
            out.set(f, value);
        }
    }

    /** AVG from raw values: a double sum (or an exact decimal sum) and a count. */
    private static final class Average extends Accumulator {
        private final int field;
        private final HiveType type;
        private long n;
        private double doubleSum;
        private BigDecimal decimalSum;

        Average(int field, HiveType type) {
            this.field = field;
            this.type = type;
        }

        @Override
        void reset() {
            n = 0;
            doubleSum = 0;
            decimalSum = BigDecimal.ZERO;
        }

        @Override
        void add(Row in) {
            if (in.isNull(field)) {
                return;
            }
            n++;
            if (type.kind() == HiveType.Kind.DECIMAL) {
                Object v = in.get(field);
                decimalSum = decimalSum.add(v instanceof BigDecimal d ? d : new BigDecimal(v.toString()));
            } else {
                doubleSum += ((Number) in.get(field)).doubleValue();
            }
        }

        @Override
        void write(Row out, int f) {
            writeAverage(out, f, type, n, doubleSum, decimalSum);
        }
    }

    /** AVG merged from the chunks' (sum, count) pairs. */
    private static final class MergedAverage extends Accumulator {
        private final int sumField;
        private final int countField;
        private final HiveType type;
        private long n;
        private double doubleSum;
        private BigDecimal decimalSum;

        MergedAverage(int sumField, int countField, HiveType type) {
            this.sumField = sumField;
            this.countField = countField;
            this.type = type;
        }

        @Override
        void reset() {
            n = 0;
            doubleSum = 0;
            decimalSum = BigDecimal.ZERO;
        }

        @Override
        void add(Row in) {
            if (in.isNull(countField) || in.getLong(countField) == 0) {
                return;
            }
            n += in.getLong(countField);
            Object s = in.get(sumField);
            if (type.kind() == HiveType.Kind.DECIMAL) {
                decimalSum = decimalSum.add(s instanceof BigDecimal d ? d : new BigDecimal(s.toString()));
            } else {
                doubleSum += ((Number) s).doubleValue();
            }
        }

        @Override
        void write(Row out, int f) {
            writeAverage(out, f, type, n, doubleSum, decimalSum);
        }
    }

    static void writeAverage(Row out, int f, HiveType type, long n, double doubleSum, BigDecimal decimalSum) {
        if (n == 0) {
            out.setNull(f);
        } else if (type.kind() == HiveType.Kind.DECIMAL) {
            writeDecimal(out, f, decimalSum.divide(BigDecimal.valueOf(n), type.scale(), RoundingMode.HALF_UP), type);
        } else if (type.kind() == HiveType.Kind.FLOAT) {
            out.setFloat(f, (float) (doubleSum / n));
        } else if (type.kind().isInteger()) {
            out.setLong(f, (long) (doubleSum / n));
        } else {
            out.setDouble(f, doubleSum / n);
        }
    }

    /**
     * The variance family: Welford's update for raw values, Chan's merge for the chunks' (count,
     * mean, m2) states; numerically stable either way.
     */
    private static final class Variance extends Accumulator {
        private final int[] fields;
        private final AggCall.Kind kind;
        private final boolean merge;
        private long n;
        private double mean;
        private double m2;

        Variance(int[] fields, AggCall.Kind kind, boolean merge) {
            this.fields = fields;
            this.kind = kind;
            this.merge = merge;
        }

        @Override
        void reset() {
            n = 0;
            mean = 0;
            m2 = 0;
        }

        @Override
        void add(Row in) {
            if (merge) {
                if (in.isNull(fields[0]) || in.getLong(fields[0]) == 0) {
                    return;
                }
                long nb = in.getLong(fields[0]);
                double meanB = in.getDouble(fields[1]);
                double m2B = in.getDouble(fields[2]);
                long total = n + nb;
                double delta = meanB - mean;
                mean += delta * nb / total;
                m2 += m2B + delta * delta * ((double) n * nb / total);
                n = total;
            } else {
                if (in.isNull(fields[0])) {
                    return;
                }
                double x = ((Number) in.get(fields[0])).doubleValue();
                n++;
                double delta = x - mean;
                mean += delta / n;
                m2 += delta * (x - mean);
            }
        }

        @Override
        void write(Row out, int f) {
            if (n == 0) {
                out.setNull(f);
                return;
            }
            double v = switch (kind) {
                case VAR_POP, STDDEV_POP -> m2 / n;
                default -> n == 1 ? 0.0 : m2 / (n - 1);
            };
            double result = kind == AggCall.Kind.STDDEV_POP || kind == AggCall.Kind.STDDEV_SAMP ? Math.sqrt(v) : v;
            out.setDouble(f, result);
        }
    }
}
