package org.hadoopdb.functions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlTableFunction;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Hive's table-generating functions (UDTFs), used in {@code LATERAL VIEW}: each turns one input row's
 * arguments into zero or more rows.
 *
 * <ul>
 *   <li>{@code explode(array)}: one row per element, column {@code col}; {@code explode(map)}: one row
 *       per entry, columns {@code key}, {@code value};
 *   <li>{@code posexplode(array)}: columns {@code pos} (from 0) and {@code val};
 *   <li>{@code inline(array<struct>)}: one row per element, a column per struct field;
 *   <li>{@code json_tuple(json, k1, …, kn)}: one row, columns {@code c0 … c(n-1)}, each the string value
 *       of the top-level key (NULL when the text is not a JSON object or has no such key).
 * </ul>
 *
 * <p>The parser puts them in the FROM clause as {@code LATERAL TABLE(f(args))}, so Calcite gives each
 * call the row type computed here; the planner turns the correlated call into its generate operator.
 */
public final class HiveTableFunction extends SqlFunction implements SqlTableFunction {
    /** Which function: how the runtime makes its rows. */
    public enum Kind {
        EXPLODE, POSEXPLODE, INLINE, JSON_TUPLE
    }

    public static final HiveTableFunction EXPLODE = new HiveTableFunction(Kind.EXPLODE, 1, 1);
    public static final HiveTableFunction POSEXPLODE = new HiveTableFunction(Kind.POSEXPLODE, 1, 1);
    public static final HiveTableFunction INLINE = new HiveTableFunction(Kind.INLINE, 1, 1);
    public static final HiveTableFunction JSON_TUPLE = new HiveTableFunction(Kind.JSON_TUPLE, 2, Integer.MAX_VALUE);

    private final Kind kind;
    private final int minArgs;
    private final int maxArgs;

    private HiveTableFunction(Kind kind, int minArgs, int maxArgs) {
        super(kind.name().toLowerCase(Locale.ROOT), SqlKind.OTHER_FUNCTION, ReturnTypes.CURSOR, null, null,
                SqlFunctionCategory.USER_DEFINED_TABLE_FUNCTION);
        this.kind = kind;
        this.minArgs = minArgs;
        this.maxArgs = maxArgs;
    }

    /** The table function named {@code name} (case-insensitive), if Hive has one by that name here. */
    public static Optional<HiveTableFunction> named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "explode" -> Optional.of(EXPLODE);
            case "posexplode" -> Optional.of(POSEXPLODE);
            case "inline" -> Optional.of(INLINE);
            case "json_tuple" -> Optional.of(JSON_TUPLE);
            default -> Optional.empty();
        };
    }

    /** The names of the table functions, for messages. */
    public static List<String> names() {
        return List.of("explode", "posexplode", "inline", "json_tuple");
    }

    public Kind kind() {
        return kind;
    }

    @Override
    public SqlOperandCountRange getOperandCountRange() {
        return SqlOperandCountRanges.between(minArgs, maxArgs);
    }

    @Override
    public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
        try {
            rowType(binding);
            return true;
        } catch (IllegalArgumentException e) {
            if (throwOnFailure) {
                throw ValidationErrors.at(binding.getCall(), getName() + ": " + e.getMessage());
            }
            return false;
        }
    }

    @Override
    public SqlReturnTypeInference getRowTypeInference() {
        return this::rowType;
    }

    private RelDataType rowType(SqlOperatorBinding binding) {
        RelDataTypeFactory f = binding.getTypeFactory();
        RelDataType arg = binding.getOperandType(0);
        List<String> names = new ArrayList<>();
        List<RelDataType> types = new ArrayList<>();
        switch (kind) {
            case EXPLODE -> {
                if (arg.getSqlTypeName() == SqlTypeName.MAP) {
                    names.add("key");
                    types.add(arg.getKeyType());
                    names.add("value");
                    types.add(arg.getValueType());
                } else if (arg.getSqlTypeName() == SqlTypeName.ARRAY) {
                    names.add("col");
                    types.add(arg.getComponentType());
                } else {
                    throw wrongArgument("explode takes an array or a map", arg);
                }
            }
            case POSEXPLODE -> {
                if (arg.getSqlTypeName() != SqlTypeName.ARRAY) {
                    throw wrongArgument("posexplode takes an array", arg);
                }
                names.add("pos");
                types.add(f.createSqlType(SqlTypeName.INTEGER));
                names.add("val");
                types.add(arg.getComponentType());
            }
            case INLINE -> {
                if (arg.getSqlTypeName() != SqlTypeName.ARRAY || !arg.getComponentType().isStruct()) {
                    throw wrongArgument("inline takes an array of structs", arg);
                }
                for (RelDataTypeField field : arg.getComponentType().getFieldList()) {
                    names.add(field.getName());
                    types.add(field.getType());
                }
            }
            case JSON_TUPLE -> {
                for (int i = 0; i < binding.getOperandCount(); i++) {
                    RelDataType t = binding.getOperandType(i);
                    if (!SqlTypeUtil.isCharacter(t) && t.getSqlTypeName() != SqlTypeName.NULL) {
                        throw wrongArgument("json_tuple takes strings: the JSON text and the keys", t);
                    }
                    if (i > 0) {
                        names.add("c" + (i - 1));
                        types.add(f.createSqlType(SqlTypeName.VARCHAR));
                    }
                }
            }
        }
        List<RelDataType> nullable = types.stream().map(t -> f.createTypeWithNullability(t, true)).toList();
        return f.createStructType(nullable, names);
    }

    private static IllegalArgumentException wrongArgument(String what, RelDataType got) {
        return new IllegalArgumentException(what + ", not " + got.getFullTypeString().replace(" NOT NULL", ""));
    }
}
