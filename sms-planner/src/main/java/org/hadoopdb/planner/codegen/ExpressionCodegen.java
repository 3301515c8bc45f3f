package org.hadoopdb.planner.codegen;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimestampString;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.functions.HiveFunction;
import org.hadoopdb.functions.HiveOperators;

/**
 * Generates the Java statements that evaluate Calcite row expressions over a {@code Row} named
 * {@code in}, with SQL's three-valued logic: every value is a pair of a {@code boolean} NULL flag and
 * a Java value (see {@link Repr}). AND, OR, CASE and COALESCE evaluate their operands lazily.
 * One instance per generated class: it holds the generated fields and statements and dispatches each
 * operator to the generator of its kind ({@link LogicCodegen}, {@link ComparisonCodegen},
 * {@link ArithmeticCodegen}, {@link PatternCodegen}, {@link TemporalCodegen}, {@link Conversions},
 * {@link FunctionCalls}), which call back here for operands and statements.
 */
final class ExpressionCodegen {
    /** A computed value: a Java boolean expression that is true when it is NULL, and its value when not. */
    record Val(String isNull, String value, Repr repr) {
    }

    private final RelDataType inputType;
    private final RexBuilder rexBuilder;
    private final StringBuilder fields = new StringBuilder();
    private final StringBuilder body = new StringBuilder();
    private int next;

    ExpressionCodegen(RelDataType inputType, RexBuilder rexBuilder) {
        this.inputType = inputType;
        this.rexBuilder = rexBuilder;
    }

    org.apache.calcite.rel.type.RelDataTypeFactory typeFactory() {
        return rexBuilder.getTypeFactory();
    }

    /** Static and instance fields the statements use (compiled patterns, constants, caches). */
    String fields() {
        return fields.toString();
    }

    /** The statements generated so far. */
    String body() {
        return body.toString();
    }

    void emit(String code) {
        body.append(code).append('\n');
    }

    String fresh(String prefix) {
        return prefix + (next++);
    }

    /** A constant field initialised once; returns its name. */
    String constant(String javaType, String initializer) {
        String name = fresh("C");
        fields.append("private static final ").append(javaType).append(' ').append(name).append(" = ")
                .append(initializer).append(";\n");
        return name;
    }

    /** A per-instance field (state that must not be shared between tasks' threads); returns its name. */
    String instanceField(String javaType, String initializer) {
        String name = fresh("F");
        fields.append("private final ").append(javaType).append(' ').append(name).append(" = ")
                .append(initializer).append(";\n");
        return name;
    }

    /**
     * Evaluates a boolean expression in a method of its own and returns its value here: the JVM
     * limits one method's code to 64 KB, which a filter of a few hundred terms exceeds. The method
     * reads the same row {@code in}; it returns 2 for NULL, 1 for true, 0 for false.
     */
    Val booleanInMethod(RexNode e) {
        int start = body.length();
        Val v = gen(e);
        String code = body.substring(start);
        body.setLength(start);
        String name = fresh("m");
        fields.append("private int ").append(name).append("(org.hadoopdb.connector.row.Row in) {\n").append(code)
                .append("return ").append(v.isNull()).append(" ? 2 : ").append(v.value()).append(" ? 1 : 0;\n}\n");
        String r = fresh("r");
        emit("int " + r + " = " + name + "(in);");
        return new Val("(" + r + " == 2)", "(" + r + " == 1)", Repr.BOOLEAN);
    }

    RexBuilder rexBuilder() {
        return rexBuilder;
    }

    /** Declares a result pair, NULL with the zero value to start with. */
    Val declare(Repr repr) {
        String n = fresh("n");
        String v = fresh("v");
        emit("boolean " + n + " = true; " + repr.java + " " + v + " = " + repr.zero + ";");
        return new Val(n, v, repr);
    }

    /** Assigns {@code from} (already of {@code to}'s representation) to the declared pair {@code to}. */
    void assign(Val to, Val from) {
        if (from.isNull().equals("true")) {
            emit(to.isNull() + " = true;");
        } else if (from.isNull().equals("false")) {
            emit(to.isNull() + " = false; " + to.value() + " = " + from.value() + ";");
        } else {
            emit(to.isNull() + " = " + from.isNull() + "; if (!" + to.isNull() + ") " + to.value() + " = "
                    + from.value() + ";");
        }
    }

    // ---------------------------------------------------------------- dispatch

    Val gen(RexNode e) {
        if (e instanceof RexInputRef ref) {
            return inputRef(ref.getIndex());
        }
        if (e instanceof RexLiteral lit) {
            return literal(lit, lit.getType());
        }
        if (e instanceof RexCall call) {
            return call(call);
        }
        if (e instanceof org.apache.calcite.rex.RexFieldAccess access) {
            return new ComplexCodegen(this).fieldAccess(access);
        }
        throw new PlannerException("Expression " + e + " (" + e.getKind() + ") cannot be evaluated in MapReduce");
    }

    private Val inputRef(int i) {
        RelDataType t = inputType.getFieldList().get(i).getType();
        Repr r = Repr.of(t);
        String getter = switch (r) {
            case BOOLEAN -> "in.getBoolean(" + i + ")";
            case INT -> "in.getInt(" + i + ")";
            case LONG -> "in.getLong(" + i + ")";
            case FLOAT -> "in.getFloat(" + i + ")";
            case DOUBLE -> "in.getDouble(" + i + ")";
            case DECIMAL -> "in.getDecimal(" + i + ")";
            case STRING -> "in.getString(" + i + ")";
            case DATE -> "in.getEpochDay(" + i + ")";
            case TIMESTAMP -> "in.getTimestamp(" + i + ")";
            case BINARY -> "in.getBinary(" + i + ")";
            case ARRAY, MAP, STRUCT -> "(" + r.java + ") in.getComplex(" + i + ")";
            default -> throw new PlannerException("Field " + i + " of type " + t + " cannot be read in MapReduce");
        };
        String n = fresh("n");
        String v = fresh("v");
        emit("boolean " + n + " = in.isNull(" + i + "); " + r.java + " " + v + " = " + n + " ? " + r.zero + " : "
                + getter + ";");
        return new Val(n, v, r);
    }

    Val literal(RexLiteral lit, RelDataType type) {
        Repr r = Repr.of(type);
        if (lit.isNull()) {
            return new Val("true", r.zero, r);
        }
        String v = switch (r) {
            case BOOLEAN -> Boolean.toString(lit.getValueAs(Boolean.class));
            case INT -> Integer.toString(lit.getValueAs(BigDecimal.class).intValueExact());
            case LONG -> lit.getValueAs(BigDecimal.class).longValueExact() + "L";
            case FLOAT -> "Float.intBitsToFloat(" + Float.floatToRawIntBits(lit.getValueAs(Double.class).floatValue()) + ")";
            case DOUBLE -> doubleLiteral(lit.getValueAs(Double.class));
            case DECIMAL -> constant("java.math.BigDecimal", "new java.math.BigDecimal(\""
                    + lit.getValueAs(BigDecimal.class).toString() + "\")");
            case STRING -> javaString(lit.getValueAs(NlsString.class) != null
                    ? lit.getValueAs(NlsString.class).getValue() : lit.getValueAs(String.class));
            case DATE -> lit.getValueAs(DateString.class).getDaysSinceEpoch() + "L";
            case TIMESTAMP -> constant("java.time.LocalDateTime", "java.time.LocalDateTime.parse("
                    + javaString(lit.getValueAs(TimestampString.class).toString().replace(' ', 'T')) + ")");
            case BINARY -> constant("byte[]", "java.util.HexFormat.of().parseHex("
                    + javaString(lit.getValueAs(org.apache.calcite.avatica.util.ByteString.class).toString(16)) + ")");
            case MONTHS -> Integer.toString(lit.getValueAs(BigDecimal.class).intValueExact());
            case MILLIS -> lit.getValueAs(BigDecimal.class).longValueExact() + "L";
            case NULL -> "null";
            case ARRAY, MAP, STRUCT -> throw new PlannerException("Literal " + lit + " of a complex type cannot be evaluated in MapReduce");
        };
        return new Val("false", v, r);
    }

    static String doubleLiteral(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d) || d == 0 && 1 / d < 0) {
            return "Double.longBitsToDouble(" + Double.doubleToRawLongBits(d) + "L)";
        }
        return Double.toString(d) + "d";
    }

    /**
     * A Java string literal; every character outside printable ASCII is an escape: octal below 0x80
     * (a unicode escape of a line break would end the literal: they are replaced before the source is
     * read), {@code \\uXXXX} above.
     */
    static String javaString(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                sb.append(c);
            } else if (c < 0x80) {
                sb.append(String.format("\\%03o", (int) c));
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
        return sb.append('"').toString();
    }

    private Val call(RexCall call) {
        SqlOperator op = call.getOperator();
        if (op instanceof HiveFunction f) {
            return new FunctionCalls(this).call(f, call);
        }
        if (op instanceof org.hadoopdb.functions.udf.UserFunction f) {
            return new UserFunctionCodegen(this).call(f, call);
        }
        if (op == HiveOperators.DIVIDE) {
            return new ArithmeticCodegen(this).divide(call);
        }
        if (op == HiveOperators.INT_DIVIDE) {
            return new ArithmeticCodegen(this).intDivide(call);
        }
        if (op == HiveOperators.RLIKE) {
            return new PatternCodegen(this).rlike(call);
        }
        switch (call.getKind()) {
            case AND:
                return new LogicCodegen(this).andOr(call, true);
            case OR:
                return new LogicCodegen(this).andOr(call, false);
            case NOT, IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE:
                return new LogicCodegen(this).test(call);
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL:
                return new ComparisonCodegen(this).comparison(call);
            case IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM:
                return new ComparisonCodegen(this).distinct(call);
            case SEARCH:
                return gen(RexUtil.expandSearch(rexBuilder, null, call));
            case CAST, SAFE_CAST:
                return Conversions.convert(this, gen(call.operands.get(0)), call.operands.get(0).getType(), call.getType());
            case PLUS, MINUS, TIMES:
                return new ArithmeticCodegen(this).arithmetic(call);
            case DIVIDE:
                return new ArithmeticCodegen(this).divide(call);
            case MOD:
                return new ArithmeticCodegen(this).remainder(call);
            case MINUS_PREFIX:
                return new ArithmeticCodegen(this).negate(call);
            case PLUS_PREFIX:
                return gen(call.operands.get(0));
            case CASE:
                return new LogicCodegen(this).caseWhen(call);
            case COALESCE:
                return new LogicCodegen(this).firstNonNull(call.operands, call.getType());
            case LIKE:
                return new PatternCodegen(this).like(call);
            case EXTRACT:
                return new TemporalCodegen(this).extract(call);
            case REINTERPRET:
                return gen(call.operands.get(0));
            default:
                throw new PlannerException("Expression " + call + " (operator " + op.getName()
                        + ") cannot be evaluated in MapReduce yet");
        }
    }

    // ---------------------------------------------------------------- shared helpers

    /** The generated evaluation of each of {@code nodes}, in order. */
    List<Val> genAll(List<RexNode> nodes) {
        List<Val> out = new ArrayList<>();
        for (RexNode n : nodes) {
            out.add(gen(n));
        }
        return out;
    }

    /** A NULL flag that is true when either is; constant flags are folded. */
    static String or(String a, String b) {
        if (a.equals("false")) {
            return b;
        }
        if (b.equals("false")) {
            return a;
        }
        if (a.equals("true") || b.equals("true")) {
            return "true";
        }
        return "(" + a + " || " + b + ")";
    }

    /** A {@code long} expression wrapped to the range of an integer SQL type, as Java's casts do. */
    static String narrow(String longExpr, SqlTypeName type) {
        return switch (type) {
            case TINYINT -> "((int) (byte) " + longExpr + ")";
            case SMALLINT -> "((int) (short) " + longExpr + ")";
            case INTEGER -> "((int) " + longExpr + ")";
            default -> longExpr;
        };
    }

    /** A value from an expression that returns a Java object, null meaning NULL. */
    Val nullable(String nullsBefore, String objectExpr, Repr r) {
        Val out = declare(r);
        String tmp = fresh("t");
        String boxed = boxed(r);
        emit("if (!" + nullsBefore + ") { " + boxed + " " + tmp + " = " + objectExpr + "; if (" + tmp + " != null) { "
                + out.isNull() + " = false; " + out.value() + " = " + unbox(tmp, r) + "; } }");
        return out;
    }

    static String boxed(Repr r) {
        return switch (r) {
            case BOOLEAN -> "Boolean";
            case INT, MONTHS -> "Integer";
            case LONG, DATE, MILLIS -> "Long";
            case FLOAT -> "Float";
            case DOUBLE -> "Double";
            default -> r.java;
        };
    }

    static String unbox(String tmp, Repr r) {
        return switch (r) {
            case BOOLEAN -> tmp + ".booleanValue()";
            case INT, MONTHS -> tmp + ".intValue()";
            case LONG, DATE, MILLIS -> tmp + ".longValue()";
            case FLOAT -> tmp + ".floatValue()";
            case DOUBLE -> tmp + ".doubleValue()";
            default -> tmp;
        };
    }
}
