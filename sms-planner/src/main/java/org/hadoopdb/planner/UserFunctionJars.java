package org.hadoopdb.planner;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.hadoopdb.functions.udf.UserAggregateFunction;
import org.hadoopdb.functions.udf.UserFunction;
import org.hadoopdb.functions.udf.UserTableFunction;
import org.hadoopdb.planner.optimize.Generate;

/** The jars of the user functions a logical plan calls: what its jobs must ship to their tasks. */
final class UserFunctionJars {
    private UserFunctionJars() {
    }

    /** The jars, in the order the calls are met; null when no user function is called. */
    static List<String> of(RelNode root) {
        Set<String> jars = new LinkedHashSet<>();
        boolean[] found = {false};
        RexShuttle calls = new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                if (call.getOperator() instanceof UserFunction f) {
                    found[0] = true;
                    jars.addAll(f.spec().jars());
                }
                return super.visitCall(call);
            }
        };
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                node.accept(calls);
                if (node instanceof Generate g && g.function() instanceof UserTableFunction f) {
                    found[0] = true;
                    jars.addAll(f.spec().jars());
                }
                if (node instanceof Aggregate a) {
                    for (AggregateCall call : a.getAggCallList()) {
                        if (call.getAggregation() instanceof UserAggregateFunction f) {
                            found[0] = true;
                            jars.addAll(f.spec().jars());
                        }
                    }
                }
                super.visit(node, ordinal, parent);
            }
        }.go(root);
        return found[0] ? List.copyOf(jars) : null;
    }
}
