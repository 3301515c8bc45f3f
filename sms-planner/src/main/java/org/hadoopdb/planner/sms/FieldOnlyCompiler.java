package org.hadoopdb.planner.sms;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.plan.OperatorSpec;

/** An operator compiler that handles field selections only; used until the expression compiler is wired in. */
public final class FieldOnlyCompiler implements OperatorCompiler {
    @Override
    public OperatorSpec.Filter filter(RexNode condition, RelDataType input) {
        throw new PlannerException("Evaluating " + condition + " in MapReduce is not supported yet");
    }

    @Override
    public OperatorSpec project(List<RexNode> expressions, RelDataType input, RowSchema output) {
        int[] fields = new int[expressions.size()];
        for (int i = 0; i < fields.length; i++) {
            if (!(expressions.get(i) instanceof RexInputRef ref)) {
                throw new PlannerException("Evaluating " + expressions.get(i) + " in MapReduce is not supported yet");
            }
            fields[i] = ref.getIndex();
        }
        return new OperatorSpec.Select(fields, output);
    }
}
