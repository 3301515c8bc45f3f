package org.hadoopdb.functions;

import static org.hadoopdb.functions.CollectionTypes.complex;
import static org.hadoopdb.functions.CollectionTypes.hiveName;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * The {@link ArgumentRule}s of the functions over arrays, maps and structs: which arguments fit
 * together and what each is converted to, with Hive's implicit conversions ({@link CollectionTypes}).
 */
public final class CollectionArguments {
    private CollectionArguments() {
    }

    /**
     * {@code index(a, i)} ({@code a[i]}): an array's index is an int (tinyint, smallint or int, as in
     * Hive); a map's key converts implicitly to the map's key type and is converted to it, so that an
     * int literal finds a bigint key.
     */
    public static final ArgumentRule INDEX = call -> {
        RelDataType collection = call.getOperandType(0);
        RelDataType index = call.getOperandType(1);
        RelDataTypeFactory f = call.getTypeFactory();
        if (collection.getSqlTypeName() == SqlTypeName.ARRAY) {
            if (!CollectionTypes.convertible(index, f.createSqlType(SqlTypeName.INTEGER), f)) {
                throw new ArgumentError(1, "must be an int position in " + hiveName(collection) + ", not " + hiveName(index));
            }
            return nothing(call);
        }
        RelDataType key = collection.getKeyType();
        if (!CollectionTypes.convertible(index, key, f)) {
            throw new ArgumentError(1, "must be a key of " + hiveName(collection) + " (" + hiveName(key) + "), not "
                    + hiveName(index));
        }
        return only(call, 1, conversion(index, key, f));
    };

    /** {@code array_contains(a, v)}: the elements can be compared; v converts to their type and is converted to it. */
    public static final ArgumentRule ELEMENT_VALUE = call -> {
        RelDataType array = call.getOperandType(0);
        RelDataType element = array.getComponentType();
        RelDataTypeFactory f = call.getTypeFactory();
        if (!CollectionTypes.orderable(element)) {
            throw new ArgumentError(0, "must be an array of values that can be compared (no maps), not " + hiveName(array));
        }
        RelDataType value = call.getOperandType(1);
        if (!CollectionTypes.convertible(value, element, f)) {
            throw new ArgumentError(1, "must be a value of the array's element type " + hiveName(element) + ", not "
                    + hiveName(value));
        }
        return only(call, 1, conversion(value, element, f));
    };

    /** {@code sort_array}, {@code array_distinct}: the elements can be ordered (Hive orders no maps). */
    public static final ArgumentRule ORDERED_ELEMENTS = call -> {
        RelDataType array = call.getOperandType(0);
        if (!CollectionTypes.orderable(array.getComponentType())) {
            throw new ArgumentError(0, "must be an array of values that can be ordered (no maps), not " + hiveName(array));
        }
        return nothing(call);
    };

    /** {@code array_max}, {@code array_min}: the elements are primitive values. */
    public static final ArgumentRule PRIMITIVE_ELEMENTS = call -> {
        RelDataType array = call.getOperandType(0);
        if (complex(array.getComponentType())) {
            throw new ArgumentError(0, "must be an array of primitive values, not " + hiveName(array));
        }
        return nothing(call);
    };

    /** {@code array(v1, ...)}: the values have a common type, and are converted to it. */
    public static final ArgumentRule ARRAY_VALUES = call -> {
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < call.getOperandCount(); i++) {
            all.add(i);
        }
        List<RelDataType> targets = nothing(call);
        unify(call, all, "value", targets);
        return targets;
    };

    /** {@code map(k1, v1, ...)}: pairs; primitive keys of a common type, values of a common type; converted to them. */
    public static final ArgumentRule MAP_PAIRS = call -> {
        int n = call.getOperandCount();
        if (n % 2 != 0) {
            throw new ArgumentError(-1, "takes keys and values in pairs, not " + n + " arguments");
        }
        List<Integer> keys = new ArrayList<>();
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < n; i += 2) {
            if (complex(call.getOperandType(i))) {
                throw new ArgumentError(i, "must be a primitive key, not " + hiveName(call.getOperandType(i)));
            }
            keys.add(i);
            values.add(i + 1);
        }
        List<RelDataType> targets = nothing(call);
        unify(call, keys, "key", targets);
        unify(call, values, "value", targets);
        return targets;
    };

    /**
     * {@code named_struct('n1', v1, ...)}: pairs; each name a string literal that is an identifier
     * (letters, digits, _; case-insensitive, as Hive's field names), none twice.
     */
    public static final ArgumentRule NAMED_STRUCT = call -> {
        int n = call.getOperandCount();
        if (n % 2 != 0) {
            throw new ArgumentError(-1, "takes names and values in pairs, not " + n + " arguments");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < n; i += 2) {
            String name = fieldName(call, i);
            if (!name.matches("[A-Za-z0-9_]+")) {
                throw new ArgumentError(i, "must be a field name of letters, digits and _, not '" + name + "'");
            }
            if (!seen.add(name.toLowerCase(Locale.ROOT))) {
                throw new ArgumentError(i, "names field '" + name.toLowerCase(Locale.ROOT) + "' a second time");
            }
        }
        return nothing(call);
    };

    /** The field name argument {@code i} of a named_struct call spells. */
    static String fieldName(SqlOperatorBinding call, int i) {
        RelDataType t = call.getOperandType(i);
        String name = SqlTypeUtil.isCharacter(t) && call.isOperandLiteral(i, false) && !call.isOperandNull(i, false)
                ? call.getOperandLiteralValue(i, String.class) : null;
        if (name == null) {
            throw new ArgumentError(i, "must be a string literal, the name of a field, not "
                    + (call.isOperandLiteral(i, false) ? "a literal of " : "an expression of ") + hiveName(t));
        }
        return name;
    }

    /**
     * Sets the targets of the arguments {@code which} to their common type; an argument without one
     * is refused, naming the type of the ones before it.
     */
    private static void unify(SqlOperatorBinding call, List<Integer> which, String what, List<RelDataType> targets) {
        RelDataTypeFactory f = call.getTypeFactory();
        List<RelDataType> before = new ArrayList<>();
        for (int i : which) {
            RelDataType t = call.getOperandType(i);
            before.add(t);
            if (CollectionTypes.common(before, f) == null) {
                before.remove(before.size() - 1);
                throw new ArgumentError(i, "must be a " + what + " of a type in common with the " + what + "s before it ("
                        + hiveName(CollectionTypes.common(before, f)) + "), not " + hiveName(t));
            }
        }
        RelDataType common = CollectionTypes.common(before, f);
        for (int i : which) {
            targets.set(i, conversion(call.getOperandType(i), common, f));
        }
    }

    /**
     * What a value of {@code from} is converted to, to be one of {@code to}: nothing for a bare NULL
     * (it is NULL of any type), for the same type and for text to text (a string is a string,
     * whatever its declared length); else {@code to}.
     */
    private static RelDataType conversion(RelDataType from, RelDataType to, RelDataTypeFactory f) {
        if (from.getSqlTypeName() == SqlTypeName.NULL || CollectionTypes.same(from, to, f)
                || SqlTypeUtil.isCharacter(from) && SqlTypeUtil.isCharacter(to)) {
            return none();
        }
        return f.createTypeWithNullability(to, true);
    }

    /** No conversion but of argument {@code i}, to {@code target}. */
    private static List<RelDataType> only(SqlOperatorBinding call, int i, RelDataType target) {
        List<RelDataType> targets = nothing(call);
        targets.set(i, target);
        return targets;
    }

    /** No conversion at all. */
    private static List<RelDataType> nothing(SqlOperatorBinding call) {
        List<RelDataType> none = new ArrayList<>();
        for (int i = 0; i < call.getOperandCount(); i++) {
            none.add(none());
        }
        return none;
    }

    private static RelDataType none() {
        return null;
    }
}
