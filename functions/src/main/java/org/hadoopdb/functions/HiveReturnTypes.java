package org.hadoopdb.functions;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/** Hive's result types of the library's functions; every result is nullable. */
public final class HiveReturnTypes {
    private HiveReturnTypes() {
    }

    public static SqlReturnTypeInference of(SqlTypeName name) {
        return b -> nullable(b.getTypeFactory(), name == SqlTypeName.TIMESTAMP
                ? b.getTypeFactory().createSqlType(name, 6) : b.getTypeFactory().createSqlType(name));
    }

    public static final SqlReturnTypeInference STRING = of(SqlTypeName.VARCHAR);
    public static final SqlReturnTypeInference INT = of(SqlTypeName.INTEGER);
    public static final SqlReturnTypeInference BIGINT = of(SqlTypeName.BIGINT);
    public static final SqlReturnTypeInference DOUBLE = of(SqlTypeName.DOUBLE);
    public static final SqlReturnTypeInference DATE = of(SqlTypeName.DATE);
    public static final SqlReturnTypeInference TIMESTAMP = of(SqlTypeName.TIMESTAMP);
    public static final SqlReturnTypeInference BINARY = of(SqlTypeName.VARBINARY);
    public static final SqlReturnTypeInference BOOLEAN_NOT_NULL = b -> b.getTypeFactory().createSqlType(SqlTypeName.BOOLEAN);
    public static final SqlReturnTypeInference BOOLEAN = of(SqlTypeName.BOOLEAN);

    /** The first argument's type. */
    public static final SqlReturnTypeInference ARG0 = b -> nullable(b.getTypeFactory(), b.getOperandType(0));

    /** The common type of the arguments from {@code from} on (Hive's rule for if, nvl, coalesce, greatest). */
    public static SqlReturnTypeInference common(int from) {
        return b -> {
            List<RelDataType> types = new ArrayList<>();
            for (int i = from; i < b.getOperandCount(); i++) {
                if (b.getOperandType(i).getSqlTypeName() != SqlTypeName.NULL) {
                    types.add(b.getOperandType(i));
                }
            }
            RelDataTypeFactory f = b.getTypeFactory();
            if (types.isEmpty()) {
                return f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), true);
            }
            RelDataType common = f.leastRestrictive(types);
            if (common == null) {
                throw b.newError(org.apache.calcite.util.Static.RESOURCE.typeNotComparableNear(
                        types.get(0).getFullTypeString(), types.get(types.size() - 1).getFullTypeString()));
            }
            if (SqlTypeUtil.isCharacter(common)) {
                // Hive: mixing string types gives STRING
                common = f.createSqlType(SqlTypeName.VARCHAR);
            }
            return nullable(f, common);
        };
    }

    /** round/bround: the argument's type; a decimal keeps min(d, s) fraction digits. */
    public static final SqlReturnTypeInference ROUND = b -> {
        RelDataType t = b.getOperandType(0);
        RelDataTypeFactory f = b.getTypeFactory();
        if (t.getSqlTypeName() == SqlTypeName.DECIMAL) {
            int d = 0;
            if (b.getOperandCount() > 1 && b.isOperandLiteral(1, false)) {
                Integer v = b.getOperandLiteralValue(1, Integer.class);
                d = v == null ? 0 : v;
            }
            int scale = Math.max(0, Math.min(d, t.getScale()));
            int precision = Math.min(38, t.getPrecision() - t.getScale() + scale + 1);
            return nullable(f, f.createSqlType(SqlTypeName.DECIMAL, precision, scale));
        }
        return nullable(f, t);
    };

    /** floor/ceil: BIGINT, or decimal(p - s + 1, 0) for a decimal. */
    public static final SqlReturnTypeInference FLOOR = b -> {
        RelDataType t = b.getOperandType(0);
        RelDataTypeFactory f = b.getTypeFactory();
        if (t.getSqlTypeName() == SqlTypeName.DECIMAL) {
            return nullable(f, f.createSqlType(SqlTypeName.DECIMAL, Math.min(38, t.getPrecision() - t.getScale() + 1), 0));
        }
        return nullable(f, f.createSqlType(SqlTypeName.BIGINT));
    };

    /** sign: INT for a decimal, DOUBLE otherwise. */
    public static final SqlReturnTypeInference SIGN = b -> {
        RelDataTypeFactory f = b.getTypeFactory();
        return nullable(f, f.createSqlType(b.getOperandType(0).getSqlTypeName() == SqlTypeName.DECIMAL
                ? SqlTypeName.INTEGER : SqlTypeName.DOUBLE));
    };

    private static RelDataType nullable(RelDataTypeFactory f, RelDataType t) {
        return f.createTypeWithNullability(t, true);
    }

}
