package org.hadoopdb.planner.codegen;

import static org.hadoopdb.planner.codegen.ExpressionCodegen.narrow;
import static org.hadoopdb.planner.codegen.ExpressionCodegen.or;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.codegen.ExpressionCodegen.Val;

/**
 * Generates arithmetic with Hive's semantics: integers computed in 64 bits and wrapped to the result
 * type, decimals with the result's precision and scale enforced, division and remainder by zero NULL.
 * Date and timestamp arithmetic with intervals is left to {@link TemporalCodegen}.
 */
final class ArithmeticCodegen {
    private static final String ARITHMETIC = "org.hadoopdb.functions.impl.HiveArithmetic.";
    private final ExpressionCodegen cg;

    ArithmeticCodegen(ExpressionCodegen cg) {
        this.cg = cg;
    }

    /** {@code +}, {@code -} and {@code *}. */
    Val arithmetic(RexCall call) {
        RelDataType type = call.getType();
        Repr r = Repr.of(type);
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        if (r == Repr.DATE || r == Repr.TIMESTAMP) {
            return new TemporalCodegen(cg).datetimeArithmetic(call, r);
        }
        if (r == Repr.MONTHS || r == Repr.MILLIS) {
            Val a = Conversions.toRepr(cg, cg.gen(x), x.getType(), r);
            Val b = Conversions.toRepr(cg, cg.gen(y), y.getType(), r);
            return new Val(or(a.isNull(), b.isNull()), "(" + a.value() + " " + symbol(call.getKind()) + " " + b.value() + ")", r);
        }
        Val a = cg.gen(x);
        Val b = cg.gen(y);
        String nulls = or(a.isNull(), b.isNull());
        switch (r) {
            case INT, LONG: {
                Val la = Conversions.toRepr(cg, a, x.getType(), Repr.LONG);
                Val lb = Conversions.toRepr(cg, b, y.getType(), Repr.LONG);
                // computed in 64 bits, then wrapped to the result type as Java (and Hive) do
                return new Val(nulls, narrow("(" + la.value() + " " + symbol(call.getKind()) + " "
                        + lb.value() + ")", type.getSqlTypeName()), r);
            }
            case FLOAT, DOUBLE: {
                Val da = Conversions.toRepr(cg, a, x.getType(), Repr.DOUBLE);
                Val db = Conversions.toRepr(cg, b, y.getType(), Repr.DOUBLE);
                String v = "(" + da.value() + " " + symbol(call.getKind()) + " " + db.value() + ")";
                return new Val(nulls, r == Repr.FLOAT ? "((float) " + v + ")" : v, r);
            }
            case DECIMAL: {
                Val da = Conversions.toRepr(cg, a, x.getType(), Repr.DECIMAL);
                Val db = Conversions.toRepr(cg, b, y.getType(), Repr.DECIMAL);
                String method = switch (call.getKind()) {
                    case PLUS -> "add";
                    case MINUS -> "subtract";
                    default -> "multiply";
                };
                return cg.nullable(nulls, ARITHMETIC + method + "(" + da.value() + ", "
                        + db.value() + ", " + type.getPrecision() + ", " + type.getScale() + ")", r);
            }
            default:
                throw new PlannerException("Arithmetic " + call + " of type " + type + " cannot be evaluated in MapReduce");
        }
    }

    private static String symbol(SqlKind kind) {
        return switch (kind) {
            case PLUS -> "+";
            case MINUS -> "-";
            case TIMES -> "*";
            default -> throw new IllegalArgumentException(kind.toString());
        };
    }

    /** Hive's {@code /}: DOUBLE, or DECIMAL for exact operands with a decimal; NULL when dividing by zero. */
    Val divide(RexCall call) {
        RelDataType type = call.getType();
        Repr r = Repr.of(type);
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        Val a = cg.gen(x);
        Val b = cg.gen(y);
        String nulls = or(a.isNull(), b.isNull());
        if (r == Repr.DECIMAL) {
            Val da = Conversions.toRepr(cg, a, x.getType(), Repr.DECIMAL);
            Val db = Conversions.toRepr(cg, b, y.getType(), Repr.DECIMAL);
            return cg.nullable(nulls, ARITHMETIC + "divide(" + da.value() + ", " + db.value()
                    + ", " + type.getPrecision() + ", " + type.getScale() + ")", r);
        }
        if (r == Repr.INT || r == Repr.LONG) {
            // SQL's integer division (Calcite's own DIVIDE, e.g. from rewrites), truncating toward zero
            Val la = Conversions.toRepr(cg, a, x.getType(), Repr.LONG);
            Val lb = Conversions.toRepr(cg, b, y.getType(), Repr.LONG);
            return new Val(or(nulls, "(" + lb.value() + " == 0L)"), narrow("(" + lb.value()
                    + " == 0L ? 0L : " + la.value() + " / " + lb.value() + ")", type.getSqlTypeName()), r);
        }
        Val da = Conversions.toRepr(cg, a, x.getType(), Repr.DOUBLE);
        Val db = Conversions.toRepr(cg, b, y.getType(), Repr.DOUBLE);
        String v = "(" + da.value() + " / " + db.value() + ")";
        return new Val(or(nulls, "(" + db.value() + " == 0d)"), r == Repr.FLOAT ? "((float) " + v + ")" : v, r);
    }

    /** Hive's {@code DIV}: integer division truncating toward zero, NULL when dividing by zero. */
    Val intDivide(RexCall call) {
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        Val a = Conversions.toRepr(cg, cg.gen(x), x.getType(), Repr.LONG);
        Val b = Conversions.toRepr(cg, cg.gen(y), y.getType(), Repr.LONG);
        String nulls = or(or(a.isNull(), b.isNull()), "(" + b.value() + " == 0L)");
        return new Val(nulls, narrow("(" + b.value() + " == 0L ? 0L : " + a.value() + " / "
                + b.value() + ")", call.getType().getSqlTypeName()), Repr.of(call.getType()));
    }

    /** {@code %}: the sign of the dividend; NULL when dividing by zero. */
    Val remainder(RexCall call) {
        RelDataType type = call.getType();
        Repr r = Repr.of(type);
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        Val a = cg.gen(x);
        Val b = cg.gen(y);
        String nulls = or(a.isNull(), b.isNull());
        switch (r) {
            case INT, LONG: {
                Val la = Conversions.toRepr(cg, a, x.getType(), Repr.LONG);
                Val lb = Conversions.toRepr(cg, b, y.getType(), Repr.LONG);
                return new Val(or(nulls, "(" + lb.value() + " == 0L)"), narrow("(" + lb.value()
                        + " == 0L ? 0L : " + la.value() + " % " + lb.value() + ")", type.getSqlTypeName()), r);
            }
            case FLOAT, DOUBLE: {
                Val da = Conversions.toRepr(cg, a, x.getType(), Repr.DOUBLE);
                Val db = Conversions.toRepr(cg, b, y.getType(), Repr.DOUBLE);
                String v = "(" + da.value() + " % " + db.value() + ")";
                return new Val(or(nulls, "(" + db.value() + " == 0d)"), r == Repr.FLOAT ? "((float) " + v + ")" : v, r);
            }
            case DECIMAL: {
                Val da = Conversions.toRepr(cg, a, x.getType(), Repr.DECIMAL);
                Val db = Conversions.toRepr(cg, b, y.getType(), Repr.DECIMAL);
                return cg.nullable(nulls, ARITHMETIC + "remainder(" + da.value() + ", "
                        + db.value() + ", " + type.getPrecision() + ", " + type.getScale() + ")", r);
            }
            default:
                throw new PlannerException("Remainder " + call + " cannot be evaluated in MapReduce");
        }
    }

    /** Unary minus; integers wrap to the result type. */
    Val negate(RexCall call) {
        RelDataType type = call.getType();
        Repr r = Repr.of(type);
        RexNode x = call.operands.get(0);
        Val a = Conversions.toRepr(cg, cg.gen(x), x.getType(), r);
        return switch (r) {
            case INT, LONG -> new Val(a.isNull(), narrow("(-(long) " + a.value() + ")",
                    type.getSqlTypeName()), r);
            case FLOAT, DOUBLE, MONTHS, MILLIS -> new Val(a.isNull(), "(-" + a.value() + ")", r);
            case DECIMAL -> new Val(a.isNull(), "(" + a.isNull() + " ? null : " + a.value() + ".negate())", r);
            default -> throw new PlannerException("Cannot negate " + call + " in MapReduce");
        };
    }
}
