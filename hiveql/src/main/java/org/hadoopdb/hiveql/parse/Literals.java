package org.hadoopdb.hiveql.parse;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.Token;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimestampString;

/**
 * HiveQL literals as Calcite nodes, with Hive's types:
 * <ul>
 *   <li>integers: INT when they fit, else BIGINT, else DOUBLE (as Hive); suffixes {@code Y} TINYINT,
 *       {@code S} SMALLINT, {@code L} BIGINT become {@code CAST(n AS type)} after a range check;
 *   <li>{@code 1.5}, {@code 1e3}: DOUBLE (approximate literal); {@code 1.5BD}: exact DECIMAL;
 *   <li>strings: through {@link #string} only, so the character set is decided in one place.
 * </ul>
 */
final class Literals {
    /** The character set of every string literal; the planner's type factory must agree with it. */
    static final String CHARSET = "UTF-16";

    private static final int MAX_DECIMAL_PRECISION = 38;
    private static final Pattern DATE = Pattern.compile("(\\d{4})-(\\d{1,2})-(\\d{1,2})");
    private static final Pattern TIMESTAMP = Pattern.compile(
            "(\\d{4})-(\\d{1,2})-(\\d{1,2})(?:[ T](\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{1,9}))?)?)?");

    private Literals() {
    }

    /** Every character literal the parser creates comes from here. */
    static SqlCharStringLiteral string(String value, SqlParserPos pos) {
        return SqlLiteral.createCharString(value, CHARSET, pos);
    }

    /** The value of a {@code stringLiteral} rule: adjacent quoted pieces concatenated, each unescaped. */
    static String stringValue(HiveQL.StringLiteralContext ctx) {
        StringBuilder value = new StringBuilder();
        for (var piece : ctx.STRING()) {
            value.append(HiveStrings.unescape(piece.getText()));
        }
        return value.toString();
    }

    /** A number token, negated when a unary minus stood directly before it. */
    static SqlNode number(Token token, boolean negative, SqlParserPos pos, SourceText source) {
        String text = token.getText().toUpperCase(Locale.ROOT);
        String sign = negative ? "-" : "";
        return switch (token.getType()) {
            case HiveQLLexer.INTEGER_VALUE -> integer(new BigInteger(sign + text), pos);
            case HiveQLLexer.DECIMAL_VALUE, HiveQLLexer.DOUBLE_VALUE -> SqlLiteral.createApproxNumeric(sign + text, pos);
            case HiveQLLexer.TINYINT_LITERAL -> suffixed(token, sign + strip(text, 1), SqlTypeName.TINYINT,
                    Byte.MIN_VALUE, Byte.MAX_VALUE, pos, source);
            case HiveQLLexer.SMALLINT_LITERAL -> suffixed(token, sign + strip(text, 1), SqlTypeName.SMALLINT,
                    Short.MIN_VALUE, Short.MAX_VALUE, pos, source);
            case HiveQLLexer.BIGINT_LITERAL -> suffixed(token, sign + strip(text, 1), SqlTypeName.BIGINT,
                    Long.MIN_VALUE, Long.MAX_VALUE, pos, source);
            case HiveQLLexer.DECIMAL_LITERAL -> decimal(token, new BigDecimal(sign + strip(text, 2)), pos, source);
            default -> throw new IllegalStateException("not a number token: " + token);
        };
    }

    private static String strip(String text, int suffixLength) {
        return text.substring(0, text.length() - suffixLength);
    }

    /** INT or BIGINT by magnitude (Calcite types an exact literal that way); beyond BIGINT, Hive reads a DOUBLE. */
    private static SqlNode integer(BigInteger value, SqlParserPos pos) {
        if (value.bitLength() < Long.SIZE) {
            return SqlLiteral.createExactNumeric(value.toString(), pos);
        }
        return SqlLiteral.createApproxNumeric(value.toString(), pos);
    }

    private static SqlNode suffixed(Token token, String digits, SqlTypeName type, long min, long max,
                                    SqlParserPos pos, SourceText source) {
        BigInteger value = new BigInteger(digits);
        if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw source.error(token, type.getName() + " literal " + digits + " is out of range ["
                    + min + ", " + max + "]");
        }
        return cast(SqlLiteral.createExactNumeric(value.toString(), pos), new SqlBasicTypeNameSpec(type, pos), pos);
    }

    private static SqlNode decimal(Token token, BigDecimal value, SqlParserPos pos, SourceText source) {
        if (value.scale() < 0) {
            value = value.setScale(0);
        }
        int precision = Math.max(value.precision(), value.scale());
        if (precision > MAX_DECIMAL_PRECISION) {
            throw source.error(token, "DECIMAL literal " + token.getText() + " has more than "
                    + MAX_DECIMAL_PRECISION + " digits");
        }
        SqlLiteral exact = SqlLiteral.createExactNumeric(value.toPlainString(), pos);
        // An exact literal without a fraction would be typed INTEGER; the cast keeps it DECIMAL.
        return value.scale() > 0 ? exact
                : cast(exact, new SqlBasicTypeNameSpec(SqlTypeName.DECIMAL, precision, 0, pos), pos);
    }

    private static SqlNode cast(SqlNode value, SqlBasicTypeNameSpec type, SqlParserPos pos) {
        return SqlStdOperatorTable.CAST.createCall(pos, value, new SqlDataTypeSpec(type, pos));
    }

    static SqlLiteral date(Token at, String value, SqlParserPos pos, SourceText source) {
        Matcher m = DATE.matcher(value.trim());
        if (m.matches()) {
            try {
                LocalDate d = LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)));
                return SqlLiteral.createDate(new DateString(d.getYear(), d.getMonthValue(), d.getDayOfMonth()), pos);
            } catch (DateTimeException e) {
                throw source.error(at, "invalid DATE literal '" + value + "': " + e.getMessage(), e);
            }
        }
        throw source.error(at, "invalid DATE literal '" + value + "': expected 'yyyy-mm-dd'");
    }

    static SqlLiteral timestamp(Token at, String value, SqlParserPos pos, SourceText source) {
        Matcher m = TIMESTAMP.matcher(value.trim());
        if (m.matches()) {
            String fraction = m.group(7) == null ? "" : m.group(7);
            try {
                LocalDateTime t = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)), intOrZero(m.group(4)), intOrZero(m.group(5)),
                        intOrZero(m.group(6)));
                TimestampString ts = new TimestampString(t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
                        t.getHour(), t.getMinute(), t.getSecond());
                if (!fraction.isEmpty()) {
                    ts = ts.withFraction(fraction);
                }
                return SqlLiteral.createTimestamp(SqlTypeName.TIMESTAMP, ts, fraction.length(), pos);
            } catch (DateTimeException e) {
                throw source.error(at, "invalid TIMESTAMP literal '" + value + "': " + e.getMessage(), e);
            }
        }
        throw source.error(at, "invalid TIMESTAMP literal '" + value + "': expected 'yyyy-mm-dd hh:mm:ss[.fffffffff]'");
    }

    private static int intOrZero(String digits) {
        return digits == null ? 0 : Integer.parseInt(digits);
    }

    /**
     * {@code INTERVAL '90' DAY}, {@code INTERVAL 1 YEAR}, {@code INTERVAL '1-2' YEAR TO MONTH}. The leading
     * field's precision grows with the value, as Hive has no precision limit there (Calcite's default is 2 digits).
     */
    static SqlLiteral interval(int sign, String value, TimeUnit start, TimeUnit end, SqlParserPos pos) {
        String leading = value.trim().replaceFirst("^[-+]", "").split("[^0-9]", 2)[0];
        int startPrecision = leading.length() > 2 ? leading.length() : RelDataType.PRECISION_NOT_SPECIFIED;
        SqlIntervalQualifier qualifier = new SqlIntervalQualifier(start, startPrecision, end,
                RelDataType.PRECISION_NOT_SPECIFIED, pos);
        return SqlLiteral.createInterval(sign, value, qualifier, pos);
    }
}
