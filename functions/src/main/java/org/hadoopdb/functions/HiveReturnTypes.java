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

    // ---------------------------------------------------------------- arrays, maps and structs

    /** {@code index(a, i)}: the array's element type or the map's value type. */
    public static final SqlReturnTypeInference INDEX = b -> {
        RelDataType t = b.getOperandType(0);
        return nullable(b.getTypeFactory(), t.getSqlTypeName() == SqlTypeName.MAP ? t.getValueType() : t.getComponentType());
    };

    /** The element type of the array argument 0 (array_max, array_min). */
    public static final SqlReturnTypeInference ELEMENT = b -> nullable(b.getTypeFactory(), b.getOperandType(0).getComponentType());

    /** {@code map_keys(m)}: an array of the map's key type. */
    public static final SqlReturnTypeInference MAP_KEYS = b -> arrayOf(b.getTypeFactory(), b.getOperandType(0).getKeyType());

    /** {@code map_values(m)}: an array of the map's value type. */
    public static final SqlReturnTypeInference MAP_VALUES = b -> arrayOf(b.getTypeFactory(), b.getOperandType(0).getValueType());

    /** {@code array(v1, ...)}: an array of the values' common type ({@code array<string>} without values). */
    public static final SqlReturnTypeInference ARRAY = b -> arrayOf(b.getTypeFactory(), commonOf(b, 0, 1));

    /** {@code map(k1, v1, ...)}: a map of the keys' and the values' common types ({@code map<string,string>} without pairs). */
    public static final SqlReturnTypeInference MAP = b -> {
        RelDataTypeFactory f = b.getTypeFactory();
        return nullable(f, f.createMapType(commonOf(b, 0, 2), commonOf(b, 1, 2)));
    };

    /** {@code struct(v1, ...)}: fields named col1, col2, ... as in Hive. */
    public static final SqlReturnTypeInference STRUCT = b -> {
        List<String> names = new ArrayList<>();
        List<RelDataType> types = new ArrayList<>();
        for (int i = 0; i < b.getOperandCount(); i++) {
            names.add("col" + (i + 1));
            types.add(CollectionTypes.element(b.getOperandType(i), b.getTypeFactory()));
        }
        return nullable(b.getTypeFactory(), b.getTypeFactory().createStructType(types, names));
    };

    /** {@code named_struct('n1', v1, ...)}: fields named by the literals, in lower case as Hive keeps them. */
    public static final SqlReturnTypeInference NAMED_STRUCT = b -> {
        List<String> names = new ArrayList<>();
        List<RelDataType> types = new ArrayList<>();
        for (int i = 0; i + 1 < b.getOperandCount(); i += 2) {
            names.add(CollectionArguments.fieldName(b, i).toLowerCase(java.util.Locale.ROOT));
            types.add(CollectionTypes.element(b.getOperandType(i + 1), b.getTypeFactory()));
        }
        return nullable(b.getTypeFactory(), b.getTypeFactory().createStructType(types, names));
    };

    /** {@code map<string,string>} (str_to_map). */
    public static final SqlReturnTypeInference STRING_MAP = b -> {
        RelDataTypeFactory f = b.getTypeFactory();
        RelDataType string = nullable(f, f.createSqlType(SqlTypeName.VARCHAR));
        return nullable(f, f.createMapType(string, string));
    };

    private static RelDataType arrayOf(RelDataTypeFactory f, RelDataType element) {
        return nullable(f, f.createArrayType(nullable(f, element), -1));
    }

    /** The common type of the arguments from, from + step, ... (the validator made sure there is one). */
    private static RelDataType commonOf(SqlOperatorBinding b, int from, int step) {
        List<RelDataType> types = new ArrayList<>();
        for (int i = from; i < b.getOperandCount(); i += step) {
            types.add(b.getOperandType(i));
        }
        RelDataType common = CollectionTypes.common(types, b.getTypeFactory());
        if (common == null) {
            throw new IllegalStateException("The arguments of " + b.getOperator().getName() + " have no common type: " + types);
        }
        return common;
    }

    private static RelDataType nullable(RelDataTypeFactory f, RelDataType t) {
        return f.createTypeWithNullability(t, true);
    }

}
