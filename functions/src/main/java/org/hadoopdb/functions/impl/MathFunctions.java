package org.hadoopdb.functions.impl;

import static org.hadoopdb.functions.ArgKind.BIGINT;
import static org.hadoopdb.functions.ArgKind.DOUBLE;
import static org.hadoopdb.functions.ArgKind.INT;
import static org.hadoopdb.functions.ArgKind.NUMBER;
import static org.hadoopdb.functions.FunctionDefinition.function;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.hadoopdb.functions.FunctionDefinition;
import org.hadoopdb.functions.HiveReturnTypes;
import org.hadoopdb.functions.PgTemplates;
import org.hadoopdb.functions.PostgresForm;

/** Hive's mathematical functions: their definitions, and their implementations for generated code. */
public final class MathFunctions {
    private MathFunctions() {
    }

    /** The family's functions. */
    public static List<FunctionDefinition> definitions() {
        return List.of(
                function("round", "round(number x[, int d])", "x rounded half up to d decimal places (default 0)")
                        .params(1, NUMBER, INT).returns(HiveReturnTypes.ROUND).postgres(MathFunctions::roundInPostgres)
                        .implementedBy(MathFunctions.class),
                function("bround", "bround(number x[, int d])", "x rounded half to even (banker's rounding) to d decimal places")
                        .params(1, NUMBER, INT).returns(HiveReturnTypes.ROUND)
                        .notPushed("bround has no PostgreSQL equivalent with Hive's semantics")
                        .implementedBy(MathFunctions.class),
                function("floor", "floor(number x)", "The largest integer not greater than x")
                        .params(1, NUMBER).returns(HiveReturnTypes.FLOOR).postgres(call -> floorInPostgres("floor", call))
                        .implementedBy(MathFunctions.class),
                function("ceil", "ceil(number x)", "The smallest integer not less than x").aliases("ceiling")
                        .params(1, NUMBER).returns(HiveReturnTypes.FLOOR).postgres(call -> floorInPostgres("ceil", call))
                        .implementedBy(MathFunctions.class),
                function("abs", "abs(number x)", "The absolute value of x")
                        .params(1, NUMBER).returns(HiveReturnTypes.ARG0)
                        // integers wrap: abs(-2147483648) is itself
                        .postgres(call -> SqlTypeUtil.isIntType(call.getType())
                                ? PostgresForm.sql(PgTemplates.wrap("ABS(CAST({0} AS " + PgTemplates.wider(call.getType()) + "))",
                                        call.getType()))
                                : PostgresForm.sql("ABS({0})"))
                        .implementedBy(MathFunctions.class),
                function("sign", "sign(number x)", "-1, 0 or 1 as x is negative, zero or positive")
                        .params(1, NUMBER).returns(HiveReturnTypes.SIGN).postgres(MathFunctions::signInPostgres)
                        .implementedBy(MathFunctions.class),
                function("pow", "pow(double x, double p)", "x raised to the power p").aliases("power")
                        .params(2, DOUBLE, DOUBLE).returns(HiveReturnTypes.DOUBLE).notPushed(libm("pow"))
                        .implementedBy(MathFunctions.class),
                // square roots are correctly rounded in both
                function("sqrt", "sqrt(double x)", "The square root of x; NULL for a negative x")
                        .params(1, DOUBLE).returns(HiveReturnTypes.DOUBLE)
                        .pushedAs("SQRT(CASE WHEN {0} < 0 THEN NULL ELSE CAST({0} AS DOUBLE PRECISION) END)")
                        .implementedBy(MathFunctions.class),
                function("exp", "exp(double x)", "e raised to the power x")
                        .params(1, DOUBLE).returns(HiveReturnTypes.DOUBLE).notPushed(libm("exp"))
                        .implementedBy(MathFunctions.class),
                function("ln", "ln(double x)", "The natural logarithm of x; NULL unless x > 0")
                        .params(1, DOUBLE).returns(HiveReturnTypes.DOUBLE).notPushed(libm("ln"))
                        .implementedBy(MathFunctions.class),
                function("log", "log([double base,] double x)",
                        "The logarithm of x to base (natural without base); NULL unless both are > 0 (and base <> 1)")
                        .params(1, DOUBLE, DOUBLE).returns(HiveReturnTypes.DOUBLE).notPushed(libm("log"))
                        .implementedBy(MathFunctions.class),
                function("log10", "log10(double x)", "The base-10 logarithm of x; NULL unless x > 0")
                        .params(1, DOUBLE).returns(HiveReturnTypes.DOUBLE).notPushed(libm("log10"))
                        .implementedBy(MathFunctions.class),
                function("log2", "log2(double x)", "The base-2 logarithm of x; NULL unless x > 0")
                        .params(1, DOUBLE).returns(HiveReturnTypes.DOUBLE).notPushed(libm("log2"))
                        .implementedBy(MathFunctions.class),
                function("pmod", "pmod(number a, number b)", "The positive remainder of a divided by b")
                        .params(2, NUMBER, NUMBER).returns(HiveReturnTypes.common(0))
                        .postgres(call -> call.getType().getSqlTypeName() == SqlTypeName.DECIMAL
                                ? PostgresForm.sql("MOD(MOD({0}, NULLIF({1}, 0)) + {1}, NULLIF({1}, 0))")
                                : PostgresForm.notPushed("pmod of integers or floating-point numbers wraps or rounds as Java does"))
                        .implementedBy(MathFunctions.class),
                // a java.util.Random per call site, seeded once: generated inline
                function("rand", "rand([bigint seed])", "A random number in [0, 1), a new one for every row")
                        .params(0, BIGINT).returns(HiveReturnTypes.DOUBLE).nondeterministic()
                        .notPushed("rand is random per row: evaluated once, in MapReduce").inline());
    }

    private static String libm(String name) {
        return name + ": PostgreSQL raises errors where Hive gives NULL, Infinity or NaN, and its C library may differ from "
                + "Java's Math in the last bit";
    }

    private static PostgresForm roundInPostgres(RexCall call) {
        RelDataType type = call.getType();
        if (type.getSqlTypeName() == SqlTypeName.DECIMAL) {
            return PostgresForm.sql(call.operands.size() > 1 ? "ROUND({0}, {1})" : "ROUND({0})");
        }
        if (SqlTypeUtil.isIntType(type)) {
            Integer d = call.operands.size() > 1 ? PgTemplates.intLiteral(call.operands.get(1)) : Integer.valueOf(0);
            return d != null && d >= 0 ? PostgresForm.sql("{0}")
                    : PostgresForm.notPushed("round of an integer to a computed or negative number of digits");
        }
        return PostgresForm.notPushed("round of a floating-point number: PostgreSQL rounds half to even, Hive half up");
    }

    private static PostgresForm floorInPostgres(String name, RexCall call) {
        if (call.getType().getSqlTypeName() == SqlTypeName.DECIMAL) {
            return PostgresForm.sql(name.toUpperCase(Locale.ROOT) + "({0})");
        }
        if (SqlTypeUtil.isIntType(call.operands.get(0).getType())) {
            return PostgresForm.sql("CAST({0} AS BIGINT)");
        }
        return PostgresForm.notPushed(name + " of a floating-point number to BIGINT: PostgreSQL raises errors for NaN and "
                + "overflow, Hive saturates");
    }

    private static PostgresForm signInPostgres(RexCall call) {
        if (PgTemplates.approx(call.operands.get(0))) {
            return PostgresForm.notPushed("sign of a floating-point number: PostgreSQL gives 0 for NaN and -0.0");
        }
        return call.getType().getSqlTypeName() == SqlTypeName.INTEGER ? PostgresForm.sql("CAST(SIGN({0}) AS INTEGER)")
                : PostgresForm.sql("CAST(SIGN({0}) AS DOUBLE PRECISION)");
    }

    /** Hive's round: half up (away from zero), through the decimal form of the double; NaN and infinities unchanged. */
    public static double round(double x, int d) {
        return round(x, d, RoundingMode.HALF_UP);
    }

    public static double round(double x) {
        return round(x, 0);
    }

    public static long round(long x, int d) {
        return round(x, d, RoundingMode.HALF_UP);
    }

    public static long round(long x) {
        return x;
    }

    public static BigDecimal round(BigDecimal x, int d) {
        return round(x, d, RoundingMode.HALF_UP);
    }

    public static BigDecimal round(BigDecimal x) {
        return round(x, 0);
    }

    /** Banker's rounding (half to even). */
    public static double bround(double x, int d) {
        return round(x, d, RoundingMode.HALF_EVEN);
    }

    public static double bround(double x) {
        return bround(x, 0);
    }

    public static long bround(long x, int d) {
        return round(x, d, RoundingMode.HALF_EVEN);
    }

    public static long bround(long x) {
        return x;
    }

    public static BigDecimal bround(BigDecimal x, int d) {
        return round(x, d, RoundingMode.HALF_EVEN);
    }

    public static BigDecimal bround(BigDecimal x) {
        return bround(x, 0);
    }

    private static double round(double x, int d, RoundingMode mode) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return x;
        }
        return BigDecimal.valueOf(x).setScale(d, mode).doubleValue();
    }

    private static long round(long x, int d, RoundingMode mode) {
        if (d >= 0) {
            return x;
        }
        return BigDecimal.valueOf(x).setScale(d, mode).longValue();
    }

    private static BigDecimal round(BigDecimal x, int d, RoundingMode mode) {
        BigDecimal r = x.setScale(d, mode);
        return d < 0 ? r.setScale(0, mode) : r;
    }

    public static long floor(double x) {
        return (long) Math.floor(x);
    }

    public static long floor(long x) {
        return x;
    }

    public static BigDecimal floor(BigDecimal x) {
        return x.setScale(0, RoundingMode.FLOOR);
    }

    public static long ceil(double x) {
        return (long) Math.ceil(x);
    }

    public static long ceil(long x) {
        return x;
    }

    public static BigDecimal ceil(BigDecimal x) {
        return x.setScale(0, RoundingMode.CEILING);
    }

    public static long abs(long x) {
        return Math.abs(x);
    }

    public static double abs(double x) {
        return Math.abs(x);
    }

    public static BigDecimal abs(BigDecimal x) {
        return x.abs();
    }

    public static double sign(double x) {
        return Math.signum(x);
    }

    public static int sign(BigDecimal x) {
        return x.signum();
    }

    public static double pow(double x, double p) {
        return Math.pow(x, p);
    }

    /** NULL for a negative argument (Hive). */
    public static Double sqrt(double x) {
        return x < 0 ? null : Math.sqrt(x);
    }

    public static double exp(double x) {
        return Math.exp(x);
    }

    public static Double ln(double x) {
        return x <= 0 ? null : Math.log(x);
    }

    public static Double log(double x) {
        return ln(x);
    }

    /** The logarithm of {@code x} to {@code base}; NULL unless both are positive. */
    public static Double log(double base, double x) {
        return base <= 0 || x <= 0 ? null : Math.log(x) / Math.log(base);
    }

    public static Double log10(double x) {
        return x <= 0 ? null : Math.log10(x);
    }

    public static Double log2(double x) {
        return x <= 0 ? null : Math.log(x) / Math.log(2);
    }

    /** The positive remainder; NULL when dividing by zero. */
    public static Long pmod(long a, long b) {
        return b == 0 ? null : ((a % b) + b) % b;
    }

    public static Double pmod(double a, double b) {
        return b == 0 ? null : ((a % b) + b) % b;
    }

    public static BigDecimal pmod(BigDecimal a, BigDecimal b) {
        return b.signum() == 0 ? null : a.remainder(b).add(b).remainder(b);
    }
}
