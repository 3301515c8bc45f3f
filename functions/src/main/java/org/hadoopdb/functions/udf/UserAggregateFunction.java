package org.hadoopdb.functions.udf;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.util.Optionality;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.functions.udf.spi.ExternalAggregate;

/**
 * A user aggregate (a Hive UDAF or GenericUDAFResolver class) as Calcite's validator sees it: typed, like
 * a {@link UserFunction}, by the function itself for the call's argument types. The planner never pushes
 * it into PostgreSQL nor splits it into partial aggregates: every value of a group reaches one reducer,
 * which runs the function's evaluator in Hive's COMPLETE mode ({@link UserAggregateCall}).
 */
public final class UserAggregateFunction extends SqlAggFunction {
    private final UserFunctionSpec spec;
    private final ResultTypes results;

    public UserAggregateFunction(UserFunctionSpec spec, UdfEnvironment environment) {
        super(spec.name(), null, SqlKind.OTHER_FUNCTION, null, null, null, SqlFunctionCategory.USER_DEFINED_FUNCTION,
                false, false, Optionality.FORBIDDEN);
        this.spec = spec;
        this.results = new ResultTypes(spec, arguments -> {
            try (ExternalAggregate a = UserFunctions.openAggregate(environment, spec, arguments)) {
                return a.returnType();
            }
        });
    }

    public UserFunctionSpec spec() {
        return spec;
    }

    @Override
    public SqlOperandCountRange getOperandCountRange() {
        return SqlOperandCountRanges.any();
    }

    @Override
    public String getAllowedSignatures(String opNameToUse) {
        return spec.name() + "(...)";
    }

    @Override
    public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
        return results.check(binding, throwOnFailure);
    }

    @Override
    public RelDataType inferReturnType(SqlOperatorBinding binding) {
        return results.infer(binding);
    }

    /** The result type for these arguments as HiveQL spells it (what each reducer checks its instance against). */
    public String resultSpelling(List<Argument> arguments, RelDataTypeFactory types) {
        return results.of(arguments, types).spelling();
    }
}
