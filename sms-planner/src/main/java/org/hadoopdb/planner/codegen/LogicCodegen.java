package org.hadoopdb.planner.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.codegen.ExpressionCodegen.Val;

/**
 * Generates SQL's three-valued logic: NOT and the IS [NOT] NULL / TRUE / FALSE tests, and the
 * lazily evaluated forms AND, OR, CASE and COALESCE, whose operands are computed only until the
 * result is decided.
 */
final class LogicCodegen {
    /** Operands of one AND or OR evaluated in one generated method. */
    static final int GROUP = 32;
    private final ExpressionCodegen cg;

    LogicCodegen(ExpressionCodegen cg) {
        this.cg = cg;
    }

    /** NOT, IS [NOT] NULL, IS [NOT] TRUE and IS [NOT] FALSE. */
    Val test(RexCall call) {
        Val a = cg.gen(call.operands.get(0));
        return switch (call.getKind()) {
            case NOT -> new Val(a.isNull(), "(!" + a.value() + ")", Repr.BOOLEAN);
            case IS_NULL -> new Val("false", a.isNull(), Repr.BOOLEAN);
            case IS_NOT_NULL -> new Val("false", "(!" + a.isNull() + ")", Repr.BOOLEAN);
            case IS_TRUE -> new Val("false", "(!" + a.isNull() + " && " + a.value() + ")", Repr.BOOLEAN);
            case IS_NOT_TRUE -> new Val("false", "(" + a.isNull() + " || !" + a.value() + ")", Repr.BOOLEAN);
            case IS_FALSE -> new Val("false", "(!" + a.isNull() + " && !" + a.value() + ")", Repr.BOOLEAN);
            case IS_NOT_FALSE -> new Val("false", "(" + a.isNull() + " || " + a.value() + ")", Repr.BOOLEAN);
            default -> throw new PlannerException("Expression " + call + " is not a logical test");
        };
    }

    /**
     * AND or OR of any number of operands. Past {@link #GROUP} operands, each group of them is
     * evaluated in a method of its own (groups of groups past GROUP², and so on), so that no
     * generated method outgrows the JVM's 64 KB.
     */
    Val andOr(RexCall call, boolean and) {
        List<RexNode> ops = call.operands;
        if (ops.size() <= GROUP) {
            return lazy(ops, and, cg::gen);
        }
        List<RexNode> groups = new ArrayList<>();
        for (int i = 0; i < ops.size(); i += GROUP) {
            List<RexNode> g = ops.subList(i, Math.min(ops.size(), i + GROUP));
            groups.add(g.size() == 1 ? g.get(0) : cg.rexBuilder().makeCall(call.getType(), call.getOperator(), g));
        }
        return lazy(groups, and, cg::booleanInMethod);
    }

    private Val lazy(List<RexNode> operands, boolean and, Function<RexNode, Val> gen) {
        String n = cg.fresh("n");
        String v = cg.fresh("v");
        cg.emit("boolean " + n + " = false; boolean " + v + " = " + and + ";");
        cg.emit("do {");
        for (RexNode operand : operands) {
            Val a = gen.apply(operand);
            cg.emit("if (!" + a.isNull() + " && " + (and ? "!" : "") + a.value() + ") { " + v + " = " + !and + "; break; }");
            cg.emit("if (" + a.isNull() + ") " + n + " = true;");
        }
        cg.emit("} while (false);");
        // a decisive operand decides even when an earlier one was NULL
        cg.emit("if (" + v + " == " + !and + ") " + n + " = false;");
        return new Val(n, v, Repr.BOOLEAN);
    }

    Val caseWhen(RexCall call) {
        RelDataType type = call.getType();
        Val out = cg.declare(Repr.of(type));
        List<RexNode> ops = call.operands;
        cg.emit("do {");
        for (int i = 0; i + 1 < ops.size(); i += 2) {
            Val c = cg.gen(ops.get(i));
            cg.emit("if (!" + c.isNull() + " && " + c.value() + ") {");
            cg.assign(out, Conversions.convert(cg, cg.gen(ops.get(i + 1)), ops.get(i + 1).getType(), type));
            cg.emit("break; }");
        }
        if (ops.size() % 2 == 1) {
            RexNode otherwise = ops.get(ops.size() - 1);
            cg.assign(out, Conversions.convert(cg, cg.gen(otherwise), otherwise.getType(), type));
        }
        cg.emit("} while (false);");
        return out;
    }

    /** The first operand that is not NULL, converted to {@code type}; NULL when all are. */
    Val firstNonNull(List<RexNode> operands, RelDataType type) {
        Val out = cg.declare(Repr.of(type));
        cg.emit("do {");
        for (RexNode operand : operands) {
            Val a = Conversions.convert(cg, cg.gen(operand), operand.getType(), type);
            cg.emit("if (!" + a.isNull() + ") { " + out.isNull() + " = false; " + out.value() + " = " + a.value()
                    + "; break; }");
        }
        cg.emit("} while (false);");
        return out;
    }
}
