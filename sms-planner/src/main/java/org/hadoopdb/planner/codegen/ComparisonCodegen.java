package org.hadoopdb.planner.codegen;

import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.codegen.ExpressionCodegen.Val;

/**
 * Generates comparisons ({@code =}, {@code <>}, {@code <}, ..., IS [NOT] DISTINCT FROM) with Hive's
 * rules: both operands are first brought to the one representation Hive compares them in (a string
 * with a number as doubles, a date with a timestamp as timestamps), and text compares in code-point order.
 */
final class ComparisonCodegen {
    private final ExpressionCodegen cg;

    ComparisonCodegen(ExpressionCodegen cg) {
        this.cg = cg;
    }

    Val comparison(RexCall call) {
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        Val[] ab = comparable(x, y);
        String cmp = compareExpr(ab[0], ab[1], call.getKind());
        return new Val(ExpressionCodegen.or(ab[0].isNull(), ab[1].isNull()), cmp, Repr.BOOLEAN);
    }

    Val distinct(RexCall call) {
        Val[] ab = comparable(call.operands.get(0), call.operands.get(1));
        String eq = compareExpr(ab[0], ab[1], SqlKind.EQUALS);
        String a = ab[0].isNull();
        String b = ab[1].isNull();
        String same = "(" + a + " && " + b + " || !" + a + " && !" + b + " && " + eq + ")";
        return new Val("false", call.getKind() == SqlKind.IS_NOT_DISTINCT_FROM ? same : "(!" + same + ")", Repr.BOOLEAN);
    }

    /** Both operands in one representation Hive compares them in. */
    Val[] comparable(RexNode x, RexNode y) {
        Val a = cg.gen(x);
        Val b = cg.gen(y);
        Repr common = commonRepr(a.repr(), b.repr());
        return new Val[]{Conversions.toRepr(cg, a, x.getType(), common), Conversions.toRepr(cg, b, y.getType(), common)};
    }

    static Repr commonRepr(Repr a, Repr b) {
        if (a == b) {
            return a;
        }
        if (a == Repr.NULL) {
            return b;
        }
        if (b == Repr.NULL) {
            return a;
        }
        if (a.isNumeric() && b.isNumeric()) {
            if (a == Repr.DOUBLE || b == Repr.DOUBLE || a == Repr.FLOAT || b == Repr.FLOAT) {
                return Repr.DOUBLE;
            }
            if (a == Repr.DECIMAL || b == Repr.DECIMAL) {
                return Repr.DECIMAL;
            }
            return Repr.LONG;
        }
        // Hive compares a string with a number as doubles, and with a date or timestamp as that type
        if (a == Repr.STRING && b.isNumeric() || b == Repr.STRING && a.isNumeric()) {
            return Repr.DOUBLE;
        }
        if (a == Repr.STRING || b == Repr.STRING) {
            return a == Repr.STRING ? b : a;
        }
        if (a == Repr.DATE && b == Repr.TIMESTAMP || a == Repr.TIMESTAMP && b == Repr.DATE) {
            return Repr.TIMESTAMP;
        }
        throw new PlannerException("Cannot compare values of types " + a + " and " + b + " in MapReduce");
    }

    /** The Java boolean expression comparing two non-NULL values of one representation. */
    static String compareExpr(Val a, Val b, SqlKind kind) {
        String op = switch (kind) {
            case EQUALS -> "==";
            case NOT_EQUALS -> "!=";
            case LESS_THAN -> "<";
            case LESS_THAN_OR_EQUAL -> "<=";
            case GREATER_THAN -> ">";
            case GREATER_THAN_OR_EQUAL -> ">=";
            default -> throw new IllegalArgumentException(kind.toString());
        };
        if (a.repr().isPrimitive() && a.repr() != Repr.BOOLEAN) {
            return "(" + a.value() + " " + op + " " + b.value() + ")";
        }
        if (a.repr() == Repr.BOOLEAN && (kind == SqlKind.EQUALS || kind == SqlKind.NOT_EQUALS)) {
            return "(" + a.value() + " " + op + " " + b.value() + ")";
        }
        return "(org.hadoopdb.functions.impl.HiveComparisons.compare(" + a.value() + ", " + b.value() + ") " + op + " 0)";
    }
}
