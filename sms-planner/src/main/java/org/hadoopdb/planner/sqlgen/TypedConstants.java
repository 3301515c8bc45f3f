package org.hadoopdb.planner.sqlgen;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.hadoopdb.planner.analyze.TypeMapping;

/**
 * Constants that reach PostgreSQL with their HiveQL type. PostgreSQL types a bare {@code 2.5} as
 * numeric and a bare {@code NULL} as text, where the planner (and the reader of the result) expects
 * Hive's DOUBLE or the column's type: every constant that is a column of a result (a VALUES cell, a
 * literal projected as it stands) is printed as {@code CAST(literal AS <PostgreSQL type>)}, the
 * type the result's reader checks the column against.
 */
final class TypedConstants {
    /**
     * The types whose constants are cast. Not binary ones (Calcite prints {@code X'…'}, a bit string
     * in PostgreSQL) nor intervals (operands of date arithmetic, never result columns).
     */
    private static final Set<SqlTypeName> CASTABLE = EnumSet.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT,
            SqlTypeName.INTEGER, SqlTypeName.BIGINT, SqlTypeName.REAL, SqlTypeName.FLOAT, SqlTypeName.DOUBLE,
            SqlTypeName.DECIMAL, SqlTypeName.CHAR, SqlTypeName.VARCHAR, SqlTypeName.BOOLEAN, SqlTypeName.DATE,
            SqlTypeName.TIMESTAMP, SqlTypeName.NULL);

    private TypedConstants() {
    }

    /**
     * Casts every cell of the VALUES that Calcite printed for a {@code Values} ({@code SELECT * FROM
     * (VALUES (…), …) AS t (…)}, with {@code WHERE 1 = 0} when it has no rows) to its column's type,
     * in place: the statement stays one flat VALUES list however many rows it has (an IN list of
     * thousands of constants is such a VALUES).
     */
    static void castCells(SqlSelect select, RelDataType rowType) {
        SqlNode from = select.getFrom();
        if (from != null && from.getKind() == SqlKind.AS) {
            from = ((SqlCall) from).operand(0);
        }
        if (from == null || from.getKind() != SqlKind.VALUES) {
            return; // a form this rewrite does not know: printed as Calcite prints it, as before
        }
        List<String> casts = new ArrayList<>();
        for (RelDataTypeField f : rowType.getFieldList()) {
            casts.add(CASTABLE.contains(f.getType().getSqlTypeName())
                    ? "CAST({0} AS " + postgresType(f.getType(), f.getName()) + ")" : null);
        }
        for (SqlNode row : ((SqlCall) from).getOperandList()) {
            SqlCall cells = (SqlCall) row;
            for (int i = 0; i < cells.operandCount(); i++) {
                if (casts.get(i) == null) {
                    continue;
                }
                SqlNode cell = cells.operand(i);
                cells.setOperand(i, new PgSql(casts.get(i)).createCall(SqlParserPos.ZERO, cell));
            }
        }
    }

    /** {@code literal} as a CAST to the PostgreSQL form of {@code type}. */
    static RexNode typed(RexBuilder rex, RexLiteral literal, RelDataType type) {
        if (!CASTABLE.contains(type.getSqlTypeName())) {
            return literal;
        }
        if (type.getSqlTypeName() == SqlTypeName.NULL) {
            // an untyped NULL (SELECT NULL): Hive's type for it is STRING
            return rex.makeCall(type, new PgSql("CAST(NULL AS text)"), List.of());
        }
        return rex.makeCall(type, new PgSql("CAST({0} AS " + postgresType(type, "The constant " + literal) + ")"),
                List.of(literal));
    }

    /** The PostgreSQL type the result's reader expects for a column of {@code type} (text for a bare NULL). */
    private static String postgresType(RelDataType type, String what) {
        return type.getSqlTypeName() == SqlTypeName.NULL ? "text" : TypeMapping.toHive(type, what).postgresType();
    }
}
