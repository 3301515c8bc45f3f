package org.hadoopdb.planner.analyze;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.HiveSqlDialect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.hadoopdb.planner.SemanticException;

/**
 * Hive's {@code +} and {@code -} take a date or timestamp only with an interval ({@code d + 30 days});
 * {@code date + 1} is rejected by Hive as well ("No matching method ... GenericUDFOPDTIPlus with
 * (date, int)"). Calcite's message for it lists SQL's signatures; this one names the expression and
 * says what Hive users write instead.
 */
final class DatetimeArithmeticErrors {
    private static final Pattern DATETIME_PLUS_NUMBER = Pattern.compile(
            "Cannot apply '([+-])' to arguments of type '<([A-Z_ ()0-9,]+)> [+-] <([A-Z_ ()0-9,]+)>'");
    private static final Pattern DATETIME = Pattern.compile("DATE|TIMESTAMP.*");
    private static final Pattern NUMBER = Pattern.compile("TINYINT|SMALLINT|INTEGER|BIGINT|DECIMAL.*|FLOAT|REAL|DOUBLE");
    /** Calcite prints a string literal's character set before it ({@code _UTF-16'a'}); HiveQL has none. */
    private static final Pattern CHARSET_PREFIX = Pattern.compile("(?<![A-Za-z0-9_])_[A-Z][A-Z0-9-]*'");

    private DatetimeArithmeticErrors() {
    }

    /** The error for {@code e} when it is a date or timestamp added to or subtracted from a number, else null. */
    static SemanticException translate(CalciteContextException e, String inner, SqlNode query) {
        Matcher m = DATETIME_PLUS_NUMBER.matcher(inner);
        if (!m.find()) {
            return null;
        }
        String left = m.group(2);
        String right = m.group(3);
        boolean leftDate = DATETIME.matcher(left).matches();
        if (!(leftDate && NUMBER.matcher(right).matches() || DATETIME.matcher(right).matches() && NUMBER.matcher(left).matches())) {
            return null;
        }
        String where = "line " + e.getPosLine() + ":" + e.getPosColumn() + ": ";
        SqlNode expr = query == null ? null : find(query, e.getPosLine(), e.getPosColumn());
        String what = expr == null ? "" : " in " + CHARSET_PREFIX.matcher(expr.toSqlString(HiveSqlDialect.DEFAULT).getSql()).replaceAll("'");
        String sign = m.group(1);
        String type = leftDate ? left : right;
        return new SemanticException(where + "cannot " + ("+".equals(sign) ? "add" : "subtract") + " a number "
                + ("+".equals(sign) ? "to" : "from") + " a " + type + what + ": Hive's " + sign + " takes a "
                + type + " and an interval; write date_" + ("+".equals(sign) ? "add" : "sub")
                + "(d, n) or d " + sign + " INTERVAL 'n' DAY (d " + sign + " n days)", e);
    }

    /** The PLUS or MINUS call that starts at the given position, or null. */
    private static SqlNode find(SqlNode query, int line, int column) {
        SqlNode[] found = new SqlNode[1];
        query.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                SqlParserPos pos = call.getParserPosition();
                if (found[0] == null && (call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS)
                        && pos.getLineNum() == line && pos.getColumnNum() == column) {
                    found[0] = call;
                }
                return super.visit(call);
            }
        });
        return found[0];
    }
}
