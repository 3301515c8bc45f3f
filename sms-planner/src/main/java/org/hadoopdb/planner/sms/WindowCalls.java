package org.hadoopdb.planner.sms;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlKind;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.analyze.TypeMapping;
import org.hadoopdb.planner.plan.OperatorSpec.WinCall;

/** Window function calls of a Calcite {@link Window}: whether PostgreSQL may compute them, and their MapReduce form. */
final class WindowCalls {
    private WindowCalls() {
    }

    /** Null when every window can be computed inside each chunk's database; otherwise why not. */
    static String whyNotPushable(Window w, Placement placement, PushdownPolicy pushdown) {
        for (Window.Group g : w.groups) {
            if (!placement.keepsTogether(g.keys)) {
                return "PARTITION BY " + g.keys + " does not contain the partitioning key, so a partition spans chunks";
            }
            for (Window.RexWinAggCall call : g.aggCalls) {
                if (call.getOperator() instanceof SqlAggFunction agg && isAggregate(call.getKind())) {
                    List<Integer> args = new ArrayList<>();
                    for (RexNode operand : call.getOperands()) {
                        if (operand instanceof RexInputRef ref) {
                            args.add(ref.getIndex());
                        }
                    }
                    AggregateCall asAggregate = AggregateCall.create(agg, call.distinct, false, call.ignoreNulls, List.of(),
                            args, -1, null, RelCollations.EMPTY, call.getType(), null);
                    String why = pushdown.whyNotPushable(asAggregate);
                    if (why != null) {
                        return call + ": " + why;
                    }
                } else {
                    String why = pushdown.whyNotPushable(call);
                    if (why != null) {
                        return call + ": " + why;
                    }
                }
            }
        }
        return null;
    }

    /** The calls of {@code g}, whose results follow the input fields and the {@code produced} results of earlier groups. */
    static List<WinCall> calls(Window w, Window.Group g, int inputWidth, int produced) {
        List<WinCall> calls = new ArrayList<>();
        long lower = bound(w, g.lowerBound, true, g.isRows);
        long upper = bound(w, g.upperBound, false, g.isRows);
        int i = 0;
        for (Window.RexWinAggCall call : g.aggCalls) {
            if (call.distinct) {
                throw new PlannerException("DISTINCT inside a window function (" + call + ") is not supported");
            }
            String name = w.getRowType().getFieldNames().get(inputWidth + produced + i);
            var type = TypeMapping.toHive(call.getType(), "window function " + call);
            SqlKind kind = call.getKind();
            String function = function(call, kind);
            List<Integer> args = new ArrayList<>();
            long offset = 1;
            Object fallback = null;
            List<RexNode> operands = call.getOperands();
            for (int k = 0; k < operands.size(); k++) {
                RexNode op = operands.get(k);
                boolean valueArgument = k == 0 && !function.equals("NTILE");
                if (valueArgument) {
                    if (!(op instanceof RexInputRef ref) || ref.getIndex() >= inputWidth) {
                        throw new PlannerException("Window function " + call + " needs a column argument");
                    }
                    args.add(ref.getIndex());
                } else if (function.equals("NTILE") || k == 1) {
                    offset = longConstant(w, op, call);
                } else {
                    fallback = constant(w, op, call);
                }
            }
            calls.add(new WinCall(function, args.stream().mapToInt(Integer::intValue).toArray(), g.isRows, lower, upper,
                    offset, fallback, type, name));
            i++;
        }
        return calls;
    }

    private static boolean isAggregate(SqlKind kind) {
        return switch (kind) {
            case COUNT, SUM, SUM0, AVG, MIN, MAX, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> true;
            default -> false;
        };
    }

    private static String function(Window.RexWinAggCall call, SqlKind kind) {
        return switch (kind) {
            case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE, LAG, LEAD, FIRST_VALUE, LAST_VALUE ->
                    kind.name();
            case COUNT -> call.getOperands().isEmpty() ? "COUNT_STAR" : "COUNT";
            case SUM, SUM0, AVG, MIN, MAX, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> kind.name();
            default -> throw new PlannerException("Window function " + call.getOperator().getName().toLowerCase(Locale.ROOT)
                    + " is not supported in MapReduce");
        };
    }

    /** A frame bound in {@link WinCall}'s encoding. */
    private static long bound(Window w, RexWindowBound b, boolean lower, boolean rows) {
        if (b.isUnbounded()) {
            return WinCall.UNBOUNDED;
        }
        if (b.isCurrentRow()) {
            return 0;
        }
        if (!rows) {
            throw new PlannerException("RANGE frames with an offset (" + b + ") are not supported; use ROWS");
        }
        long n = longConstant(w, b.getOffset(), b);
        return b.isPreceding() ? -n : n;
    }

    private static long longConstant(Window w, RexNode node, Object context) {
        Object v = constant(w, node, context);
        if (!(v instanceof Number n)) {
            throw new PlannerException("Expected an integer constant in " + context + ", got " + node);
        }
        return n.longValue();
    }

    /** The Java value of a constant operand: a literal, or a reference to the window's constants. */
    private static Object constant(Window w, RexNode node, Object context) {
        RexNode n = node;
        if (n instanceof RexInputRef ref) {
            int c = ref.getIndex() - w.getInput().getRowType().getFieldCount();
            if (c < 0) {
                throw new PlannerException("Expected a constant in " + context + ", got a column");
            }
            n = w.constants.get(c);
        }
        if (!(n instanceof RexLiteral lit)) {
            throw new PlannerException("Expected a constant in " + context + ", got " + node);
        }
        Object v = lit.getValue2();
        if (v instanceof org.apache.calcite.util.NlsString s) {
            return s.getValue();
        }
        if (v instanceof java.math.BigDecimal d) {
            return d.stripTrailingZeros().scale() <= 0 ? (Object) d.longValueExact() : d.doubleValue();
        }
        return v;
    }
}
