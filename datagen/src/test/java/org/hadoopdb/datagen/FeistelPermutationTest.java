package org.hadoopdb.datagen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FeistelPermutationTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 7, 16, 1000, 4097, 65_537})
    void isABijectionWithAnInverse(long size) {
        FeistelPermutation p = new FeistelPermutation(size, 42);
        BitSet seen = new BitSet();
        for (long x = 0; x < size; x++) {
            long y = p.apply(x);
            assertThat(y).isBetween(0L, size - 1);
            assertThat(seen.get((int) y)).as("%d maps to an already used %d", x, y).isFalse();
            seen.set((int) y);
            assertThat(p.invert(y)).isEqualTo(x);
        }
        assertThat(seen.cardinality()).isEqualTo((int) size);
    }

    @Test
    void dependsOnTheSeedAndShuffles() {
        FeistelPermutation a = new FeistelPermutation(10_000, 1);
        FeistelPermutation b = new FeistelPermutation(10_000, 2);
        int differ = 0;
        int fixedPoints = 0;
        for (long x = 0; x < 10_000; x++) {
            differ += a.apply(x) != b.apply(x) ? 1 : 0;
            fixedPoints += a.apply(x) == x ? 1 : 0;
        }
        assertThat(differ).isGreaterThan(9_900);
        assertThat(fixedPoints).isLessThan(20);
    }

    @Test
    void worksOnLargeDomains() {
        long size = 3_000_000_017L;
        FeistelPermutation p = new FeistelPermutation(size, 7);
        for (long x : new long[] {0, 1, size / 2, size - 1}) {
            assertThat(p.invert(p.apply(x))).isEqualTo(x);
            assertThat(p.apply(x)).isBetween(0L, size - 1);
        }
    }

    @Test
    void rejectsValuesOutsideTheDomain() {
        FeistelPermutation p = new FeistelPermutation(10, 0);
        assertThatThrownBy(() -> p.apply(10)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> p.invert(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> new FeistelPermutation(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
