package org.hadoopdb.planner.sms;

import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlKind;
import org.hadoopdb.planner.optimize.ComplexKeys;
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
            public Void visitFieldAccess(org.apache.calcite.rex.RexFieldAccess access) {
                if (why[0] == null) {
                    why[0] = "struct field " + access.getField().getName() + ": " + COMPLEX;
                }
                return super.visitFieldAccess(access);
            }

            @Override
            public Void visitCall(RexCall call) {
                if (why[0] == null && touchesComplex(call)) {
                    why[0] = call.getOperator().getName().toLowerCase(java.util.Locale.ROOT) + ": " + COMPLEX;
                }
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

    /** Why no expression over ARRAY, MAP or STRUCT values is pushed. */
    private static final String COMPLEX = "arrays, maps and structs are jsonb in the chunks; Hive's semantics are kept in MapReduce";

    /** Whether a call takes or makes a complex value (IS [NOT] NULL of one is exact in PostgreSQL). */
    private static boolean touchesComplex(RexCall call) {
        if (call.getKind() == SqlKind.IS_NULL || call.getKind() == SqlKind.IS_NOT_NULL) {
            return false;
        }
        if (ComplexKeys.isComplex(call.getType())) {
            return true;
        }
        return call.operands.stream().anyMatch(o -> ComplexKeys.isComplex(o.getType()));
    }

    @Override
    public String whyNotPushable(AggregateCall call) {
        SqlKind kind = call.getAggregation().getKind();
        if (kind != SqlKind.COUNT && ComplexKeys.isComplex(call.getType())) {
            return call.getAggregation().getName() + ": " + COMPLEX;
        }
        return switch (kind) {
            case COUNT, SUM, SUM0, MIN, MAX, AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> null;
            case SINGLE_VALUE -> "PostgreSQL has no SINGLE_VALUE aggregate (a scalar sub-query's one-row check)";
            default -> call.getAggregation().getName() + " has no PostgreSQL equivalent with Hive's semantics";
        };
    }
}
