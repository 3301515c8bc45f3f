package org.hadoopdb.functions;

import java.math.BigDecimal;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Pieces shared by the PostgreSQL forms of functions and operators: reading literal operands,
 * classifying operand types, and the templates that make PostgreSQL behave as Java does.
 */
public final class PgTemplates {
    private PgTemplates() {
    }

    /** The value of an integer literal operand (also under a CAST), or null when it is computed or not an int. */
    public static Integer intLiteral(RexNode n) {
        if (n instanceof RexLiteral l && !l.isNull() && SqlTypeUtil.isExactNumeric(l.getType())) {
            BigDecimal v = l.getValueAs(BigDecimal.class);
            return v.scale() <= 0 && v.abs().compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0 ? v.intValue() : null;
        }
        if (n instanceof RexCall c && c.getKind() == SqlKind.CAST) {
            return intLiteral(c.operands.get(0));
        }
        return null;
    }

    /** Whether {@code n} is a floating-point number (NaN, -0.0 and overflow behave differently in PostgreSQL). */
    public static boolean approx(RexNode n) {
        SqlTypeName t = n.getType().getSqlTypeName();
        return t == SqlTypeName.DOUBLE || t == SqlTypeName.REAL || t == SqlTypeName.FLOAT;
    }

    public static boolean string(RexNode n) {
        return SqlTypeUtil.isCharacter(n.getType());
    }

    /** {@code FUNCTION({0}, {1}, ..., {n-1})}. */
    public static String call(String function, int n) {
        StringBuilder t = new StringBuilder(function).append('(');
        for (int i = 0; i < n; i++) {
            t.append(i == 0 ? "" : ", ").append('{').append(i).append('}');
        }
        return t.append(')').toString();
    }

    /** The PostgreSQL type one size wider than the integer type {@code t}, in which its results cannot overflow. */
    public static String wider(RelDataType t) {
        return t.getSqlTypeName() == SqlTypeName.BIGINT ? "NUMERIC" : "BIGINT";
    }

    /** An exact integer result wrapped to its type's width, as Java's (and Hive's) arithmetic wraps. */
    public static String wrap(String exact, RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case BIGINT -> "CAST(MOD(MOD(" + exact + " + 9223372036854775808, 18446744073709551616) + 18446744073709551616, "
                    + "18446744073709551616) - 9223372036854775808 AS BIGINT)";
            case INTEGER -> "CAST(((" + exact + " + 2147483648) & 4294967295) - 2147483648 AS INTEGER)";
            case SMALLINT -> "CAST(((" + exact + " + 32768) & 65535) - 32768 AS SMALLINT)";
            default -> "CAST(((" + exact + " + 128) & 255) - 128 AS SMALLINT)";
        };
    }

    /**
     * A date or time field of {@code operand} (a placeholder such as {@code {0}}) of type {@code from},
     * as Hive's INT: EXTRACT gives a double precision in PostgreSQL, seconds with their fraction, and
     * days of the week from 0.
     */
    public static PostgresForm extract(TimeUnitRange unit, RelDataType from, String operand) {
        boolean date = from.getSqlTypeName() == SqlTypeName.DATE;
        String x = date && (unit == TimeUnitRange.HOUR || unit == TimeUnitRange.MINUTE || unit == TimeUnitRange.SECOND)
                ? "CAST(" + operand + " AS TIMESTAMP)" : operand;
        return switch (unit) {
            case YEAR, QUARTER, MONTH, DAY, HOUR, MINUTE -> PostgresForm.sql("CAST(EXTRACT(" + unit.name() + " FROM " + x
                    + ") AS INTEGER)");
            case WEEK -> PostgresForm.sql("CAST(EXTRACT(WEEK FROM " + x + ") AS INTEGER)");
            case DOW -> PostgresForm.sql("CAST(EXTRACT(DOW FROM " + x + ") AS INTEGER) + 1");
            case SECOND -> PostgresForm.sql("CAST(FLOOR(EXTRACT(SECOND FROM " + x + ")) AS INTEGER)");
            default -> PostgresForm.notPushed("EXTRACT(" + unit + ")");
        };
    }
}
