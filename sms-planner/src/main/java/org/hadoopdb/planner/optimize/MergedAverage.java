package org.hadoopdb.planner.optimize;

import java.util.Objects;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.Optionality;

/**
 * The average of the values whose sums and counts over finer groups are its two arguments: {@code merged_avg(s, n)}
 * is {@code AVG(x)} over the rows of the groups whose {@code SUM(x)} and {@code COUNT(x)} are {@code s} and
 * {@code n}, with {@code AVG(x)}'s type and rounding (a decimal sum divided once, rounded half-up to the average's
 * scale; never an average of averages). It exists only in logical plans: {@link GroupingSetsExpander} aggregates
 * each grouping set of a {@code ROLLUP} of averages from one aggregate of their sums and counts, and the SMS split
 * computes it in the reducers from those (sum, count) pairs, as it merges the chunks' partial averages. PostgreSQL
 * is never asked to compute it.
 */
public final class MergedAverage extends SqlAggFunction {
    private final RelDataType type;

    /** The merge of the sums and counts of an {@code AVG} whose result type is {@code type}. */
    public MergedAverage(RelDataType type) {
        super("merged_avg", null, SqlKind.OTHER_FUNCTION, ReturnTypes.explicit(type), null, OperandTypes.ANY_ANY,
                SqlFunctionCategory.SYSTEM, false, false, Optionality.FORBIDDEN);
        this.type = type;
    }

    /**
     * The value an average's SUM adds up, as its merge reads it: floats as DOUBLE; integers (summed as BIGINT by Hive's
     * SUM type) and decimals as they are. The SMS split's partial averages and the grouping sets' one aggregate both
     * sum this.
     */
    public static RexNode summed(RelBuilder b, RexNode x) {
        return switch (x.getType().getSqlTypeName()) {
            case REAL, FLOAT -> b.cast(x, SqlTypeName.DOUBLE);
            default -> x;
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MergedAverage m && m.type.equals(type);
    }

    @Override
    public int hashCode() {
        return Objects.hash(getName(), type);
    }
}
