package org.hadoopdb.planner.codegen;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlLikeOperator;
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
 * One instance per generated class.
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
        };
        return new Val("false", v, r);
    }

    static String doubleLiteral(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d) || d == 0 && 1 / d < 0) {
            return "Double.longBitsToDouble(" + Double.doubleToRawLongBits(d) + "L)";
        }
        return Double.toString(d) + "d";
    }

    /** A Java string literal; every character outside printable ASCII is a {@code \\uXXXX} escape. */
    static String javaString(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                sb.append(c);
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
        if (op == HiveOperators.DIVIDE) {
            return divide(call);
        }
        if (op == HiveOperators.INT_DIVIDE) {
            return intDivide(call);
        }
        if (op == HiveOperators.RLIKE) {
            return rlike(call);
        }
        switch (call.getKind()) {
            case AND:
                return andOr(call, true);
            case OR:
                return andOr(call, false);
            case NOT: {
                Val a = gen(call.operands.get(0));
                return new Val(a.isNull(), "(!" + a.value() + ")", Repr.BOOLEAN);
            }
            case IS_NULL:
                return new Val("false", gen(call.operands.get(0)).isNull(), Repr.BOOLEAN);
            case IS_NOT_NULL:
                return new Val("false", "(!" + gen(call.operands.get(0)).isNull() + ")", Repr.BOOLEAN);
            case IS_TRUE: {
                Val a = gen(call.operands.get(0));
                return new Val("false", "(!" + a.isNull() + " && " + a.value() + ")", Repr.BOOLEAN);
            }
            case IS_NOT_TRUE: {
                Val a = gen(call.operands.get(0));
                return new Val("false", "(" + a.isNull() + " || !" + a.value() + ")", Repr.BOOLEAN);
            }
            case IS_FALSE: {
                Val a = gen(call.operands.get(0));
                return new Val("false", "(!" + a.isNull() + " && !" + a.value() + ")", Repr.BOOLEAN);
            }
            case IS_NOT_FALSE: {
                Val a = gen(call.operands.get(0));
                return new Val("false", "(" + a.isNull() + " || " + a.value() + ")", Repr.BOOLEAN);
            }
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL:
                return comparison(call);
            case IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM:
                return distinct(call);
            case SEARCH:
                return gen(RexUtil.expandSearch(rexBuilder, null, call));
            case CAST, SAFE_CAST:
                return Conversions.convert(this, gen(call.operands.get(0)), call.operands.get(0).getType(), call.getType());
            case PLUS, MINUS, TIMES:
                return arithmetic(call);
            case DIVIDE:
                return divide(call);
            case MOD:
                return remainder(call);
            case MINUS_PREFIX:
                return negate(call);
            case PLUS_PREFIX:
                return gen(call.operands.get(0));
            case CASE:
                return caseWhen(call);
            case COALESCE:
                return coalesce(call);
            case LIKE:
                return like(call);
            case EXTRACT:
                return extract(call);
            case REINTERPRET:
                return gen(call.operands.get(0));
            default:
                throw new PlannerException("Expression " + call + " (operator " + op.getName()
                        + ") cannot be evaluated in MapReduce yet");
        }
    }

    // ---------------------------------------------------------------- logic

    private Val andOr(RexCall call, boolean and) {
        String n = fresh("n");
        String v = fresh("v");
        emit("boolean " + n + " = false; boolean " + v + " = " + and + ";");
        emit("do {");
        for (RexNode operand : call.operands) {
            Val a = gen(operand);
            emit("if (!" + a.isNull() + " && " + (and ? "!" : "") + a.value() + ") { " + v + " = " + !and + "; break; }");
            emit("if (" + a.isNull() + ") " + n + " = true;");
        }
        emit("} while (false);");
        // a decisive operand decides even when an earlier one was NULL
        emit("if (" + v + " == " + !and + ") " + n + " = false;");
        return new Val(n, v, Repr.BOOLEAN);
    }

    private Val caseWhen(RexCall call) {
        RelDataType type = call.getType();
        Val out = declare(Repr.of(type));
        List<RexNode> ops = call.operands;
        emit("do {");
        for (int i = 0; i + 1 < ops.size(); i += 2) {
            Val c = gen(ops.get(i));
            emit("if (!" + c.isNull() + " && " + c.value() + ") {");
            assign(out, Conversions.convert(this, gen(ops.get(i + 1)), ops.get(i + 1).getType(), type));
            emit("break; }");
        }
        if (ops.size() % 2 == 1) {
            RexNode otherwise = ops.get(ops.size() - 1);
            assign(out, Conversions.convert(this, gen(otherwise), otherwise.getType(), type));
        }
        emit("} while (false);");
        return out;
    }

    Val coalesce(RexCall call) {
        return firstNonNull(call.operands, call.getType());
    }

    /** The first operand that is not NULL, converted to {@code type}; NULL when all are. */
    Val firstNonNull(List<RexNode> operands, RelDataType type) {
        Val out = declare(Repr.of(type));
        emit("do {");
        for (RexNode operand : operands) {
            Val a = Conversions.convert(this, gen(operand), operand.getType(), type);
            emit("if (!" + a.isNull() + ") { " + out.isNull() + " = false; " + out.value() + " = " + a.value()
                    + "; break; }");
        }
        emit("} while (false);");
        return out;
    }

    // ---------------------------------------------------------------- comparison

    private Val comparison(RexCall call) {
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        Val[] ab = comparable(x, y);
        String cmp = compareExpr(ab[0], ab[1], call.getKind());
        return new Val(or(ab[0].isNull(), ab[1].isNull()), cmp, Repr.BOOLEAN);
    }

    private Val distinct(RexCall call) {
        Val[] ab = comparable(call.operands.get(0), call.operands.get(1));
        String eq = compareExpr(ab[0], ab[1], SqlKind.EQUALS);
        String a = ab[0].isNull();
        String b = ab[1].isNull();
        String same = "(" + a + " && " + b + " || !" + a + " && !" + b + " && " + eq + ")";
        return new Val("false", call.getKind() == SqlKind.IS_NOT_DISTINCT_FROM ? same : "(!" + same + ")", Repr.BOOLEAN);
    }

    /** Both operands in one representation Hive compares them in. */
    Val[] comparable(RexNode x, RexNode y) {
        Val a = gen(x);
        Val b = gen(y);
        Repr common = commonRepr(a.repr(), b.repr());
        return new Val[]{Conversions.toRepr(this, a, x.getType(), common), Conversions.toRepr(this, b, y.getType(), common)};
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
        return "(org.hadoopdb.functions.impl.HiveValues.compare(" + a.value() + ", " + b.value() + ") " + op + " 0)";
    }

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

    // ---------------------------------------------------------------- arithmetic

    private Val arithmetic(RexCall call) {
        RelDataType type = call.getType();
        Repr r = Repr.of(type);
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        if (r == Repr.DATE || r == Repr.TIMESTAMP) {
            return datetimeArithmetic(call, r);
        }
        if (r == Repr.MONTHS || r == Repr.MILLIS) {
            Val a = Conversions.toRepr(this, gen(x), x.getType(), r);
            Val b = Conversions.toRepr(this, gen(y), y.getType(), r);
            return new Val(or(a.isNull(), b.isNull()), "(" + a.value() + " " + symbol(call.getKind()) + " " + b.value() + ")", r);
        }
        Val a = gen(x);
        Val b = gen(y);
        String nulls = or(a.isNull(), b.isNull());
        switch (r) {
            case INT, LONG: {
                Val la = Conversions.toRepr(this, a, x.getType(), Repr.LONG);
                Val lb = Conversions.toRepr(this, b, y.getType(), Repr.LONG);
                // computed in 64 bits, then wrapped to the result type as Java (and Hive) do
                return new Val(nulls, narrow("(" + la.value() + " " + symbol(call.getKind()) + " " + lb.value() + ")",
                        type.getSqlTypeName()), r);
            }
            case FLOAT, DOUBLE: {
                Val da = Conversions.toRepr(this, a, x.getType(), Repr.DOUBLE);
                Val db = Conversions.toRepr(this, b, y.getType(), Repr.DOUBLE);
                String v = "(" + da.value() + " " + symbol(call.getKind()) + " " + db.value() + ")";
                return new Val(nulls, r == Repr.FLOAT ? "((float) " + v + ")" : v, r);
            }
            case DECIMAL: {
                Val da = Conversions.toRepr(this, a, x.getType(), Repr.DECIMAL);
                Val db = Conversions.toRepr(this, b, y.getType(), Repr.DECIMAL);
                String method = switch (call.getKind()) {
                    case PLUS -> "add";
                    case MINUS -> "subtract";
                    default -> "multiply";
                };
                return nullable(nulls, "org.hadoopdb.functions.impl.HiveValues." + method + "(" + da.value() + ", "
                        + db.value() + ", " + type.getPrecision() + ", " + type.getScale() + ")", r);
            }
            default:
                throw new PlannerException("Arithmetic " + call + " of type " + type + " cannot be evaluated in MapReduce");
        }
    }

    private Val datetimeArithmetic(RexCall call, Repr r) {
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        Val a = gen(x);
        Val b = gen(y);
        Val dt = a.repr() == Repr.MONTHS || a.repr() == Repr.MILLIS ? b : a;
        Val iv = dt == a ? b : a;
        RelDataType dtType = dt == a ? x.getType() : y.getType();
        dt = Conversions.toRepr(this, dt, dtType, r);
        String amount = call.getKind() == SqlKind.MINUS ? "(-" + iv.value() + ")" : iv.value();
        String method = iv.repr() == Repr.MONTHS ? "plusMonths" : "plusMillis";
        String nulls = or(a.isNull(), b.isNull());
        return new Val(nulls, "org.hadoopdb.functions.impl.HiveValues." + method + "(" + dt.value() + ", "
                + amount + ")", r);
    }

    private static String symbol(SqlKind kind) {
        return switch (kind) {
            case PLUS -> "+";
            case MINUS -> "-";
            case TIMES -> "*";
            default -> throw new IllegalArgumentException(kind.toString());
        };
    }

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

    /** Hive's {@code /}: DOUBLE, or DECIMAL for exact operands with a decimal; NULL when dividing by zero. */
    private Val divide(RexCall call) {
        RelDataType type = call.getType();
        Repr r = Repr.of(type);
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        Val a = gen(x);
        Val b = gen(y);
        String nulls = or(a.isNull(), b.isNull());
        if (r == Repr.DECIMAL) {
            Val da = Conversions.toRepr(this, a, x.getType(), Repr.DECIMAL);
            Val db = Conversions.toRepr(this, b, y.getType(), Repr.DECIMAL);
            return nullable(nulls, "org.hadoopdb.functions.impl.HiveValues.divide(" + da.value() + ", " + db.value()
                    + ", " + type.getPrecision() + ", " + type.getScale() + ")", r);
        }
        if (r == Repr.INT || r == Repr.LONG) {
            // SQL's integer division (Calcite's own DIVIDE, e.g. from rewrites), truncating toward zero
            Val la = Conversions.toRepr(this, a, x.getType(), Repr.LONG);
            Val lb = Conversions.toRepr(this, b, y.getType(), Repr.LONG);
            return new Val(or(nulls, "(" + lb.value() + " == 0L)"),
                    narrow("(" + lb.value() + " == 0L ? 0L : " + la.value() + " / " + lb.value() + ")", type.getSqlTypeName()), r);
        }
        Val da = Conversions.toRepr(this, a, x.getType(), Repr.DOUBLE);
        Val db = Conversions.toRepr(this, b, y.getType(), Repr.DOUBLE);
        String v = "(" + da.value() + " / " + db.value() + ")";
        return new Val(or(nulls, "(" + db.value() + " == 0d)"), r == Repr.FLOAT ? "((float) " + v + ")" : v, r);
    }

    /** Hive's {@code DIV}: integer division truncating toward zero, NULL when dividing by zero. */
    private Val intDivide(RexCall call) {
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        Val a = Conversions.toRepr(this, gen(x), x.getType(), Repr.LONG);
        Val b = Conversions.toRepr(this, gen(y), y.getType(), Repr.LONG);
        String nulls = or(or(a.isNull(), b.isNull()), "(" + b.value() + " == 0L)");
        return new Val(nulls, narrow("(" + b.value() + " == 0L ? 0L : " + a.value() + " / " + b.value() + ")",
                call.getType().getSqlTypeName()), Repr.of(call.getType()));
    }

    /** {@code %}: the sign of the dividend; NULL when dividing by zero. */
    private Val remainder(RexCall call) {
        RelDataType type = call.getType();
        Repr r = Repr.of(type);
        RexNode x = call.operands.get(0);
        RexNode y = call.operands.get(1);
        Val a = gen(x);
        Val b = gen(y);
        String nulls = or(a.isNull(), b.isNull());
        switch (r) {
            case INT, LONG: {
                Val la = Conversions.toRepr(this, a, x.getType(), Repr.LONG);
                Val lb = Conversions.toRepr(this, b, y.getType(), Repr.LONG);
                return new Val(or(nulls, "(" + lb.value() + " == 0L)"),
                        narrow("(" + lb.value() + " == 0L ? 0L : " + la.value() + " % " + lb.value() + ")", type.getSqlTypeName()), r);
            }
            case FLOAT, DOUBLE: {
                Val da = Conversions.toRepr(this, a, x.getType(), Repr.DOUBLE);
                Val db = Conversions.toRepr(this, b, y.getType(), Repr.DOUBLE);
                String v = "(" + da.value() + " % " + db.value() + ")";
                return new Val(or(nulls, "(" + db.value() + " == 0d)"), r == Repr.FLOAT ? "((float) " + v + ")" : v, r);
            }
            case DECIMAL: {
                Val da = Conversions.toRepr(this, a, x.getType(), Repr.DECIMAL);
                Val db = Conversions.toRepr(this, b, y.getType(), Repr.DECIMAL);
                return nullable(nulls, "org.hadoopdb.functions.impl.HiveValues.remainder(" + da.value() + ", "
                        + db.value() + ", " + type.getPrecision() + ", " + type.getScale() + ")", r);
            }
            default:
                throw new PlannerException("Remainder " + call + " cannot be evaluated in MapReduce");
        }
    }

    private Val negate(RexCall call) {
        RelDataType type = call.getType();
        Repr r = Repr.of(type);
        RexNode x = call.operands.get(0);
        Val a = Conversions.toRepr(this, gen(x), x.getType(), r);
        return switch (r) {
            case INT, LONG -> new Val(a.isNull(), narrow("(-(long) " + a.value() + ")", type.getSqlTypeName()), r);
            case FLOAT, DOUBLE, MONTHS, MILLIS -> new Val(a.isNull(), "(-" + a.value() + ")", r);
            case DECIMAL -> new Val(a.isNull(), "(" + a.isNull() + " ? null : " + a.value() + ".negate())", r);
            default -> throw new PlannerException("Cannot negate " + call + " in MapReduce");
        };
    }

    // ---------------------------------------------------------------- patterns

    private Val like(RexCall call) {
        boolean negated = call.getOperator() instanceof SqlLikeOperator l && l.isNegated();
        RexNode x = call.operands.get(0);
        RexNode p = call.operands.get(1);
        Val a = Conversions.toRepr(this, gen(x), x.getType(), Repr.STRING);
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
                    ? "org.hadoopdb.functions.impl.HiveValues.likePattern(" + javaString(pattern) + ", '"
                    + (escape == '\\' || escape == '\'' ? "\\" + escape : String.valueOf(escape)) + "')"
                    : "org.hadoopdb.functions.impl.HiveValues.hiveLikePattern(" + javaString(pattern) + ")";
            String field = constant("java.util.regex.Pattern", compiled);
            // one Matcher per task, reset for each row (a generated object is used by one thread)
            String matcher = instanceField("java.util.regex.Matcher", field + ".matcher(\"\")");
            match = matcher + ".reset(" + a.value() + ").matches()";
            nulls = a.isNull();
        } else {
            Val b = Conversions.toRepr(this, gen(p), p.getType(), Repr.STRING);
            match = "org.hadoopdb.functions.impl.HiveValues.hiveLikePattern(" + b.value() + ").matcher(" + a.value()
                    + ").matches()";
            nulls = or(a.isNull(), b.isNull());
        }
        Val out = declare(Repr.BOOLEAN);
        emit("if (!" + nulls + ") { " + out.isNull() + " = false; " + out.value() + " = " + (negated ? "!" : "")
                + match + "; }");
        return out;
    }

    /** RLIKE / REGEXP: a Java regular expression found anywhere in the string. */
    private Val rlike(RexCall call) {
        RexNode x = call.operands.get(0);
        RexNode p = call.operands.get(1);
        Val a = Conversions.toRepr(this, gen(x), x.getType(), Repr.STRING);
        Val out = declare(Repr.BOOLEAN);
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
            String field = constant("java.util.regex.Pattern", "java.util.regex.Pattern.compile(" + javaString(regex) + ")");
            String matcher = instanceField("java.util.regex.Matcher", field + ".matcher(\"\")");
            emit("if (!" + a.isNull() + ") { " + out.isNull() + " = false; " + out.value() + " = " + matcher + ".reset("
                    + a.value() + ").find(); }");
            return out;
        }
        Val b = Conversions.toRepr(this, gen(p), p.getType(), Repr.STRING);
        String cache = instanceField("org.hadoopdb.functions.impl.RegexCache", "new org.hadoopdb.functions.impl.RegexCache()");
        String pat = fresh("p");
        emit("if (!" + or(a.isNull(), b.isNull()) + ") { java.util.regex.Pattern " + pat + " = " + cache + ".get("
                + b.value() + "); if (" + pat + " != null) { " + out.isNull() + " = false; " + out.value() + " = "
                + pat + ".matcher(" + a.value() + ").find(); } }");
        return out;
    }

    // ---------------------------------------------------------------- dates

    private Val extract(RexCall call) {
        TimeUnitRange unit = ((RexLiteral) call.operands.get(0)).getValueAs(TimeUnitRange.class);
        RexNode x = call.operands.get(1);
        Val a = gen(x);
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
        Val t = Conversions.toRepr(this, a, x.getType(), target);
        String arg = t.repr() == Repr.DATE ? "java.time.LocalDate.ofEpochDay(" + t.value() + ")" : t.value();
        Repr r = Repr.of(call.getType());
        String v = "org.hadoopdb.functions.impl.DateFunctions." + method + "(" + arg + ")";
        return new Val(t.isNull(), r == Repr.LONG ? "((long) " + v + ")" : v, r);
    }

    List<Val> genAll(List<RexNode> nodes) {
        List<Val> out = new ArrayList<>();
        for (RexNode n : nodes) {
            out.add(gen(n));
        }
        return out;
    }
}
