package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlKind;
import org.hadoopdb.planner.sqlgen.PostgresTranslation;

/**
 * Pushes an expression into the chunk databases only when PostgreSQL computes it exactly as Hive
 * does, for every input: each call of the expression must have a {@link PostgresTranslation} that
 * is not refused. The first refusal is the reason EXPLAIN prints.
 */
public final class HivePushdownPolicy implements PushdownPolicy {
    private final RexBuilder rexBuilder;

    public HivePushdownPolicy(RexBuilder rexBuilder) {
        this.rexBuilder = rexBuilder;
    }

    @Override
    public String whyNotPushable(RexNode expr) {
        RexNode expanded = RexUtil.expandSearch(rexBuilder, null, expr);
        String[] why = {null};
        expanded.accept(new RexVisitorImpl<Void>(true) {
            @Override
            public Void visitCall(RexCall call) {
                if (why[0] == null) {
                    PostgresTranslation.Decision d = PostgresTranslation.of(call);
                    if (!d.pushable()) {
                        why[0] = call.getOperator().getName().toLowerCase(java.util.Locale.ROOT) + ": " + d.refused();
                    }
                }
                return super.visitCall(call);
            }
        });
        return why[0];
    }

    @Override
    public String whyNotPushable(AggregateCall call) {
        SqlKind kind = call.getAggregation().getKind();
        return switch (kind) {
            case COUNT, SUM, SUM0, MIN, MAX, AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> null;
            case SINGLE_VALUE -> "PostgreSQL has no SINGLE_VALUE aggregate (a scalar sub-query's one-row check)";
            default -> call.getAggregation().getName() + " has no PostgreSQL equivalent with Hive's semantics";
        };
    }
}
