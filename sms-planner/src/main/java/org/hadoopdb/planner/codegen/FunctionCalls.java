package org.hadoopdb.planner.codegen;

import org.hadoopdb.functions.impl.FunctionState;
import org.hadoopdb.functions.impl.AcceptsNulls;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.planner.codegen.ExpressionCodegen.Val;
import org.hadoopdb.functions.FunctionDefinition;
import org.hadoopdb.functions.HiveFunction;

/**
 * Generates calls of the Hive function library. A function's {@link FunctionDefinition} names the
 * class whose public static methods of the function's name implement it; the overload is chosen at
 * planning time from the argument types (reflection happens here, once, never per row). The special
 * forms the definitions mark inline (the conditionals {@code if}, {@code nvl}, {@code coalesce},
 * ..., with lazy evaluation, and {@code rand}) are generated here.
 */
final class FunctionCalls {
    private final ExpressionCodegen cg;

    FunctionCalls(ExpressionCodegen cg) {
        this.cg = cg;
    }

    Val call(HiveFunction f, RexCall call) {
        FunctionDefinition definition = f.definition();
        return switch (definition.evaluation()) {
            case METHODS -> runtime(f, definition.implementation(), call);
            case INLINE -> inline(f, call);
            case UNSUPPORTED -> throw new PlannerException(f.getName() + ": " + f.description());
        };
    }

    private Val inline(HiveFunction f, RexCall call) {
        List<RexNode> ops = call.operands;
        RelDataType type = call.getType();
        switch (f.getName()) {
            case "if":
                return choose(ops.get(0), false, ops.get(1), ops.get(2), type);
            case "nvl2":
                return choose(ops.get(0), true, ops.get(1), ops.get(2), type);
            case "nvl", "coalesce":
                return new LogicCodegen(cg).firstNonNull(ops, type);
            case "isnull":
                return new Val("false", cg.gen(ops.get(0)).isNull(), Repr.BOOLEAN);
            case "isnotnull":
                return new Val("false", "(!" + cg.gen(ops.get(0)).isNull() + ")", Repr.BOOLEAN);
            case "nullif":
                return nullif(ops.get(0), ops.get(1), type);
            case "greatest":
                return extreme(ops, type, SqlKind.GREATER_THAN);
            case "least":
                return extreme(ops, type, SqlKind.LESS_THAN);
            case "rand": {
                String seed = ops.isEmpty() ? "" : ops.get(0) instanceof RexLiteral l && !l.isNull()
                        ? l.getValueAs(Long.class) + "L" : null;
                if (seed == null) {
                    throw new PlannerException("rand(seed) needs a constant seed");
                }
                String random = cg.instanceField("java.util.Random", "new java.util.Random(" + seed + ")");
                return new Val("false", random + ".nextDouble()", Repr.DOUBLE);
            }
            case "current_date", "current_timestamp", "current_database":
                throw new PlannerException(f.getName() + " should have been fixed to a constant before compiling");
            default:
                throw new PlannerException("Function " + f.getName() + " is marked inline, but no inline code is generated for it");
        }
    }

    /** {@code if(c, a, b)} (a when c is TRUE), or with {@code notNull} {@code nvl2(c, a, b)} (a when c is not NULL). */
    private Val choose(RexNode c, boolean notNull, RexNode a, RexNode b, RelDataType type) {
        Val out = cg.declare(Repr.of(type));
        Val cond = cg.gen(c);
        cg.emit("if (" + (notNull ? "!" + cond.isNull() : "!" + cond.isNull() + " && " + cond.value()) + ") {");
        cg.assign(out, Conversions.convert(cg, cg.gen(a), a.getType(), type));
        cg.emit("} else {");
        cg.assign(out, Conversions.convert(cg, cg.gen(b), b.getType(), type));
        cg.emit("}");
        return out;
    }

    private Val nullif(RexNode a, RexNode b, RelDataType type) {
        Val out = cg.declare(Repr.of(type));
        Val value = Conversions.convert(cg, cg.gen(a), a.getType(), type);
        Val[] both = new ComparisonCodegen(cg).comparable(a, b);
        String equal = ComparisonCodegen.compareExpr(both[0], both[1], SqlKind.EQUALS);
        cg.emit("if (!" + value.isNull() + " && !(" + ExpressionCodegen.or(both[0].isNull(), both[1].isNull()) + " ? false : "
                + equal + ")) { " + out.isNull() + " = false; " + out.value() + " = " + value.value() + "; }");
        return out;
    }

    /** greatest / least: NULL when any argument is NULL (Hive). */
    private Val extreme(List<RexNode> ops, RelDataType type, SqlKind better) {
        Val out = cg.declare(Repr.of(type));
        List<Val> vals = new ArrayList<>();
        String nulls = "false";
        for (RexNode op : ops) {
            Val v = Conversions.convert(cg, cg.gen(op), op.getType(), type);
            vals.add(v);
            nulls = ExpressionCodegen.or(nulls, v.isNull());
        }
        cg.emit("if (!" + nulls + ") { " + out.isNull() + " = false; " + out.value() + " = " + vals.get(0).value() + ";");
        for (int i = 1; i < vals.size(); i++) {
            Val current = new Val("false", out.value(), out.repr());
            String test = out.repr() == Repr.DOUBLE || out.repr() == Repr.FLOAT
                    // Hive orders doubles with Double.compare: NaN above everything, -0.0 below 0.0
                    ? "(Double.compare(" + vals.get(i).value() + ", " + out.value() + ") " + (better == SqlKind.GREATER_THAN ? ">" : "<") + " 0)"
                    : ComparisonCodegen.compareExpr(vals.get(i), current, better);
            cg.emit("if (" + test + ") " + out.value() + " = " + vals.get(i).value() + ";");
        }
        cg.emit("}");
        return out;
    }

    // ---------------------------------------------------------------- runtime methods

    private record Candidate(Method method, boolean state, int cost) {
    }

    private Val runtime(HiveFunction f, Class<?> owner, RexCall call) {
        List<Val> args = new ArrayList<>();
        for (RexNode op : call.operands) {
            args.add(cg.gen(op));
        }
        Candidate best = null;
        for (Method m : owner.getMethods()) {
            if (!m.getName().equals(f.getName()) || !Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            Candidate c = match(m, args);
            if (c != null && (best == null || c.cost() < best.cost())) {
                best = c;
            }
        }
        if (best == null) {
            StringBuilder types = new StringBuilder();
            for (RexNode op : call.operands) {
                types.append(types.length() == 0 ? "" : ", ").append(op.getType().getSqlTypeName().getName().toLowerCase());
            }
            throw new PlannerException("Function " + f.getName() + "(" + types + ") cannot be evaluated in MapReduce: "
                    + f.signature());
        }
        Method m = best.method();
        Class<?>[] params = m.getParameterTypes();
        boolean acceptsNulls = m.isAnnotationPresent(AcceptsNulls.class);
        List<String> exprs = new ArrayList<>();
        int p = 0;
        if (best.state()) {
            String name = params[0].getCanonicalName();
            exprs.add(cg.instanceField(name, "new " + name + "()"));
            p = 1;
        }
        String nulls = "false";
        boolean varargs = params.length > 0 && params[params.length - 1].isArray() && params[params.length - 1] != byte[].class;
        int fixed = varargs ? params.length - 1 : params.length;
        int a = 0;
        for (; p < fixed; p++, a++) {
            Val v = to(params[p], args.get(a), call.operands.get(a).getType());
            exprs.add(acceptsNulls && !v.isNull().equals("false") ? "(" + v.isNull() + " ? null : " + v.value() + ")" : v.value());
            if (!acceptsNulls) {
                nulls = ExpressionCodegen.or(nulls, v.isNull());
            }
        }
        if (varargs) {
            Class<?> element = params[params.length - 1].getComponentType();
            StringBuilder array = new StringBuilder("new " + element.getCanonicalName() + "[]{");
            for (int first = a; a < args.size(); a++) {
                Val v = to(element, args.get(a), call.operands.get(a).getType());
                array.append(a == first ? "" : ", ").append(acceptsNulls && !v.isNull().equals("false")
                        ? "(" + v.isNull() + " ? null : " + v.value() + ")" : v.value());
                if (!acceptsNulls) {
                    nulls = ExpressionCodegen.or(nulls, v.isNull());
                }
            }
            exprs.add(array.append('}').toString());
        }
        String invocation = m.getDeclaringClass().getCanonicalName() + "." + m.getName() + "(" + String.join(", ", exprs) + ")";
        Class<?> rc = m.getReturnType();
        Val result;
        if (rc == int.class) {
            result = new Val(nulls, invocation, Repr.INT);
        } else if (rc == long.class) {
            result = new Val(nulls, invocation, Repr.LONG);
        } else if (rc == double.class) {
            result = new Val(nulls, invocation, Repr.DOUBLE);
        } else if (rc == boolean.class) {
            result = new Val(nulls, invocation, Repr.BOOLEAN);
        } else if (rc == java.util.List.class || rc == java.util.Map.class || rc == Object.class) {
            // complex results, and elements in their row forms: typed by the call
            return new ComplexCodegen(cg).fromRowForm(nulls, invocation, call.getType());
        } else if (rc == LocalDate.class) {
            result = cg.nullable(nulls, "org.hadoopdb.functions.impl.HiveDates.epochDayOrNull(" + invocation + ")", Repr.DATE);
        } else {
            result = cg.nullable(nulls, invocation, reprOf(rc));
        }
        return toCallType(result, call.getType());
    }

    /** The method's result as the call's SQL type (narrowing integers, enforcing decimal precision). */
    private Val toCallType(Val v, RelDataType type) {
        Repr target = Repr.of(type);
        if (v.repr() == target && target != Repr.DECIMAL && target != Repr.INT && target != Repr.STRING) {
            return v;
        }
        if (v.repr() == target && target == Repr.STRING && !(type.getPrecision() > 0)) {
            return v;
        }
        if (v.repr() == target && target == Repr.INT && type.getSqlTypeName() == SqlTypeName.INTEGER) {
            return v;
        }
        RelDataTypeFactory f = cg.typeFactory();
        RelDataType from = switch (v.repr()) {
            case INT -> f.createSqlType(SqlTypeName.INTEGER);
            case LONG -> f.createSqlType(SqlTypeName.BIGINT);
            case DOUBLE -> f.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> f.createSqlType(SqlTypeName.DECIMAL, 38, 18);
            case STRING -> f.createSqlType(SqlTypeName.VARCHAR);
            case BOOLEAN -> f.createSqlType(SqlTypeName.BOOLEAN);
            case DATE -> f.createSqlType(SqlTypeName.DATE);
            case TIMESTAMP -> f.createSqlType(SqlTypeName.TIMESTAMP, 6);
            case BINARY -> f.createSqlType(SqlTypeName.VARBINARY);
            default -> throw new PlannerException("Unexpected function result " + v.repr());
        };
        return Conversions.convert(cg, v, from, type);
    }

    private static Repr reprOf(Class<?> c) {
        if (c == String.class) {
            return Repr.STRING;
        }
        if (c == Integer.class) {
            return Repr.INT;
        }
        if (c == Long.class) {
            return Repr.LONG;
        }
        if (c == Double.class) {
            return Repr.DOUBLE;
        }
        if (c == Boolean.class) {
            return Repr.BOOLEAN;
        }
        if (c == BigDecimal.class) {
            return Repr.DECIMAL;
        }
        if (c == LocalDateTime.class) {
            return Repr.TIMESTAMP;
        }
        if (c == byte[].class) {
            return Repr.BINARY;
        }
        throw new PlannerException("Runtime function returns unsupported " + c);
    }

    private static Candidate match(Method m, List<Val> args) {
        Class<?>[] params = m.getParameterTypes();
        int p = 0;
        boolean state = params.length > 0 && FunctionState.class.isAssignableFrom(params[0]);
        if (state) {
            p = 1;
        }
        boolean varargs = params.length > 0 && params[params.length - 1].isArray() && params[params.length - 1] != byte[].class;
        int fixed = (varargs ? params.length - 1 : params.length) - p;
        if (varargs ? args.size() < fixed : args.size() != fixed) {
            return null;
        }
        int cost = 0;
        for (int a = 0; a < args.size(); a++) {
            Class<?> param = a < fixed ? params[p + a] : params[params.length - 1].getComponentType();
            int c = cost(param, args.get(a).repr());
            if (c < 0) {
                return null;
            }
            cost += c;
        }
        return new Candidate(m, state, cost);
    }

    /** How far a value of {@code r} is from parameter type {@code p}; -1 when it cannot be passed. */
    private static int cost(Class<?> p, Repr r) {
        if (r == Repr.NULL) {
            return p.isPrimitive() ? 5 : 1;
        }
        if (p == String.class) {
            return r == Repr.STRING ? 0 : 20;
        }
        if (p == int.class) {
            return r == Repr.INT ? 0 : -1;
        }
        if (p == long.class) {
            return r == Repr.LONG ? 0 : r == Repr.INT ? 1 : -1;
        }
        if (p == double.class) {
            return switch (r) {
                case DOUBLE -> 0;
                case FLOAT -> 1;
                case INT, LONG -> 4;
                case DECIMAL -> 5;
                default -> -1;
            };
        }
        if (p == BigDecimal.class) {
            return r == Repr.DECIMAL ? 0 : r == Repr.INT || r == Repr.LONG ? 3 : -1;
        }
        if (p == LocalDate.class) {
            return r == Repr.DATE ? 0 : -1;
        }
        if (p == LocalDateTime.class) {
            return r == Repr.TIMESTAMP ? 0 : r == Repr.DATE ? 2 : -1;
        }
        if (p == boolean.class) {
            return r == Repr.BOOLEAN ? 0 : -1;
        }
        if (p == byte[].class) {
            return r == Repr.BINARY ? 0 : -1;
        }
        if (p == java.util.List.class) {
            return r == Repr.ARRAY || r == Repr.STRUCT ? 0 : -1;
        }
        if (p == java.util.Map.class) {
            return r == Repr.MAP ? 0 : -1;
        }
        if (p == Object.class) {
            return 10; // any value, passed in its row form
        }
        return -1;
    }

    /** {@code v} as a Java expression of parameter type {@code p}. */
    private Val to(Class<?> p, Val v, RelDataType type) {
        if (v.repr() == Repr.NULL) {
            return new Val("true", p.isPrimitive() ? (p == boolean.class ? "false" : "0") : "null", v.repr());
        }
        if (p == String.class) {
            return Conversions.toRepr(cg, v, type, Repr.STRING);
        }
        if (p == int.class || p == boolean.class || p == byte[].class || p == LocalDateTime.class && v.repr() == Repr.TIMESTAMP) {
            return v;
        }
        if (p == long.class) {
            return Conversions.toRepr(cg, v, type, Repr.LONG);
        }
        if (p == double.class) {
            return Conversions.toRepr(cg, v, type, Repr.DOUBLE);
        }
        if (p == BigDecimal.class) {
            return Conversions.toRepr(cg, v, type, Repr.DECIMAL);
        }
        if (p == LocalDate.class) {
            return new Val(v.isNull(), "java.time.LocalDate.ofEpochDay(" + v.value() + ")", v.repr());
        }
        if (p == LocalDateTime.class) {
            return Conversions.toRepr(cg, v, type, Repr.TIMESTAMP);
        }
        if (p == java.util.List.class || p == java.util.Map.class) {
            return v;
        }
        if (p == Object.class) {
            return new Val(v.isNull(), ComplexCodegen.toRowForm(new Val("false", v.value(), v.repr()), type), v.repr());
        }
        throw new PlannerException("Cannot pass " + v.repr() + " as " + p.getSimpleName());
    }
}
