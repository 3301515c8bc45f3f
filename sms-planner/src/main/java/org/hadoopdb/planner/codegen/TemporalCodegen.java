package org.hadoopdb.planner.codegen;

import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.codegen.ExpressionCodegen.Val;

/**
 * Generates date and timestamp expressions that are operators rather than library functions:
 * EXTRACT, and adding or subtracting a year-month (months) or day-time (milliseconds) interval.
 * Dates are epoch days, timestamps {@code LocalDateTime}s.
 */
final class TemporalCodegen {
    private final ExpressionCodegen cg;

    TemporalCodegen(ExpressionCodegen cg) {
        this.cg = cg;
    }

    /** A date or timestamp (type {@code r}) plus or minus an interval, in either operand order. */
    Val datetimeArithmetic(RexCall call, Repr r) {
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        Val a = cg.gen(x);
        Val b = cg.gen(y);
        Val dt = a.repr() == Repr.MONTHS || a.repr() == Repr.MILLIS ? b : a;
        Val iv = dt == a ? b : a;
        RelDataType dtType = dt == a ? x.getType() : y.getType();
        dt = Conversions.toRepr(cg, dt, dtType, r);
        String amount = call.getKind() == SqlKind.MINUS ? "(-" + iv.value() + ")" : iv.value();
        String method = iv.repr() == Repr.MONTHS ? "plusMonths" : "plusMillis";
        String nulls = ExpressionCodegen.or(a.isNull(), b.isNull());
        return new Val(nulls, "org.hadoopdb.functions.impl.HiveDates." + method + "(" + dt.value() + ", "
                + amount + ")", r);
    }

    /** EXTRACT(unit FROM x), with the library's date functions ({@code year}, {@code hour}, ...). */
    Val extract(RexCall call) {
        TimeUnitRange unit = ((RexLiteral) call.operands.get(0)).getValueAs(TimeUnitRange.class);
        RexNode x = call.operands.get(1);
        Val a = cg.gen(x);
        String method = switch (unit) {
            case YEAR -> "year";
            case QUARTER -> "quarter";
            case MONTH -> "month";
            case WEEK -> "weekofyear";
            case DAY -> "day";
            case DOW -> "dayofweek";
            case HOUR -> "hour";
            case MINUTE -> "minute";
            case SECOND -> "second";
            default -> throw new PlannerException("EXTRACT(" + unit + ") cannot be evaluated in MapReduce");
        };
        Repr target = a.repr() == Repr.DATE && (unit == TimeUnitRange.HOUR || unit == TimeUnitRange.MINUTE
                || unit == TimeUnitRange.SECOND) ? Repr.TIMESTAMP : a.repr() == Repr.STRING ? Repr.TIMESTAMP : a.repr();
        Val t = Conversions.toRepr(cg, a, x.getType(), target);
        String arg = t.repr() == Repr.DATE ? "java.time.LocalDate.ofEpochDay(" + t.value() + ")" : t.value();
        Repr r = Repr.of(call.getType());
        String v = "org.hadoopdb.functions.impl.DateFunctions." + method + "(" + arg + ")";
        return new Val(t.isNull(), r == Repr.LONG ? "((long) " + v + ")" : v, r);
    }
}
