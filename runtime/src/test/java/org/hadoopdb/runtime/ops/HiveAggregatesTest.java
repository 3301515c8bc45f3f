package org.hadoopdb.runtime.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.hadoopdb.catalog.model.HiveType;
import org.hadoopdb.connector.row.Row;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.plan.AggCall;
import org.hadoopdb.planner.plan.OperatorSpec;
import org.junit.jupiter.api.Test;

/** collect_list, collect_set, percentile and percentile_approx over one group, as Hive computes them. */
class HiveAggregatesTest {
    private static final RowSchema IN = RowSchema.parse("x:bigint;p:decimal(3,2);ps:array<decimal(3,2)>;bins:int");

    private static Object run(AggCall.Kind kind, int[] args, HiveType type, Long... xs) {
        Accumulator a = Accumulator.create(new AggCall(kind, args, type, "r"), OperatorSpec.Aggregate.Mode.COMPLETE);
        a.reset();
        for (Long x : xs) {
            a.add(Row.of(IN, x, new BigDecimal("0.50"), List.of(new BigDecimal("0.00"), new BigDecimal("0.25"),
                    new BigDecimal("1.00")), 3));
        }
        Row out = new Row(RowSchema.of(new RowSchema.Field("r", type)));
        a.write(out, 0);
        return out.get(0);
    }

    @Test
    void collectKeepsNonNullValuesAndTheSetTheFirstOfEach() {
        HiveType array = HiveType.parse("array<bigint>");
        assertThat(run(AggCall.Kind.COLLECT_LIST, new int[] {0}, array, 3L, null, 1L, 3L)).isEqualTo(List.of(3L, 1L, 3L));
        assertThat(run(AggCall.Kind.COLLECT_SET, new int[] {0}, array, 3L, null, 1L, 3L)).isEqualTo(List.of(3L, 1L));
        assertThat(run(AggCall.Kind.COLLECT_SET, new int[] {0}, array)).isEqualTo(List.of());
    }

    @Test
    void percentileInterpolatesBetweenRanks() {
        assertThat(run(AggCall.Kind.PERCENTILE, new int[] {0, 1}, HiveType.DOUBLE, 1L, 2L, 3L, 4L)).isEqualTo(2.5);
        assertThat(run(AggCall.Kind.PERCENTILE, new int[] {0, 1}, HiveType.DOUBLE, 5L, null, 1L)).isEqualTo(3.0);
        assertThat(run(AggCall.Kind.PERCENTILE, new int[] {0, 2}, HiveType.parse("array<double>"), 10L, 20L, 30L, 40L, 50L))
                .isEqualTo(List.of(10.0, 20.0, 50.0));
        assertThat(run(AggCall.Kind.PERCENTILE, new int[] {0, 1}, HiveType.DOUBLE, (Long) null)).isNull();
    }

    @Test
    void percentileApproxIsTheHistogramsQuantile() {
        // no merging: the cumulative counts reach 0.5 at the second of 1, 2, 3, 4
        assertThat(run(AggCall.Kind.PERCENTILE_APPROX, new int[] {0, 1}, HiveType.DOUBLE, 1L, 2L, 3L, 4L)).isEqualTo(2.0);
        // three bins: 1 and 2 merge into (1.5, 2), and the median falls at the end of that bin
        assertThat(run(AggCall.Kind.PERCENTILE_APPROX, new int[] {0, 1, 3}, HiveType.DOUBLE, 1L, 2L, 10L, 20L))
                .isEqualTo(1.5);
        assertThat(run(AggCall.Kind.PERCENTILE_APPROX, new int[] {0, 2}, HiveType.parse("array<double>"), 7L))
                .isEqualTo(Arrays.asList(7.0, 7.0, 7.0));
    }

    @Test
    void aPercentileOutsideZeroToOneIsAnError() {
        Accumulator a = Accumulator.create(new AggCall(AggCall.Kind.PERCENTILE, new int[] {0, 1}, HiveType.DOUBLE, "r"),
                OperatorSpec.Aggregate.Mode.COMPLETE);
        a.reset();
        a.add(Row.of(IN, 1L, new BigDecimal("1.50"), null, null));
        assertThatThrownBy(() -> a.write(new Row(RowSchema.parse("r:double")), 0)).hasMessageContaining("between 0 and 1, not 1.5");
    }
}
