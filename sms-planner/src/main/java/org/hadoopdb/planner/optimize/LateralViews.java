package org.hadoopdb.planner.optimize;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rel.logical.LogicalCorrelate;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlFunction;
import org.hadoopdb.functions.HiveTableFunction;
import org.hadoopdb.functions.udf.UserTableFunction;
import org.hadoopdb.planner.PlannerException;

/**
 * Turns each LATERAL VIEW, which Calcite converts to a correlated join
 * {@code Correlate(src, TableFunctionScan(f($cor.x)))}, into a {@link Generate} over {@code src} whose
 * arguments read {@code src}'s fields directly. Runs first, before anything that would try to
 * decorrelate it.
 */
public final class LateralViews {
    private LateralViews() {
    }

    public static RelNode toGenerates(RelNode rel) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(LogicalCorrelate correlate) {
                return generate((LogicalCorrelate) visitChildren(correlate));
            }

            @Override
            public RelNode visit(LogicalJoin join) {
                return generate((LogicalJoin) visitChildren(join));
            }
        });
    }

    /**
     * A lateral view whose arguments read nothing of its source ({@code SELECT f(2, 'x', 1) AS (k, v)}): Calcite
     * plans it as a plain join with the table function's scan, on TRUE.
     */
    private static RelNode generate(LogicalJoin j) {
        if (!(j.getRight() instanceof TableFunctionScan scan) || !scan.getInputs().isEmpty()
                || !(scan.getCall() instanceof RexCall call) || !isTableFunction(call)
                || !j.getCondition().isAlwaysTrue() || j.getJoinType() != JoinRelType.INNER && j.getJoinType() != JoinRelType.LEFT) {
            return j;
        }
        return new Generate(j.getCluster(), j.getTraitSet(), j.getLeft(), (SqlFunction) call.getOperator(), call.getOperands(),
                j.getJoinType() == JoinRelType.LEFT, j.getRowType());
    }

    private static boolean isTableFunction(RexCall call) {
        return call.getOperator() instanceof HiveTableFunction || call.getOperator() instanceof UserTableFunction;
    }

    private static RelNode generate(Correlate c) {
        if (!(c.getRight() instanceof TableFunctionScan scan) || !scan.getInputs().isEmpty()
                || !(scan.getCall() instanceof RexCall call) || !isTableFunction(call)) {
            return c; // not a lateral view: the decorrelator's, or the SMS split's refusal
        }
        SqlFunction function = (SqlFunction) call.getOperator();
        if (c.getJoinType() != JoinRelType.INNER && c.getJoinType() != JoinRelType.LEFT) {
            throw new PlannerException("LATERAL VIEW " + function.getName() + " cannot be joined with " + c.getJoinType());
        }
        RexShuttle uncorrelate = new RexShuttle() {
            @Override
            public RexNode visitFieldAccess(RexFieldAccess access) {
                if (access.getReferenceExpr() instanceof RexCorrelVariable v && v.id.equals(c.getCorrelationId())) {
                    return new RexInputRef(access.getField().getIndex(), access.getType());
                }
                return super.visitFieldAccess(access);
            }

            @Override
            public RexNode visitCorrelVariable(RexCorrelVariable v) {
                throw new PlannerException("The arguments of LATERAL VIEW " + function.getName()
                        + " refer to a whole row; name its columns");
            }
        };
        List<RexNode> args = uncorrelate.apply(call.getOperands());
        return new Generate(c.getCluster(), c.getTraitSet(), c.getLeft(), function, args,
                c.getJoinType() == JoinRelType.LEFT, c.getRowType());
    }
}
