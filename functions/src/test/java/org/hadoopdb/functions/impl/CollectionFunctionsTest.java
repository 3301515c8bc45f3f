package org.hadoopdb.functions.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Hive's functions over arrays, maps and structs, as CollectionFunctions implements them for generated code. */
class CollectionFunctionsTest {
    /** An array in row form: an unmodifiable list that may hold NULLs. */
    private static List<Object> array(Object... elements) {
        return Collections.unmodifiableList(new ArrayList<>(Arrays.asList(elements)));
    }

    /** A map in row form from key, value, key, value, ... */
    private static Map<Object, Object> map(Object... keysAndValues) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(m);
    }

    // ---------------------------------------------------------------- index, size

    @Test
    void indexOfAnArrayCountsFromZeroAndIsNullOutOfRange() {
        List<Object> a = array("a", null, "c");
        assertThat(CollectionFunctions.index(a, 0)).isEqualTo("a");
        assertThat(CollectionFunctions.index(a, 1)).isNull();
        assertThat(CollectionFunctions.index(a, 2)).isEqualTo("c");
        assertThat(CollectionFunctions.index(a, 3)).isNull();
        assertThat(CollectionFunctions.index(a, -1)).isNull();
        assertThat(CollectionFunctions.index(a, Integer.MIN_VALUE)).isNull();
        assertThat(CollectionFunctions.index(array(), 0)).isNull();
    }

    @Test
    void indexOfAMapFindsAKeyOfTheMapsType() {
        Map<Object, Object> byLong = map(1L, "one", 2L, "two");
        assertThat(CollectionFunctions.index(byLong, 1L)).isEqualTo("one");
        assertThat(CollectionFunctions.index(byLong, 3L)).isNull();
        // why the validator converts the key to the key type: an Integer is not a Long
        assertThat(CollectionFunctions.index(byLong, 1)).isNull();
        assertThat(CollectionFunctions.index(map("k", 1, "K", 2), "K")).isEqualTo(2);
        assertThat(CollectionFunctions.index(map("k", null), "k")).isNull();
        assertThat(CollectionFunctions.index(map(new BigDecimal("1.50"), "x"), new BigDecimal("1.50"))).isEqualTo("x");
    }

    @Test
    void binaryKeysAreFoundByContent() {
        Map<Object, Object> m = map(new byte[]{1, 2}, "a", new byte[]{3}, "b");
        assertThat(CollectionFunctions.index(m, new byte[]{3})).isEqualTo("b");
        assertThat(CollectionFunctions.index(m, new byte[]{1})).isNull();
    }

    @Test
    void sizeCountsElementsOrEntriesAndIsMinusOneForNull() {
        assertThat(CollectionFunctions.size(array(1, null, 3))).isEqualTo(3);
        assertThat(CollectionFunctions.size(array())).isZero();
        assertThat(CollectionFunctions.size(map("a", 1, "b", 2))).isEqualTo(2);
        assertThat(CollectionFunctions.size(null)).isEqualTo(-1);
        assertThatThrownBy(() -> CollectionFunctions.size("abc")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("size takes an array or a map, not a String");
    }

    // ---------------------------------------------------------------- array_contains

    @Test
    void arrayContainsComparesAsHiveDoes() {
        assertThat(CollectionFunctions.array_contains(array(1, 2, 3), 2)).isTrue();
        assertThat(CollectionFunctions.array_contains(array(1, 2, 3), 4)).isFalse();
        assertThat(CollectionFunctions.array_contains(array(null, 5), 5)).isTrue();
        assertThat(CollectionFunctions.array_contains(array(0.0), -0.0)).isTrue();
        assertThat(CollectionFunctions.array_contains(array(1.0, Double.NaN), Double.NaN)).isTrue();
        assertThat(CollectionFunctions.array_contains(array("a", "b"), "B")).isFalse();
        assertThat(CollectionFunctions.array_contains(array(array(1, 2), array(3)), array(3))).isTrue();
        assertThat(CollectionFunctions.array_contains(array(new byte[]{7}), new byte[]{7})).isTrue();
    }

    @Test
    void arrayContainsIsFalseNotNullForNulls() {
        assertThat(CollectionFunctions.array_contains(null, 1)).isFalse();
        assertThat(CollectionFunctions.array_contains(array(1, null), null)).isFalse();
        assertThat(CollectionFunctions.array_contains(array(), 1)).isFalse();
    }

    // ---------------------------------------------------------------- sort_array, array_distinct, array_max, array_min

    @Test
    void sortArrayPutsNullsFirstAscendingAndLastDescending() {
        List<Object> a = array(3, null, 1, 2, null);
        assertThat(CollectionFunctions.sort_array(a)).containsExactly(null, null, 1, 2, 3);
        assertThat(CollectionFunctions.sort_array(a, true)).containsExactly(null, null, 1, 2, 3);
        assertThat(CollectionFunctions.sort_array(a, false)).containsExactly(3, 2, 1, null, null);
        assertThat(a).containsExactly(3, null, 1, 2, null); // the argument is not changed
        assertThat(CollectionFunctions.sort_array(array())).isEmpty();
    }

    @Test
    void sortArrayOrdersStringsByCodePoint() {
        String emoji = "\uD83D\uDE00";
        assertThat(CollectionFunctions.sort_array(array("b", emoji, "\uFFFD", "a", "B", "é")))
                .containsExactly("B", "a", "b", "é", "\uFFFD", emoji);
    }

    @Test
    void sortArrayPutsNaNLastAndKeepsEqualZerosInOrder() {
        assertThat(CollectionFunctions.sort_array(array(Double.NaN, 1.0, Double.NEGATIVE_INFINITY, -0.0, 0.0)))
                .containsExactly(Double.NEGATIVE_INFINITY, -0.0, 0.0, 1.0, Double.NaN);
        assertThat(CollectionFunctions.sort_array(array(0.0, -0.0))).containsExactly(0.0, -0.0); // equal: stable
    }

    @Test
    void sortArrayOrdersStructsFieldByField() {
        List<Object> sorted = CollectionFunctions.sort_array(array(array(2, "a"), array(1, "z"), array(1, "b"), null));
        assertThat(sorted).containsExactly(null, array(1, "b"), array(1, "z"), array(2, "a"));
        assertThat(sorted.get(1)).isInstanceOf(List.class);
    }

    @Test
    void sortArrayKeepsTheElementsClasses() {
        List<Object> sorted = CollectionFunctions.sort_array(array((byte) 3, (byte) -1));
        assertThat(sorted).containsExactly((byte) -1, (byte) 3);
        assertThat(sorted.get(0)).isInstanceOf(Byte.class);
        assertThat(CollectionFunctions.sort_array(array(new BigDecimal("10.00"), new BigDecimal("9.50"))))
                .containsExactly(new BigDecimal("9.50"), new BigDecimal("10.00"));
    }

    @Test
    void newArraysAreUnmodifiable() {
        assertThatThrownBy(() -> CollectionFunctions.sort_array(array(1)).add(2)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> CollectionFunctions.array(1).set(0, 2)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> CollectionFunctions.map("a", 1).put("b", 2)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> CollectionFunctions.map_keys(map("a", 1)).clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void arrayDistinctKeepsFirstOccurrences() {
        assertThat(CollectionFunctions.array_distinct(array("b", "a", "b", null, "a", null))).containsExactly("b", "a", null);
        assertThat(CollectionFunctions.array_distinct(array(0.0, -0.0, Double.NaN, Double.NaN))).containsExactly(0.0, Double.NaN);
        assertThat(CollectionFunctions.array_distinct(array(array(1), array(1), array(1, 2)))).containsExactly(array(1), array(1, 2));
        assertThat(CollectionFunctions.array_distinct(array())).isEmpty();
    }

    @Test
    void arrayMaxAndMinSkipNulls() {
        assertThat(CollectionFunctions.array_max(array(1, null, 3, 0))).isEqualTo(3);
        assertThat(CollectionFunctions.array_min(array(1, null, 3, 0))).isEqualTo(0);
        assertThat(CollectionFunctions.array_max(array(1.0, Double.NaN))).isEqualTo(Double.NaN);
        assertThat(CollectionFunctions.array_min(array(1.0, Double.NaN))).isEqualTo(1.0);
        assertThat(CollectionFunctions.array_max(array("a", "\uD83D\uDE00", "\uFFFD"))).isEqualTo("\uD83D\uDE00");
        assertThat(CollectionFunctions.array_max(array())).isNull();
        assertThat(CollectionFunctions.array_min(array(null, null))).isNull();
    }

    // ---------------------------------------------------------------- map_keys, map_values

    @Test
    void mapKeysAndValuesFollowTheMapsOrder() {
        Map<Object, Object> m = map("z", 1, "a", null, null, 3);
        assertThat(CollectionFunctions.map_keys(m)).containsExactly("z", "a", null);
        assertThat(CollectionFunctions.map_values(m)).containsExactly(1, null, 3);
    }

    @Test
    void mapKeysAndValuesOfNullAreEmpty() {
        assertThat(CollectionFunctions.map_keys(null)).isEmpty();
        assertThat(CollectionFunctions.map_values(null)).isEmpty();
    }

    // ---------------------------------------------------------------- array, map, struct, named_struct

    @Test
    void arrayKeepsItsValuesAndNulls() {
        assertThat(CollectionFunctions.array(1L, null, 3L)).containsExactly(1L, null, 3L);
        assertThat(CollectionFunctions.array()).isEmpty();
        assertThat(CollectionFunctions.array((Object) null)).containsExactly((Object) null);
    }

    @Test
    void mapKeepsTheFirstPlaceAndTheLastValueOfARepeatedKey() {
        Map<Object, Object> m = CollectionFunctions.map("a", 1, "b", 2, "a", 3);
        assertThat(m).containsExactly(Map.entry("a", 3), Map.entry("b", 2));
        assertThat(CollectionFunctions.map()).isEmpty();
        assertThat(CollectionFunctions.map(null, 1, "k", null)).containsEntry(null, 1).containsEntry("k", null);
        assertThatThrownBy(() -> CollectionFunctions.map("a")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("map takes keys and values in pairs, not 1 values");
    }

    @Test
    void structsHoldTheirValuesInOrder() {
        assertThat(CollectionFunctions.struct(1, null, "x")).containsExactly(1, null, "x");
        assertThat(CollectionFunctions.named_struct("a", 1, "b", null, "c", array(2))).containsExactly(1, null, array(2));
        assertThatThrownBy(() -> CollectionFunctions.named_struct("a", 1, "b")).isInstanceOf(IllegalArgumentException.class);
    }

    // ---------------------------------------------------------------- str_to_map

    private static Map<Object, Object> strToMap(String text, String... delimiters) {
        CollectionFunctions.Delimiters d = new CollectionFunctions.Delimiters();
        return switch (delimiters.length) {
            case 0 -> CollectionFunctions.str_to_map(d, text);
            case 1 -> CollectionFunctions.str_to_map(d, text, delimiters[0]);
            default -> CollectionFunctions.str_to_map(d, text, delimiters[0], delimiters[1]);
        };
    }

    @Test
    void strToMapSplitsAtCommasAndColonsByDefault() {
        assertThat(strToMap("a:1,b:2")).containsExactly(Map.entry("a", "1"), Map.entry("b", "2"));
        // the value is what follows the first ':'; a pair without one is a key with a NULL value
        assertThat(strToMap("a:1:2,b")).containsOnlyKeys("a", "b").containsEntry("a", "1:2").containsEntry("b", null);
        assertThat(strToMap("a:1,a:2,b:3")).containsExactly(Map.entry("a", "2"), Map.entry("b", "3"));
        assertThat(strToMap("a:,:b")).containsEntry("a", "").containsEntry("", "b");
    }

    @Test
    void strToMapDropsTrailingEmptyPairsAsJavasSplitDoes() {
        assertThat(strToMap("a:1,,b:2,,")).containsOnlyKeys("a", "", "b");
        assertThat(strToMap("")).containsOnlyKeys("").containsEntry("", null);
        assertThat(strToMap(",,,")).isEmpty();
    }

    @Test
    void strToMapDelimitersAreRegularExpressions() {
        assertThat(strToMap("a=1; b=2", ";\\s*", "=")).containsExactly(Map.entry("a", "1"), Map.entry("b", "2"));
        assertThat(strToMap("a=1|b=2;c=3", "[|;]", "=")).containsOnlyKeys("a", "b", "c");
        assertThat(strToMap("a=1&b=2", "&")).containsOnlyKeys("a=1", "b=2"); // the second delimiter is still ':'
        // '.' matches every character, so every pair is empty and dropped (as in Hive)
        assertThat(strToMap("a:1.b:2", ".")).isEmpty();
    }

    @Test
    void strToMapWithAnInvalidRegularExpressionIsNull() {
        assertThat(strToMap("a:1", "(")).isNull();
        assertThat(strToMap("a:1", ",", "[")).isNull();
    }

    // ---------------------------------------------------------------- the calling conventions

    @Test
    void everyImplementationReturnsWhatGeneratedCodeConverts() {
        Set<Class<?>> allowed = Set.of(int.class, boolean.class, List.class, Map.class, Object.class);
        for (Method m : CollectionFunctions.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() == CollectionFunctions.class
                    && !m.getName().equals("definitions")) {
                assertThat(allowed).as(m.toString()).contains(m.getReturnType());
            }
        }
    }
}
