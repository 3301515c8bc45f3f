package org.hadoopdb.planner.sqlgen;

import java.math.BigDecimal;
import java.util.List;
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
import org.hadoopdb.functions.impl.HiveValues;
import org.hadoopdb.functions.HiveFunction;
import org.hadoopdb.functions.HiveOperators;

/**
 * How one Hive operator or function call is computed in PostgreSQL with exactly Hive's result, or
 * why it cannot be: the single source of both the pushdown policy's decisions and the SQL the
 * generator prints. Each decision considers only the call itself (its operator, operand types
 * and literal operands); the policy checks every call of an expression.
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

        public boolean pushable() {
            return refused == null;
        }

        /** The same template with the operand of a one-argument function where EXTRACT has its second. */
        Decision shift() {
            return template == null ? this : new Decision(null, template.replace("{1}", "{0}"));
        }
    }

    private PostgresTranslation() {
    }

    /** The decision for {@code call}, whose operands are expressions Hive evaluates first. */
    public static Decision of(RexCall call) {
        SqlOperator op = call.getOperator();
        if (op instanceof HiveFunction f) {
            return function(f.getName(), call);
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
                return extract(((RexLiteral) call.operands.get(0)).getValueAs(TimeUnitRange.class), call.operands.get(1).getType());
            default:
                return Decision.refuse(op.getName() + " has no PostgreSQL equivalent with Hive's semantics");
        }
    }

    // ---------------------------------------------------------------- operators

    private static boolean approx(RexNode n) {
        SqlTypeName t = n.getType().getSqlTypeName();
        return t == SqlTypeName.DOUBLE || t == SqlTypeName.REAL || t == SqlTypeName.FLOAT;
    }

    private static boolean string(RexNode n) {
        return SqlTypeUtil.isCharacter(n.getType());
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
        return t.getSqlTypeName() == SqlTypeName.BIGINT ? "NUMERIC" : "BIGINT";
    }

    /** An exact integer result wrapped to its type's width, as Java's (and Hive's) arithmetic wraps. */
    private static String wrap(String exact, RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case BIGINT -> "CAST(MOD(MOD(" + exact + " + 9223372036854775808, 18446744073709551616) + 18446744073709551616, "
                    + "18446744073709551616) - 9223372036854775808 AS BIGINT)";
            case INTEGER -> "CAST(((" + exact + " + 2147483648) & 4294967295) - 2147483648 AS INTEGER)";
            case SMALLINT -> "CAST(((" + exact + " + 32768) & 65535) - 32768 AS SMALLINT)";
            default -> "CAST(((" + exact + " + 128) & 255) - 128 AS SMALLINT)";
        };
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
        return switch (t.getSqlTypeName()) {
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            default -> t.getPrecision();
        };
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

    private static Decision extract(TimeUnitRange unit, RelDataType from) {
        boolean date = from.getSqlTypeName() == SqlTypeName.DATE;
        String x = date && (unit == TimeUnitRange.HOUR || unit == TimeUnitRange.MINUTE || unit == TimeUnitRange.SECOND)
                ? "CAST({1} AS TIMESTAMP)" : "{1}";
        return switch (unit) {
            case YEAR, QUARTER, MONTH, DAY, HOUR, MINUTE -> Decision.template("CAST(EXTRACT(" + unit.name() + " FROM " + x
                    + ") AS INTEGER)");
            case WEEK -> Decision.template("CAST(EXTRACT(WEEK FROM " + x + ") AS INTEGER)");
            case DOW -> Decision.template("CAST(EXTRACT(DOW FROM " + x + ") AS INTEGER) + 1");
            case SECOND -> Decision.template("CAST(FLOOR(EXTRACT(SECOND FROM " + x + ")) AS INTEGER)");
            default -> Decision.refuse("EXTRACT(" + unit + ")");
        };
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
            case DATE -> s.matches("\\d{4}-\\d{2}-\\d{2}") && HiveValues.toEpochDay(s) != null;
            case TIMESTAMP -> s.matches("\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?)?") && HiveValues.toTimestamp(s) != null;
            case INTEGER -> s.matches("-?\\d{1,9}");
            case BIGINT -> s.matches("-?\\d{1,18}");
            case SMALLINT -> s.matches("-?\\d{1,4}");
            default -> false;
        };
    }

    // ---------------------------------------------------------------- Hive functions

    private static Decision function(String name, RexCall call) {
        List<RexNode> ops = call.operands;
        switch (name) {
            case "substr": {
                Integer pos = intLiteral(ops.get(1));
                Integer len = ops.size() > 2 ? intLiteral(ops.get(2)) : Integer.valueOf(Integer.MAX_VALUE);
                if (pos == null || len == null || len < 0) {
                    return Decision.refuse("substr with a computed or negative position or length: PostgreSQL counts "
                            + "positions below 1 differently");
                }
                String l = ops.size() > 2 ? ", {2}" : "";
                if (pos >= 0) {
                    return Decision.template("SUBSTR({0}, " + Math.max(1, pos) + l + ")");
                }
                return Decision.template("CASE WHEN CHAR_LENGTH({0}) < " + (-(long) pos) + " THEN '' ELSE SUBSTR({0}, CHAR_LENGTH({0}) - "
                        + (-(long) pos - 1) + l + ") END");
            }
            case "concat": {
                StringBuilder t = new StringBuilder();
                for (int i = 0; i < ops.size(); i++) {
                    t.append(i == 0 ? "" : " || ").append('{').append(i).append('}');
                }
                return Decision.template(ops.size() == 1 ? "{0}" : t.toString());
            }
            case "concat_ws":
                return Decision.template(variadic("CONCAT_WS", ops.size()));
            case "upper", "lower", "initcap":
                return Decision.refuse(name + ": PostgreSQL in the C locale changes ASCII letters only, Hive every Unicode letter");
            case "trim":
                return Decision.template("BTRIM({0}, ' ')");
            case "ltrim":
                return Decision.template("LTRIM({0}, ' ')");
            case "rtrim":
                return Decision.template("RTRIM({0}, ' ')");
            case "length":
                return Decision.template("CHAR_LENGTH({0})");
            case "reverse":
                return Decision.template("REVERSE({0})");
            case "repeat":
                return Decision.template("REPEAT({0}, {1})");
            case "lpad", "rpad": {
                Integer len = intLiteral(ops.get(1));
                if (len == null || len < 0 || !(ops.get(2) instanceof RexLiteral p) || p.isNull()
                        || p.getValueAs(String.class).isEmpty()) {
                    return Decision.refuse(name + " with a computed or negative length or an empty pad: Hive gives NULL there");
                }
                return Decision.template(name.toUpperCase() + "({0}, {1}, {2})");
            }
            case "instr":
                return Decision.template("STRPOS({0}, {1})");
            case "locate":
                return ops.size() == 2 ? Decision.template("STRPOS({1}, {0})")
                        : Decision.refuse("locate with a start position has no PostgreSQL equivalent");
            case "space":
                return Decision.template("REPEAT(' ', {0})");
            case "ascii":
                return Decision.refuse("Hive's ascii is the first UTF-8 byte (negative beyond ASCII), PostgreSQL's the code point");
            case "translate":
                return Decision.template("TRANSLATE({0}, {1}, {2})");
            case "replace":
                return Decision.template("REPLACE({0}, {1}, {2})");
            case "regexp_replace", "regexp_extract":
                return Decision.refuse(name + ": Java's leftmost-first regular expressions pick different matches than "
                        + "PostgreSQL's leftmost-longest ones");
            case "year", "quarter", "month", "day", "hour", "minute", "second", "weekofyear", "dayofweek":
                return extract(switch (name) {
                    case "year" -> TimeUnitRange.YEAR;
                    case "quarter" -> TimeUnitRange.QUARTER;
                    case "month" -> TimeUnitRange.MONTH;
                    case "day" -> TimeUnitRange.DAY;
                    case "hour" -> TimeUnitRange.HOUR;
                    case "minute" -> TimeUnitRange.MINUTE;
                    case "second" -> TimeUnitRange.SECOND;
                    case "weekofyear" -> TimeUnitRange.WEEK;
                    default -> TimeUnitRange.DOW;
                }, ops.get(0).getType()).shift();
            case "to_date", "date":
                return Decision.template("CAST({0} AS DATE)");
            case "datediff":
                return Decision.template("{0} - {1}");
            case "date_add", "date_sub": {
                Integer days = intLiteral(ops.get(1));
                if (days == null || Math.abs((long) days) > 1_000_000) {
                    return Decision.refuse(name + " by a computed or huge number of days: Hive's dates reach years PostgreSQL's "
                            + "cannot (an error there)");
                }
                return Decision.template("{0} " + (name.equals("date_add") ? "+" : "-") + " {1}");
            }
            case "unix_timestamp":
                if (ops.size() == 1 && !string(ops.get(0))) {
                    return Decision.template("CAST(FLOOR(EXTRACT(EPOCH FROM CAST({0} AS TIMESTAMP))) AS BIGINT)");
                }
                return Decision.refuse("unix_timestamp of text parses with Java's SimpleDateFormat rules");
            case "round": {
                if (call.getType().getSqlTypeName() == SqlTypeName.DECIMAL) {
                    return Decision.template(ops.size() > 1 ? "ROUND({0}, {1})" : "ROUND({0})");
                }
                if (SqlTypeUtil.isIntType(call.getType())) {
                    Integer d = ops.size() > 1 ? intLiteral(ops.get(1)) : Integer.valueOf(0);
                    return d != null && d >= 0 ? Decision.template("{0}")
                            : Decision.refuse("round of an integer to a computed or negative number of digits");
                }
                return Decision.refuse("round of a floating-point number: PostgreSQL rounds half to even, Hive half up");
            }
            case "floor", "ceil":
                if (call.getType().getSqlTypeName() == SqlTypeName.DECIMAL) {
                    return Decision.template(name.toUpperCase() + "({0})");
                }
                if (SqlTypeUtil.isIntType(ops.get(0).getType())) {
                    return Decision.template("CAST({0} AS BIGINT)");
                }
                return Decision.refuse(name + " of a floating-point number to BIGINT: PostgreSQL raises errors for NaN and "
                        + "overflow, Hive saturates");
            case "abs":
                if (SqlTypeUtil.isIntType(call.getType())) {
                    return Decision.template(wrap("ABS(CAST({0} AS " + wider(call.getType()) + "))", call.getType()));
                }
                return Decision.template("ABS({0})");
            case "sign":
                if (approx(ops.get(0))) {
                    return Decision.refuse("sign of a floating-point number: PostgreSQL gives 0 for NaN and -0.0");
                }
                return call.getType().getSqlTypeName() == SqlTypeName.INTEGER ? Decision.template("CAST(SIGN({0}) AS INTEGER)")
                        : Decision.template("CAST(SIGN({0}) AS DOUBLE PRECISION)");
            case "sqrt":
                return Decision.template("SQRT(CASE WHEN {0} < 0 THEN NULL ELSE CAST({0} AS DOUBLE PRECISION) END)");
            case "pow", "exp", "ln", "log", "log10", "log2":
                return Decision.refuse(name + ": PostgreSQL raises errors where Hive gives NULL, Infinity or NaN, and its "
                        + "C library may differ from Java's Math in the last bit");
            case "pmod":
                return call.getType().getSqlTypeName() == SqlTypeName.DECIMAL
                        ? Decision.template("MOD(MOD({0}, NULLIF({1}, 0)) + {1}, NULLIF({1}, 0))")
                        : Decision.refuse("pmod of integers or floating-point numbers wraps or rounds as Java does");
            case "rand":
                return Decision.refuse("rand is random per row: evaluated once, in MapReduce");
            case "greatest", "least": {
                for (RexNode o : ops) {
                    if (approx(o)) {
                        return Decision.refuse(name + " of floating-point numbers orders -0.0 and 0.0 differently");
                    }
                }
                StringBuilder nulls = new StringBuilder();
                StringBuilder args = new StringBuilder();
                boolean strings = string(ops.get(0));
                for (int i = 0; i < ops.size(); i++) {
                    nulls.append(i == 0 ? "" : " OR ").append('{').append(i).append("} IS NULL");
                    args.append(i == 0 ? "" : ", ").append('{').append(i).append('}').append(strings ? " COLLATE \"C\"" : "");
                }
                return Decision.template("CASE WHEN " + nulls + " THEN NULL ELSE " + name.toUpperCase() + "(" + args + ") END");
            }
            case "if":
                return Decision.template("CASE WHEN {0} THEN {1} ELSE {2} END");
            case "nvl", "coalesce":
                return Decision.template(variadic("COALESCE", ops.size()));
            case "nullif":
                return approx(ops.get(0)) ? Decision.refuse("nullif of floating-point numbers compares NaN differently")
                        : Decision.template("NULLIF({0}, {1})");
            case "nvl2":
                return Decision.template("CASE WHEN {0} IS NOT NULL THEN {1} ELSE {2} END");
            case "isnull":
                return Decision.template("{0} IS NULL");
            case "isnotnull":
                return Decision.template("{0} IS NOT NULL");
            case "md5":
                return Decision.template(string(ops.get(0)) ? "MD5({0})" : "MD5(CAST({0} AS BYTEA))");
            case "sha2": {
                Integer bits = intLiteral(ops.get(1));
                if (bits == null || !List.of(0, 224, 256, 384, 512).contains(bits)) {
                    return Decision.refuse("sha2 with a computed or unsupported bit length");
                }
                String bytes = string(ops.get(0)) ? "CONVERT_TO({0}, 'UTF8')" : "{0}";
                return Decision.template("ENCODE(SHA" + (bits == 0 ? 256 : bits) + "(" + bytes + "), 'hex')");
            }
            case "hex":
                if (string(ops.get(0))) {
                    return Decision.template("UPPER(ENCODE(CONVERT_TO({0}, 'UTF8'), 'hex'))");
                }
                if (SqlTypeUtil.isIntType(ops.get(0).getType())) {
                    return Decision.template("UPPER(TO_HEX(CAST({0} AS BIGINT)))");
                }
                if (SqlTypeUtil.isBinary(ops.get(0).getType())) {
                    return Decision.template("UPPER(ENCODE({0}, 'hex'))");
                }
                return Decision.refuse("hex of " + ops.get(0).getType().getSqlTypeName());
            default:
                return Decision.refuse(name + " has no PostgreSQL equivalent with Hive's semantics");
        }
    }

    private static String variadic(String function, int n) {
        StringBuilder t = new StringBuilder(function).append('(');
        for (int i = 0; i < n; i++) {
            t.append(i == 0 ? "" : ", ").append('{').append(i).append('}');
        }
        return t.append(')').toString();
    }

    private static Integer intLiteral(RexNode n) {
        if (n instanceof RexLiteral l && !l.isNull() && SqlTypeUtil.isExactNumeric(l.getType())) {
            BigDecimal v = l.getValueAs(BigDecimal.class);
            return v.scale() <= 0 && v.abs().compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0 ? v.intValue() : null;
        }
        if (n instanceof RexCall c && c.getKind() == SqlKind.CAST) {
            return intLiteral(c.operands.get(0));
        }
        return null;
    }
}
