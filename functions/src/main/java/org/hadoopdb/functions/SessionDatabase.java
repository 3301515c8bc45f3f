package org.hadoopdb.functions;

import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * Fixes {@code current_database()} to the database the query is planned in, as a literal, before
 * the plan is split: the chunks and the tasks never know the session, and the literal can be pushed.
 */
public final class SessionDatabase {
    private SessionDatabase() {
    }

    /** {@code rel} with {@code current_database()} replaced by {@code database}. */
    public static RelNode fix(RelNode rel, String database) {
        RexBuilder b = rel.getCluster().getRexBuilder();
        RexShuttle literal = new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                if (call.getOperator() instanceof HiveFunction f && f.getName().equals("current_database")) {
                    return b.makeCast(call.getType(), b.makeLiteral(database));
                }
                return super.visitCall(call);
            }
        };
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                return super.visit(other).accept(literal);
            }
        });
    }
}
