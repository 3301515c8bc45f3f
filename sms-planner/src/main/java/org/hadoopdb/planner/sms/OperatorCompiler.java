package org.hadoopdb.planner.sms;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.hadoopdb.connector.row.RowSchema;
import org.hadoopdb.planner.plan.OperatorSpec;

/** Turns expressions that stay in MapReduce into operator specs with generated Java. */
public interface OperatorCompiler {
    OperatorSpec.Filter filter(RexNode condition, RelDataType input);

    /** A projection; plain field references become a {@link OperatorSpec.Select} with nothing to compile. */
    OperatorSpec project(List<RexNode> expressions, RelDataType input, RowSchema output);
}
