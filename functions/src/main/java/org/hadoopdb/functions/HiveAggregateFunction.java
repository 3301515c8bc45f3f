package org.hadoopdb.functions;

import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.Optionality;

/**
 * Hive's aggregates that PostgreSQL has no exact equivalent of, computed from the raw rows in the
 * reducers: {@code collect_list(x)} and {@code collect_set(x)} (the non-NULL values, as an array; the set
 * without repeats, in the order of first appearance), {@code percentile(integer x, p)} (exact, by linear
 * interpolation between the closest ranks) and {@code percentile_approx(x, p[, bins])} (Hive's streaming
 * histogram with {@code bins}, 10000 by default), where {@code p} is a number in [0, 1] or an array of them
 * (the result is then an array).
 */
public final class HiveAggregateFunction extends SqlAggFunction {
    /** Which aggregate: how the reducers compute it. */
    public enum Kind {
        COLLECT_LIST, COLLECT_SET, PERCENTILE, PERCENTILE_APPROX
    }

    public static final HiveAggregateFunction COLLECT_LIST = new HiveAggregateFunction(Kind.COLLECT_LIST, 1, 1);
    public static final HiveAggregateFunction COLLECT_SET = new HiveAggregateFunction(Kind.COLLECT_SET, 1, 1);
    public static final HiveAggregateFunction PERCENTILE = new HiveAggregateFunction(Kind.PERCENTILE, 2, 2);
    public static final HiveAggregateFunction PERCENTILE_APPROX = new HiveAggregateFunction(Kind.PERCENTILE_APPROX, 2, 3);

    private final Kind kind;
    private final int minArgs;
    private final int maxArgs;

    private HiveAggregateFunction(Kind kind, int minArgs, int maxArgs) {
        super(kind.name().toLowerCase(Locale.ROOT), null, SqlKind.OTHER_FUNCTION, null, null, null,
                SqlFunctionCategory.USER_DEFINED_FUNCTION, false, false, Optionality.FORBIDDEN);
        this.kind = kind;
        this.minArgs = minArgs;
        this.maxArgs = maxArgs;
    }

    public Kind kind() {
        return kind;
    }

    @Override
    public SqlOperandCountRange getOperandCountRange() {
        return SqlOperandCountRanges.between(minArgs, maxArgs);
    }

    @Override
    public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
        String problem = problem(binding);
        if (problem != null && throwOnFailure) {
            throw ValidationErrors.at(binding.getCall(), getName() + ": " + problem);
        }
        return problem == null;
    }

    private String problem(SqlCallBinding b) {
        RelDataType x = b.getOperandType(0);
        switch (kind) {
            case COLLECT_LIST, COLLECT_SET -> {
                return null;
            }
            case PERCENTILE -> {
                if (!SqlTypeUtil.isIntType(x) && x.getSqlTypeName() != SqlTypeName.NULL) {
                    return "the values must be integers (tinyint to bigint), not " + name(x) + "; use percentile_approx";
                }
            }
            case PERCENTILE_APPROX -> {
                if (!SqlTypeUtil.isNumeric(x) && x.getSqlTypeName() != SqlTypeName.NULL) {
                    return "the values must be numbers, not " + name(x);
                }
                if (b.getOperandCount() == 3 && !SqlTypeUtil.isIntType(b.getOperandType(2))) {
                    return "the number of bins must be an integer, not " + name(b.getOperandType(2));
                }
            }
        }
        RelDataType p = b.getOperandType(1);
        boolean ok = SqlTypeUtil.isNumeric(p) || p.getSqlTypeName() == SqlTypeName.ARRAY && SqlTypeUtil.isNumeric(p.getComponentType());
        return ok ? null : "the percentile must be a number in [0, 1] or an array of them, not " + name(p);
    }

    private static String name(RelDataType t) {
        return t.getSqlTypeName().getName().toLowerCase(Locale.ROOT);
    }

    @Override
    public RelDataType inferReturnType(SqlOperatorBinding binding) {
        RelDataTypeFactory f = binding.getTypeFactory();
        RelDataType result = switch (kind) {
            case COLLECT_LIST, COLLECT_SET -> f.createArrayType(f.createTypeWithNullability(binding.getOperandType(0), true), -1);
            case PERCENTILE, PERCENTILE_APPROX -> {
                RelDataType d = f.createTypeWithNullability(f.createSqlType(SqlTypeName.DOUBLE), true);
                yield binding.getOperandType(1).getSqlTypeName() == SqlTypeName.ARRAY ? f.createArrayType(d, -1) : d;
            }
        };
        return f.createTypeWithNullability(result, true);
    }
}
