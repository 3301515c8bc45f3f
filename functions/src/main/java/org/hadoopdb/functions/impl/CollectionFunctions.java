package org.hadoopdb.functions.impl;

import static org.hadoopdb.functions.ArgKind.ANY;
import static org.hadoopdb.functions.ArgKind.ARRAY;
import static org.hadoopdb.functions.ArgKind.ARRAY_OR_MAP;
import static org.hadoopdb.functions.ArgKind.BOOLEAN;
import static org.hadoopdb.functions.ArgKind.MAP;
import static org.hadoopdb.functions.ArgKind.STRING;
import static org.hadoopdb.functions.FunctionDefinition.function;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.hadoopdb.functions.CollectionArguments;
import org.hadoopdb.functions.FunctionDefinition;
import org.hadoopdb.functions.HiveReturnTypes;

/**
 * Hive's functions over ARRAY, MAP and STRUCT values: their definitions, and their implementations
 * for generated code. Values come and go in their row forms (see {@code ComplexJson}): an array or a
 * struct is a {@link List}, a map a {@link Map} with its keys in order, elements boxed in the exact
 * class of their type; a new array, map or struct is returned unmodifiable. The arguments' types
 * were made to fit at validation ({@link CollectionArguments}), so an element passed in already has
 * the class of the elements it meets.
 *
 * <p>None of them is pushed: the chunk databases hold these values as {@code jsonb}, and every
 * expression over them runs in MapReduce.
 */
public final class CollectionFunctions {
    private CollectionFunctions() {
    }

    /** The family's functions. */
    public static List<FunctionDefinition> definitions() {
        return List.of(
                function("index", "index(array|map a, int|key i)",
                        "a[i]: element i of an array (from 0; NULL out of range), or the value of key i in a map (NULL if absent)")
                        .params(2, ARRAY_OR_MAP, ANY).arguments(CollectionArguments.INDEX).returns(HiveReturnTypes.INDEX)
                        .notPushed(jsonb("index")).implementedBy(CollectionFunctions.class),
                function("size", "size(array|map a)", "The number of elements or entries of a; -1 when a is NULL")
                        .params(1, ARRAY_OR_MAP).returns(HiveReturnTypes.INT)
                        .notPushed(jsonb("size")).implementedBy(CollectionFunctions.class),
                function("array_contains", "array_contains(array a, any v)",
                        "TRUE when an element of a equals v; FALSE when a or v is NULL")
                        .params(2, ARRAY, ANY).arguments(CollectionArguments.ELEMENT_VALUE).returns(HiveReturnTypes.BOOLEAN)
                        .notPushed(jsonb("array_contains")).implementedBy(CollectionFunctions.class),
                function("sort_array", "sort_array(array a[, boolean ascending])",
                        "The elements of a in ascending order (NULLs first), or descending when ascending is FALSE")
                        .params(1, ARRAY, BOOLEAN).arguments(CollectionArguments.ORDERED_ELEMENTS).returns(HiveReturnTypes.ARG0)
                        .notPushed(jsonb("sort_array")).implementedBy(CollectionFunctions.class),
                function("array_distinct", "array_distinct(array a)", "The elements of a without repeats, each where it first occurs")
                        .params(1, ARRAY).arguments(CollectionArguments.ORDERED_ELEMENTS).returns(HiveReturnTypes.ARG0)
                        .notPushed(jsonb("array_distinct")).implementedBy(CollectionFunctions.class),
                function("array_max", "array_max(array a)", "The largest element of a that is not NULL; NULL if there is none")
                        .params(1, ARRAY).arguments(CollectionArguments.PRIMITIVE_ELEMENTS).returns(HiveReturnTypes.ELEMENT)
                        .notPushed(jsonb("array_max")).implementedBy(CollectionFunctions.class),
                function("array_min", "array_min(array a)", "The smallest element of a that is not NULL; NULL if there is none")
                        .params(1, ARRAY).arguments(CollectionArguments.PRIMITIVE_ELEMENTS).returns(HiveReturnTypes.ELEMENT)
                        .notPushed(jsonb("array_min")).implementedBy(CollectionFunctions.class),
                function("map_keys", "map_keys(map m)", "The keys of m, in its order; an empty array when m is NULL")
                        .params(1, MAP).returns(HiveReturnTypes.MAP_KEYS)
                        .notPushed(jsonb("map_keys")).implementedBy(CollectionFunctions.class),
                function("map_values", "map_values(map m)", "The values of m, in its order; an empty array when m is NULL")
                        .params(1, MAP).returns(HiveReturnTypes.MAP_VALUES)
                        .notPushed(jsonb("map_values")).implementedBy(CollectionFunctions.class),
                function("array", "array(any v1, any v2, ...)", "An array of the values, converted to their common type")
                        .varargs(0, ANY).arguments(CollectionArguments.ARRAY_VALUES).returns(HiveReturnTypes.ARRAY)
                        .notPushed(jsonb("array")).implementedBy(CollectionFunctions.class),
                function("map", "map(any k1, any v1, any k2, any v2, ...)",
                        "A map of the pairs (keys and values each converted to their common type); a repeated key takes the last value")
                        .varargs(0, ANY).arguments(CollectionArguments.MAP_PAIRS).returns(HiveReturnTypes.MAP)
                        .notPushed(jsonb("map")).implementedBy(CollectionFunctions.class),
                function("struct", "struct(any v1, any v2, ...)", "A struct of the values, its fields named col1, col2, ...")
                        .varargs(1, ANY).returns(HiveReturnTypes.STRUCT)
                        .notPushed(jsonb("struct")).implementedBy(CollectionFunctions.class),
                function("named_struct", "named_struct(string name1, any v1, string name2, any v2, ...)",
                        "A struct of the values, each field named by the string literal before it")
                        .varargs(2, ANY).arguments(CollectionArguments.NAMED_STRUCT).returns(HiveReturnTypes.NAMED_STRUCT)
                        .notPushed(jsonb("named_struct")).implementedBy(CollectionFunctions.class),
                function("str_to_map", "str_to_map(string text[, string delimiter1[, string delimiter2]])",
                        "A map<string,string> of text split into pairs at the regular expression delimiter1 (default ',') "
                                + "and each pair into key and value at delimiter2 (default ':')")
                        .params(1, STRING, STRING, STRING).returns(HiveReturnTypes.STRING_MAP)
                        .notPushed(jsonb("str_to_map")).implementedBy(CollectionFunctions.class));
    }

    private static String jsonb(String name) {
        return name + ": arrays, maps and structs are jsonb in the chunk databases, so expressions over them run in MapReduce";
    }

    // ---------------------------------------------------------------- reading

    /** {@code a[i]}: element {@code i} from 0; NULL when {@code i} is negative or past the end. */
    public static Object index(List<?> a, int i) {
        return i >= 0 && i < a.size() ? a.get(i) : null;
    }

    /**
     * {@code m[key]}: the value of {@code key}, already of the map's key type; NULL when absent.
     * Binary keys are compared by content, as Java's arrays are not.
     */
    public static Object index(Map<?, ?> m, Object key) {
        if (key instanceof byte[] bytes) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getKey() instanceof byte[] k && Arrays.equals(k, bytes)) {
                    return e.getValue();
                }
            }
            return null;
        }
        return m.get(key);
    }

    /**
     * The number of elements of an array or entries of a map; -1 for NULL, as in Hive. One method
     * for both: a NULL argument is passed as a bare {@code null}, which would make overloads for
     * {@code List} and {@code Map} ambiguous to the compiler of the generated code.
     */
    @AcceptsNulls
    public static int size(Object arrayOrMap) {
        if (arrayOrMap == null) {
            return -1;
        }
        if (arrayOrMap instanceof List<?> a) {
            return a.size();
        }
        if (arrayOrMap instanceof Map<?, ?> m) {
            return m.size();
        }
        throw new IllegalArgumentException("size takes an array or a map, not a " + arrayOrMap.getClass().getSimpleName());
    }

    /**
     * Whether an element equals {@code v} in Hive's order ({@code 0.0 = -0.0}, NaN = NaN); NULL
     * elements equal nothing. FALSE, not NULL, when the array or the value is NULL, as in Hive.
     */
    @AcceptsNulls
    public static boolean array_contains(List<?> a, Object v) {
        if (a == null || v == null) {
            return false;
        }
        for (Object e : a) {
            if (e != null && HiveValueOrder.INSTANCE.equal(e, v)) {
                return true;
            }
        }
        return false;
    }

    /** The keys in the map's order; an empty array for a NULL map, as in Hive. */
    @AcceptsNulls
    public static List<Object> map_keys(Map<?, ?> m) {
        return m == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(m.keySet()));
    }

    /** The values in the map's order; an empty array for a NULL map, as in Hive. */
    @AcceptsNulls
    public static List<Object> map_values(Map<?, ?> m) {
        return m == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(m.values()));
    }

    /** The largest element that is not NULL, in Hive's order; NULL when there is none. */
    public static Object array_max(List<?> a) {
        return extreme(a, 1);
    }

    /** The smallest element that is not NULL, in Hive's order; NULL when there is none. */
    public static Object array_min(List<?> a) {
        return extreme(a, -1);
    }

    private static Object extreme(List<?> a, int sign) {
        Object best = null;
        for (Object e : a) {
            if (e != null && (best == null || sign * HiveValueOrder.INSTANCE.compare(e, best) > 0)) {
                best = e;
            }
        }
        return best;
    }

    // ---------------------------------------------------------------- rearranging

    /** The elements in Hive's ascending order, NULLs first. */
    public static List<Object> sort_array(List<?> a) {
        return sort_array(a, true);
    }

    /**
     * The elements in Hive's order, ascending (NULLs first) or descending (its exact reverse, NULLs
     * last); the sort is stable, so equal elements ({@code 0.0} and {@code -0.0}) keep their order.
     */
    public static List<Object> sort_array(List<?> a, boolean ascending) {
        List<Object> sorted = new ArrayList<>(a);
        sorted.sort(ascending ? HiveValueOrder.INSTANCE : HiveValueOrder.INSTANCE.reversed());
        return Collections.unmodifiableList(sorted);
    }

    /** The elements without repeats (equal in Hive's order; one NULL kept), each where it first occurs. */
    public static List<Object> array_distinct(List<?> a) {
        TreeSet<Object> seen = new TreeSet<>(HiveValueOrder.INSTANCE);
        List<Object> out = new ArrayList<>();
        for (Object e : a) {
            if (seen.add(e)) {
                out.add(e);
            }
        }
        return Collections.unmodifiableList(out);
    }

    // ---------------------------------------------------------------- building

    /** An array of the values (NULLs kept), already converted to the array's element type. */
    @AcceptsNulls
    public static List<Object> array(Object... values) {
        return Collections.unmodifiableList(new ArrayList<>(Arrays.asList(values)));
    }

    /**
     * A map of the pairs {@code k1, v1, k2, v2, ...} in their order; a repeated key keeps its first
     * place and takes its last value, as Hive's map does.
     */
    @AcceptsNulls
    public static Map<Object, Object> map(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("map takes keys and values in pairs, not " + keysAndValues.length + " values");
        }
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(m);
    }

    /** A struct of the values, in order (NULLs kept). */
    @AcceptsNulls
    public static List<Object> struct(Object... values) {
        return array(values);
    }

    /** A struct of the values of {@code name1, v1, name2, v2, ...}: the names are the type's, not the value's. */
    @AcceptsNulls
    public static List<Object> named_struct(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("named_struct takes names and values in pairs, not " + namesAndValues.length + " values");
        }
        List<Object> values = new ArrayList<>(namesAndValues.length / 2);
        for (int i = 1; i < namesAndValues.length; i += 2) {
            values.add(namesAndValues[i]);
        }
        return Collections.unmodifiableList(values);
    }

    // ---------------------------------------------------------------- str_to_map

    /** The compiled delimiters of one str_to_map call site, kept from row to row. */
    public static final class Delimiters implements FunctionState {
        private final RegexCache pairs = new RegexCache();
        private final RegexCache keyValue = new RegexCache();

        /** A fresh cache (one per call site of generated code). */
        public Delimiters() {
        }
    }

    /** {@code str_to_map(text)}: pairs split at {@code ,}, keys from values at {@code :}. */
    public static Map<Object, Object> str_to_map(Delimiters d, String text) {
        return str_to_map(d, text, ",", ":");
    }

    public static Map<Object, Object> str_to_map(Delimiters d, String text, String pairDelimiter) {
        return str_to_map(d, text, pairDelimiter, ":");
    }

    /**
     * Hive's str_to_map: {@code text} split into pairs at the Java regular expression
     * {@code pairDelimiter} (as {@link String#split(String)}: trailing empty pairs dropped), each pair
     * split at the first match of {@code keyValueDelimiter} into key and value; a pair without it is
     * a key with a NULL value; a repeated key keeps its first place and takes its last value. An
     * invalid regular expression gives NULL (Hive fails the query).
     */
    public static Map<Object, Object> str_to_map(Delimiters d, String text, String pairDelimiter, String keyValueDelimiter) {
        Pattern pairs = d.pairs.get(pairDelimiter);
        Pattern keyValue = d.keyValue.get(keyValueDelimiter);
        if (pairs == null || keyValue == null) {
            return null;
        }
        Map<Object, Object> m = new LinkedHashMap<>();
        for (String pair : pairs.split(text)) {
            String[] kv = keyValue.split(pair, 2);
            m.put(kv[0], kv.length < 2 ? null : kv[1]);
        }
        return Collections.unmodifiableMap(m);
    }
}
