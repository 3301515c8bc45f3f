package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.hadoopdb.functions.udf.UserAggregateFunction;
import org.hadoopdb.functions.udf.UserFunction;
import org.hadoopdb.functions.udf.UserFunctionSpec;
import org.hadoopdb.functions.udf.UserTableFunction;
import org.hadoopdb.functions.udf.spi.Argument;
import org.hadoopdb.planner.optimize.Generate;
import org.hadoopdb.planner.plan.UserCall;

/** What a task needs to open a user aggregate or table function: the function and the types it was planned with. */
final class UserCalls {
    private UserCalls() {
    }

    /**
     * The user aggregate of {@code call}, or null for a built-in. An argument that the projection below
     * computes as a literal is a constant, as it was when the validator typed the call.
     */
    static UserCall of(AggregateCall call, RelNode input) {
        if (!(call.getAggregation() instanceof UserAggregateFunction f)) {
            return null;
        }
        List<RexNode> operands = new ArrayList<>();
        for (int field : call.getArgList()) {
            RexNode e = input instanceof Project p ? p.getProjects().get(field) : null;
            operands.add(e instanceof RexLiteral ? e : new RexInputRef(field, input.getRowType().getFieldList().get(field).getType()));
        }
        List<Argument> arguments = UserFunction.arguments(operands);
        return call(f.spec(), arguments, f.resultSpelling(arguments, input.getCluster().getTypeFactory()));
    }

    /** The user table function of a LATERAL VIEW, or null for a built-in. */
    static UserCall of(Generate g) {
        if (!(g.function() instanceof UserTableFunction f)) {
            return null;
        }
        List<Argument> arguments = UserFunction.arguments(g.args());
        return call(f.spec(), arguments, f.columnsSpelling(arguments, g.getCluster().getTypeFactory()));
    }

    private static UserCall call(UserFunctionSpec spec, List<Argument> arguments, String resultType) {
        return new UserCall(spec.name(), spec.className(), spec.jars(), spec.temporary(),
                arguments.stream().map(Argument::type).toList(), arguments.stream().map(Argument::constant).toList(), resultType);
    }
}
