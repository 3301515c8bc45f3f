package org.hadoopdb.functions;

import java.util.function.BiFunction;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * Replaces calls of Hive functions in every expression of a plan: how the values a query fixes when it
 * is planned ({@link QueryClock}, {@link SessionDatabase}) become literals.
 */
final class HiveCallRewriter {
    private HiveCallRewriter() {
    }

    /**
     * {@code rel} with each call of a {@link HiveFunction} replaced by {@code replacement}'s answer,
     * or kept (its operands rewritten) where the answer is null; a plan without such calls comes back as it was.
     */
    static RelNode rewrite(RelNode rel, BiFunction<HiveFunction, RexCall, RexNode> replacement) {
        RexShuttle calls = new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                if (call.getOperator() instanceof HiveFunction f) {
                    RexNode replaced = replacement.apply(f, call);
                    if (replaced != null) {
                        return replaced;
                    }
                }
                return super.visitCall(call);
            }
        };
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                return super.visit(other).accept(calls);
            }
        });
    }
}
