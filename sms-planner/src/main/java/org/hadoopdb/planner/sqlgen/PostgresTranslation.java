package org.hadoopdb.planner.sqlgen;

import java.math.BigDecimal;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.hadoopdb.functions.impl.HiveDates;
import org.hadoopdb.functions.HiveFunction;
import org.hadoopdb.functions.HiveOperators;
import org.hadoopdb.functions.PgTemplates;
import org.hadoopdb.functions.PostgresForm;

/**
 * How one Hive operator or function call is computed in PostgreSQL with exactly Hive's result, or
 * why it cannot be: the single source of both the pushdown policy's decisions and the SQL the
 * generator prints. Each decision considers only the call itself (its operator, operand types
 * and literal operands); the policy checks every call of an expression. A library function's form
 * comes from its {@link org.hadoopdb.functions.FunctionDefinition}; operators, CAST, LIKE and
 * CASE are decided here.
 */
public final class PostgresTranslation {
    /**
     * The outcome for one call: {@code refused} (with the reason EXPLAIN prints), {@code template}
     * (a PostgreSQL expression over the operands, see {@link PgSql}), or neither: Calcite's own
     * PostgreSQL printing is already exact.
     */
    public record Decision(String refused, String template) {
        static final Decision KEEP = new Decision(null, null);

        static Decision refuse(String why) {
            return new Decision(why, null);
        }

        static Decision template(String t) {
            return new Decision(null, t);
        }

        static Decision of(PostgresForm form) {
            return new Decision(form.refused(), form.template());
        }

        public boolean pushable() {
            return refused == null;
        }
    }

    private PostgresTranslation() {
    }

    /** The decision for {@code call}, whose operands are expressions Hive evaluates first. */
    public static Decision of(RexCall call) {
        SqlOperator op = call.getOperator();
        if (op instanceof HiveFunction f) {
            return Decision.of(f.definition().postgres(call));
        }
        if (op instanceof org.hadoopdb.functions.udf.UserFunction f) {
            return Decision.refuse("user " + f.spec().describe() + " runs only in MapReduce: HadoopDB never pushes a user "
                    + "function into PostgreSQL");
        }
        if (op == HiveOperators.DIVIDE) {
            return divide(call);
        }
        if (op == HiveOperators.INT_DIVIDE) {
            RexNode d = call.operands.get(1);
            if (d instanceof RexLiteral l && !l.isNull() && SqlTypeUtil.isExactNumeric(l.getType())
                    && l.getValueAs(BigDecimal.class).signum() != 0 && l.getValueAs(BigDecimal.class).compareTo(BigDecimal.ONE.negate()) != 0) {
                return Decision.template("CAST({0} AS BIGINT) / {1}");
            }
            return Decision.refuse("DIV by a divisor that may be 0 or -1: Hive gives NULL or wraps where PostgreSQL raises an error");
        }
        if (op == HiveOperators.RLIKE) {
            return rlike(call);
        }
        if (op instanceof PgSql) {
            return Decision.KEEP;
        }
        switch (call.getKind()) {
            case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE, LAG, LEAD, FIRST_VALUE, LAST_VALUE:
                return Decision.KEEP;
            case AND, OR, NOT, IS_NULL, IS_NOT_NULL, IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE, CASE, COALESCE, SEARCH:
                return Decision.KEEP;
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL:
                return comparison(call);
            case IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM:
                return approx(call.operands.get(0)) || approx(call.operands.get(1))
                        ? Decision.refuse("PostgreSQL's IS DISTINCT FROM holds NaN equal to NaN, Hive's <=> does not")
                        : Decision.KEEP;
            case PLUS, MINUS, TIMES:
                return arithmetic(call);
            case DIVIDE:
                return SqlTypeUtil.isIntType(call.getType()) ? Decision.template("{0} / NULLIF({1}, 0)")
                        : Decision.refuse("non-integer division whose rounding or overflow differs between PostgreSQL and Hive");
            case MOD:
                if (SqlTypeUtil.isIntType(call.getType())) {
                    // PostgreSQL's result has the wider operand's type; the value fits the divisor's
                    return Decision.template("CAST({0} % NULLIF({1}, 0) AS " + pgInteger(call.getType()) + ")");
                }
                if (call.getType().getSqlTypeName() == SqlTypeName.DECIMAL) {
                    return Decision.template("MOD({0}, NULLIF({1}, 0))");
                }
                return Decision.refuse("PostgreSQL has no floating-point %");
            case MINUS_PREFIX:
                return SqlTypeUtil.isIntType(call.getType()) ? Decision.template(wrap("0 - CAST({0} AS " + wider(call.getType()) + ")",
                        call.getType())) : Decision.KEEP;
            case PLUS_PREFIX:
                return Decision.KEEP;
            case CAST:
                return cast(call.operands.get(0), call.getType());
            case LIKE:
                return like(call);
            case EXTRACT:
                return Decision.of(PgTemplates.extract(((RexLiteral) call.operands.get(0)).getValueAs(TimeUnitRange.class),
                        call.operands.get(1).getType(), "{1}"));
            default:
                return Decision.refuse(op.getName() + " has no PostgreSQL equivalent with Hive's semantics");
        }
    }

    // ---------------------------------------------------------------- operators

    private static boolean approx(RexNode n) {
        return PgTemplates.approx(n);
    }

    private static boolean string(RexNode n) {
        return PgTemplates.string(n);
    }

    private static String symbol(SqlKind kind) {
        return switch (kind) {
            case EQUALS -> "=";
            case NOT_EQUALS -> "<>";
            case LESS_THAN -> "<";
            case LESS_THAN_OR_EQUAL -> "<=";
            case GREATER_THAN -> ">";
            case GREATER_THAN_OR_EQUAL -> ">=";
            default -> throw new IllegalArgumentException(kind.toString());
        };
    }

    /**
     * Strings compare in code-point order ({@code COLLATE "C"}, whatever the node database's
     * collation). Doubles: Hive compares with Java's operators, for which NaN is unequal to
     * everything and neither less nor greater; PostgreSQL holds NaN equal to itself and greater than
     * every number, so a NaN operand is decided explicitly.
     */
    private static Decision comparison(RexCall call) {
        RexNode a = call.operands.get(0);
        RexNode b = call.operands.get(1);
        String op = symbol(call.getKind());
        if (string(a) && string(b)) {
            return call.getKind() == SqlKind.EQUALS || call.getKind() == SqlKind.NOT_EQUALS ? Decision.KEEP
                    : Decision.template("{0} " + op + " {1} COLLATE \"C\"");
        }
        if (string(a) || string(b)) {
            return Decision.refuse("Hive compares a string with a non-string by converting it (NULL when it does not parse); "
                    + "PostgreSQL raises an error");
        }
        if (approx(a) || approx(b)) {
            String nanA = approx(a) ? "CAST({0} AS DOUBLE PRECISION) = 'NaN'" : null;
            String nanB = approx(b) ? "CAST({1} AS DOUBLE PRECISION) = 'NaN'" : null;
            String anyNan = nanA == null ? nanB : nanB == null ? nanA : nanA + " OR " + nanB;
            boolean nanResult = call.getKind() == SqlKind.NOT_EQUALS;
            return Decision.template("CASE WHEN {0} IS NULL OR {1} IS NULL THEN NULL WHEN " + anyNan + " THEN "
                    + (nanResult ? "TRUE" : "FALSE") + " ELSE {0} " + op + " {1} END");
        }
        return Decision.KEEP;
    }

    private static String pgInteger(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case BIGINT -> "BIGINT";
            case INTEGER -> "INTEGER";
            default -> "SMALLINT";
        };
    }

    private static String wider(RelDataType t) {
        return PgTemplates.wider(t);
    }

    private static String wrap(String exact, RelDataType type) {
        return PgTemplates.wrap(exact, type);
    }

    private static Decision arithmetic(RexCall call) {
        RelDataType t = call.getType();
        RexNode a = call.operands.get(0);
        RexNode b = call.operands.get(1);
        SqlTypeName n = t.getSqlTypeName();
        if (n == SqlTypeName.DATE) {
            // PostgreSQL's date + interval is a timestamp
            return Decision.template("CAST({0} " + (call.getKind() == SqlKind.MINUS ? "-" : "+") + " {1} AS DATE)");
        }
        if (n == SqlTypeName.TIMESTAMP || SqlTypeUtil.isInterval(t)) {
            return Decision.KEEP;
        }
        if (SqlTypeUtil.isIntType(t)) {
            String w = wider(t);
            String sym = call.getKind() == SqlKind.PLUS ? "+" : call.getKind() == SqlKind.MINUS ? "-" : "*";
            return Decision.template(wrap("CAST({0} AS " + w + ") " + sym + " CAST({1} AS " + w + ")", t));
        }
        if (n == SqlTypeName.DECIMAL) {
            int p1 = precision(a.getType());
            int s1 = scale(a.getType());
            int p2 = precision(b.getType());
            int s2 = scale(b.getType());
            int natural = call.getKind() == SqlKind.TIMES ? p1 + p2
                    : Math.max(s1, s2) + Math.max(p1 - s1, p2 - s2) + 1;
            int naturalScale = call.getKind() == SqlKind.TIMES ? s1 + s2 : Math.max(s1, s2);
            if (natural > 38 || naturalScale != t.getScale()) {
                // the type is capped: round half up to its scale, NULL past its precision, as Hive's decimal does
                String sym = call.getKind() == SqlKind.PLUS ? "+" : call.getKind() == SqlKind.MINUS ? "-" : "*";
                String exact = "ROUND({0} " + sym + " {1}, " + t.getScale() + ")";
                return Decision.template("CASE WHEN ABS(" + exact + ") < 1E" + (t.getPrecision() - t.getScale()) + " THEN "
                        + exact + " END");
            }
            return Decision.KEEP;
        }
        return Decision.refuse("floating-point arithmetic: PostgreSQL raises an error on overflow and underflow where Hive "
                + "gives Infinity or 0");
    }

    private static int precision(RelDataType t) {
        return HiveOperators.precisionOf(t);
    }

    private static int scale(RelDataType t) {
        return t.getSqlTypeName() == SqlTypeName.DECIMAL ? t.getScale() : 0;
    }

    /** Hive's {@code /}: DOUBLE division, NULL for a zero divisor. */
    private static Decision divide(RexCall call) {
        if (call.getType().getSqlTypeName() != SqlTypeName.DOUBLE) {
            return Decision.refuse("decimal division: Hive's result scale and rounding differ from PostgreSQL's numeric division");
        }
        if (approx(call.operands.get(0)) || approx(call.operands.get(1))) {
            return Decision.refuse("floating-point division: PostgreSQL raises an error on overflow and underflow");
        }
        return Decision.template("CAST({0} AS DOUBLE PRECISION) / NULLIF(CAST({1} AS DOUBLE PRECISION), 0)");
    }

    private static Decision like(RexCall call) {
        if (!(call.operands.get(1) instanceof RexLiteral)) {
            return Decision.refuse("a LIKE pattern computed per row follows Hive's escaping rule, not SQL's");
        }
        if (call.operands.size() > 2 && !(call.operands.get(2) instanceof RexLiteral)) {
            return Decision.refuse("LIKE with a computed escape character");
        }
        if (call.operands.size() < 3) {
            return Decision.refuse("LIKE without an escape clause");
        }
        boolean negated = call.getOperator() instanceof SqlLikeOperator l && l.isNegated();
        return Decision.template("{0} " + (negated ? "NOT " : "") + "LIKE {1} ESCAPE {2}");
    }

    private static Decision rlike(RexCall call) {
        if (!(call.operands.get(1) instanceof RexLiteral l) || l.isNull()) {
            return Decision.refuse("a regular expression computed per row");
        }
        String are = RegexTranslator.toPostgres(l.getValueAs(String.class));
        if (are == null) {
            return Decision.refuse("the Java regular expression uses features whose PostgreSQL (POSIX) meaning differs");
        }
        return Decision.template("{0} ~ " + PgLiterals.string(are));
    }

    // ---------------------------------------------------------------- CAST

    /**
     * Casts PostgreSQL performs exactly as Hive: widening between numbers, integers to text, dates
     * and timestamps to each other, decimals that fit, string literals that parse. Hive gives NULL
     * for text that does not parse and wraps narrowed integers; PostgreSQL raises errors there.
     */
    static Decision cast(RexNode operand, RelDataType to) {
        RelDataType from = operand.getType();
        SqlTypeName f = from.getSqlTypeName();
        SqlTypeName t = to.getSqlTypeName();
        if (f == t && t != SqlTypeName.DECIMAL && t != SqlTypeName.VARCHAR && t != SqlTypeName.CHAR) {
            return Decision.KEEP;
        }
        if (f == SqlTypeName.NULL) {
            return Decision.KEEP;
        }
        if (SqlTypeUtil.isCharacter(from)) {
            if (t == SqlTypeName.VARCHAR) {
                return Decision.KEEP; // PostgreSQL's explicit cast truncates to the length, as Hive does
            }
            if (operand instanceof RexLiteral l && !l.isNull() && literalParsesTheSame(l.getValueAs(String.class), t)) {
                return Decision.KEEP;
            }
            return Decision.refuse("CAST of text to " + t + ": Hive gives NULL for text that does not parse, PostgreSQL "
                    + "raises an error");
        }
        if (SqlTypeUtil.isIntType(from)) {
            if (SqlTypeUtil.isIntType(to)) {
                return precision(to) >= precision(from) ? Decision.KEEP
                        : Decision.refuse("narrowing integer CAST: Hive wraps, PostgreSQL raises an error on overflow");
            }
            // integer to floating point: correctly rounded in both
            if (t == SqlTypeName.DOUBLE || t == SqlTypeName.REAL || t == SqlTypeName.VARCHAR && to.getPrecision() < 0
                    || t == SqlTypeName.BOOLEAN) {
                return Decision.KEEP;
            }
            if (t == SqlTypeName.VARCHAR && to.getPrecision() >= precision(from) + 1) {
                return Decision.KEEP;
            }
            if (t == SqlTypeName.DECIMAL && to.getPrecision() - to.getScale() >= precision(from)) {
                return Decision.KEEP;
            }
            return Decision.refuse("CAST from " + f + " to " + t + " may overflow or format differently");
        }
        if (f == SqlTypeName.DECIMAL && t == SqlTypeName.DECIMAL) {
            // PostgreSQL rounds half away from zero, as Hive; it must not overflow
            return to.getPrecision() - to.getScale() >= from.getPrecision() - from.getScale() ? Decision.KEEP
                    : Decision.refuse("decimal CAST that may overflow: Hive gives NULL, PostgreSQL raises an error");
        }
        if (f == SqlTypeName.REAL && t == SqlTypeName.DOUBLE || f == SqlTypeName.DECIMAL && t == SqlTypeName.DOUBLE) {
            // both exact or correctly rounded (PostgreSQL reads the decimal text with strtod, Java's BigDecimal.doubleValue too)
            return Decision.KEEP;
        }
        if (f == SqlTypeName.DATE && t == SqlTypeName.TIMESTAMP || f == SqlTypeName.TIMESTAMP && t == SqlTypeName.DATE) {
            return Decision.KEEP;
        }
        if (f == SqlTypeName.BOOLEAN && SqlTypeUtil.isIntType(to)) {
            return Decision.KEEP;
        }
        return Decision.refuse("CAST from " + f + " to " + t + " differs between PostgreSQL and Hive (rounding, text form "
                + "or errors)");
    }

    /** A literal that PostgreSQL and Hive both read, to the same value. */
    private static boolean literalParsesTheSame(String s, SqlTypeName t) {
        return switch (t) {
            case DATE -> s.matches("\\d{4}-\\d{2}-\\d{2}") && HiveDates.toEpochDay(s) != null;
            case TIMESTAMP -> s.matches("\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?)?") && HiveDates.toTimestamp(s) != null;
            case INTEGER -> s.matches("-?\\d{1,9}");
            case BIGINT -> s.matches("-?\\d{1,18}");
            case SMALLINT -> s.matches("-?\\d{1,4}");
            default -> false;
        };
    }
}
