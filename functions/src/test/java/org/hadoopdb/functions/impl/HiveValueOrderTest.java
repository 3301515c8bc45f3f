package org.hadoopdb.functions.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hive's order of row-form values, which sort_array, array_contains, array_max and array_distinct use. */
class HiveValueOrderTest {
    private static final HiveValueOrder ORDER = HiveValueOrder.INSTANCE;

    @Test
    void nullComesFirst() {
        assertThat(ORDER.compare(null, 1)).isNegative();
        assertThat(ORDER.compare("a", null)).isPositive();
        assertThat(ORDER.compare(null, null)).isZero();
    }

    @Test
    void stringsOrderByCodePoint() {
        String emoji = "\uD83D\uDE00"; // U+1F600, two UTF-16 units starting with a surrogate
        String replacement = "\uFFFD";
        assertThat(emoji.compareTo(replacement)).isNegative(); // Java's UTF-16 order
        assertThat(ORDER.compare(emoji, replacement)).isPositive(); // Hive's UTF-8 byte order
        assertThat(ORDER.compare("Z", "a")).isNegative();
        assertThat(ORDER.compare("ab", "a")).isPositive();
        assertThat(ORDER.compare("é", "z")).isPositive();
    }

    @Test
    void floatingPointHasNaNAboveAllAndOneZero() {
        assertThat(ORDER.compare(Double.NaN, Double.POSITIVE_INFINITY)).isPositive();
        assertThat(ORDER.compare(Double.NaN, Double.NaN)).isZero();
        assertThat(ORDER.compare(-0.0, 0.0)).isZero();
        assertThat(ORDER.compare(Double.NEGATIVE_INFINITY, -1e308)).isNegative();
        assertThat(ORDER.compare(1.5f, Float.NaN)).isNegative();
        assertThat(ORDER.equal(-0.0f, 0.0f)).isTrue();
    }

    @Test
    void otherPrimitivesOrderByValue() {
        assertThat(ORDER.compare(Long.MIN_VALUE, Long.MAX_VALUE)).isNegative();
        assertThat(ORDER.compare((byte) -1, (byte) 1)).isNegative();
        assertThat(ORDER.compare(new BigDecimal("1.0"), new BigDecimal("1.00"))).isZero();
        assertThat(ORDER.compare(new BigDecimal("-2.5"), new BigDecimal("1"))).isNegative();
        assertThat(ORDER.compare(false, true)).isNegative();
        assertThat(ORDER.compare(LocalDate.of(2024, 2, 29), LocalDate.of(2024, 3, 1))).isNegative();
        assertThat(ORDER.compare(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1000), LocalDateTime.of(2024, 1, 1, 0, 0))).isPositive();
        // binary as unsigned bytes: 0xFF after 0x01
        assertThat(ORDER.compare(new byte[]{(byte) 0xFF}, new byte[]{1, 2})).isPositive();
        assertThat(ORDER.equal(new byte[]{1, 2}, new byte[]{1, 2})).isTrue();
    }

    @Test
    void arraysAndStructsOrderElementByElementThenShorterFirst() {
        assertThat(ORDER.compare(List.of(1, 2), List.of(1, 3))).isNegative();
        assertThat(ORDER.compare(List.of(1, 2), List.of(1))).isPositive();
        assertThat(ORDER.compare(Arrays.asList(1, null), List.of(1, 0))).isNegative();
        assertThat(ORDER.compare(List.of(List.of("b")), List.of(List.of("a", "z")))).isPositive();
        assertThat(ORDER.compare(List.of(), List.of())).isZero();
    }

    @Test
    void mapsAndMixedKindsHaveNoOrder() {
        assertThatThrownBy(() -> ORDER.compare(Map.of(1, 2), Map.of(1, 2))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Hive does not order maps");
        assertThatThrownBy(() -> ORDER.compare(1, "1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Values of different types cannot be ordered: Integer and String");
    }
}
