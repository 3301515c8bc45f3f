package org.hadoopdb.planner.codegen;

import static org.hadoopdb.planner.codegen.ExpressionCodegen.javaString;
import static org.hadoopdb.planner.codegen.ExpressionCodegen.or;

import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.codegen.ExpressionCodegen.Val;

/**
 * Generates LIKE and RLIKE / REGEXP. A literal pattern is compiled once, into a constant of the
 * generated class, and matched through one reusable {@code Matcher} per instance; a pattern computed
 * per row is compiled at run time.
 */
final class PatternCodegen {
    private final ExpressionCodegen cg;

    PatternCodegen(ExpressionCodegen cg) {
        this.cg = cg;
    }

    /** [NOT] LIKE, with an optional escape character. */
    Val like(RexCall call) {
        boolean negated = call.getOperator() instanceof SqlLikeOperator l && l.isNegated();
        RexNode x = call.operands.get(0);
        RexNode p = call.operands.get(1);
        Val a = Conversions.toRepr(cg, cg.gen(x), x.getType(), Repr.STRING);
        char escape = 0;
        boolean literalEscape = true;
        if (call.operands.size() > 2) {
            if (call.operands.get(2) instanceof RexLiteral e && !e.isNull()) {
                escape = e.getValueAs(String.class).charAt(0);
            } else {
                literalEscape = false;
            }
        }
        String match;
        String nulls;
        if (p instanceof RexLiteral lit && literalEscape) {
            if (lit.isNull()) {
                return new Val("true", "false", Repr.BOOLEAN);
            }
            String pattern = lit.getValueAs(String.class);
            String compiled = call.operands.size() > 2
                    ? "org.hadoopdb.functions.impl.HivePatterns.likePattern(" + javaString(pattern) + ", '"
                    + (escape == '\\' || escape == '\'' ? "\\" + escape : String.valueOf(escape)) + "')"
                    : "org.hadoopdb.functions.impl.HivePatterns.hiveLikePattern(" + javaString(pattern) + ")";
            String field = cg.constant("java.util.regex.Pattern", compiled);
            // one Matcher per task, reset for each row (a generated object is used by one thread)
            String matcher = cg.instanceField("java.util.regex.Matcher", field + ".matcher(\"\")");
            match = matcher + ".reset(" + a.value() + ").matches()";
            nulls = a.isNull();
        } else {
            Val b = Conversions.toRepr(cg, cg.gen(p), p.getType(), Repr.STRING);
            match = "org.hadoopdb.functions.impl.HivePatterns.hiveLikePattern(" + b.value() + ").matcher(" + a.value()
                    + ").matches()";
            nulls = or(a.isNull(), b.isNull());
        }
        Val out = cg.declare(Repr.BOOLEAN);
        cg.emit("if (!" + nulls + ") { " + out.isNull() + " = false; " + out.value() + " = " + (negated ? "!" : "")
                + match + "; }");
        return out;
    }

    /** RLIKE / REGEXP: a Java regular expression found anywhere in the string. */
    Val rlike(RexCall call) {
        RexNode x = call.operands.get(0);
        RexNode p = call.operands.get(1);
        Val a = Conversions.toRepr(cg, cg.gen(x), x.getType(), Repr.STRING);
        Val out = cg.declare(Repr.BOOLEAN);
        if (p instanceof RexLiteral lit) {
            if (lit.isNull()) {
                return out;
            }
            String regex = lit.getValueAs(String.class);
            try {
                java.util.regex.Pattern.compile(regex);
            } catch (java.util.regex.PatternSyntaxException e) {
                throw new PlannerException("Invalid regular expression '" + regex + "' in RLIKE: " + e.getDescription(), e);
            }
            String field = cg.constant("java.util.regex.Pattern", "java.util.regex.Pattern.compile(" + javaString(regex) + ")");
            String matcher = cg.instanceField("java.util.regex.Matcher", field + ".matcher(\"\")");
            cg.emit("if (!" + a.isNull() + ") { " + out.isNull() + " = false; " + out.value() + " = " + matcher + ".reset("
                    + a.value() + ").find(); }");
            return out;
        }
        Val b = Conversions.toRepr(cg, cg.gen(p), p.getType(), Repr.STRING);
        String cache = cg.instanceField("org.hadoopdb.functions.impl.RegexCache", "new org.hadoopdb.functions.impl.RegexCache()");
        String pat = cg.fresh("p");
        cg.emit("if (!" + or(a.isNull(), b.isNull()) + ") { java.util.regex.Pattern " + pat + " = " + cache + ".get("
                + b.value() + "); if (" + pat + " != null) { " + out.isNull() + " = false; " + out.value() + " = "
                + pat + ".matcher(" + a.value() + ").find(); } }");
        return out;
    }
}
