package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexVisitorImpl;
import org.hadoopdb.planner.functions.HiveOperators;

/**
 * A conservative pushdown policy used until the Hive function library's own policy is wired in:
 * Calcite's standard operators are pushed, HiveQL's own operators are not.
 */
public final class InterimPushdown implements PushdownPolicy {
    @Override
    public String whyNotPushable(RexNode expr) {
        String[] why = {null};
        expr.accept(new RexVisitorImpl<Void>(true) {
            @Override
            public Void visitCall(RexCall call) {
                if (call.getOperator() == HiveOperators.DIVIDE || call.getOperator() == HiveOperators.INT_DIVIDE
                        || call.getOperator() == HiveOperators.RLIKE
                        || call.getOperator() instanceof org.hadoopdb.planner.functions.HiveFunction) {
                    why[0] = call.getOperator().getName() + " has no PostgreSQL equivalent with Hive's semantics";
                }
                return super.visitCall(call);
            }
        });
        return why[0];
    }

    @Override
    public String whyNotPushable(AggregateCall call) {
        return call.getAggregation().getKind() == org.apache.calcite.sql.SqlKind.SINGLE_VALUE
                ? "PostgreSQL has no SINGLE_VALUE aggregate (a scalar sub-query's one-row check)" : null;
    }
}
