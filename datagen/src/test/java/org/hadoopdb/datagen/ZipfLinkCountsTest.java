package org.hadoopdb.datagen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ZipfLinkCountsTest {

    @Test
    void everyUrlHasALinkAndTheCountsAddUp() {
        ZipfLinkCounts counts = new ZipfLinkCounts(10_000, 16_000);
        long sum = 0;
        for (long r = 0; r < counts.urls(); r++) {
            assertThat(counts.linkCount(r)).isGreaterThanOrEqualTo(1);
            sum += counts.linkCount(r);
        }
        assertThat(sum).isEqualTo(counts.totalLinks());
        assertThat(counts.totalLinks()).isBetween(15_999L, 16_001L);
    }

    @Test
    void countsFollowZipfWithThetaOneHalf() {
        ZipfLinkCounts counts = new ZipfLinkCounts(1_000_000, 3_000_000);
        // above the floor of one link, count(r) - 1 ~ A / (2 sqrt(r)): quadrupling the rank halves it
        double at100 = averageExtra(counts, 100);
        double at400 = averageExtra(counts, 400);
        double at1600 = averageExtra(counts, 1600);
        assertThat(at100 / at400).isBetween(1.9, 2.1);
        assertThat(at400 / at1600).isBetween(1.9, 2.1);
        assertThat(counts.linkCount(0)).isGreaterThan(counts.linkCount(999_999));
    }

    private static double averageExtra(ZipfLinkCounts counts, long rank) {
        long sum = 0;
        for (long r = rank - 10; r < rank + 10; r++) {
            sum += counts.linkCount(r) - 1;
        }
        return sum / 20.0;
    }

    @Test
    void everyOccurrenceBelongsToTheRankThatOwnsIt() {
        ZipfLinkCounts counts = new ZipfLinkCounts(5_000, 9_000);
        long occurrence = 0;
        for (long r = 0; r < counts.urls(); r++) {
            for (long k = 0; k < counts.linkCount(r); k++) {
                assertThat(counts.rankOfOccurrence(occurrence++)).isEqualTo(r);
            }
        }
        assertThat(occurrence).isEqualTo(counts.totalLinks());
    }

    @Test
    void countAboveMatchesBruteForce() {
        ZipfLinkCounts counts = new ZipfLinkCounts(50_000, 90_000);
        for (long t = 0; t <= 40; t++) {
            long brute = 0;
            for (long r = 0; r < counts.urls(); r++) {
                brute += counts.linkCount(r) > t ? 1 : 0;
            }
            assertThat(counts.countAbove(t)).as("threshold %d", t).isEqualTo(brute);
        }
    }

    @Test
    void oneLinkPerUrlIsTheMinimum() {
        ZipfLinkCounts exact = new ZipfLinkCounts(100, 100);
        assertThat(exact.totalLinks()).isEqualTo(100);
        assertThat(exact.linkCount(0)).isEqualTo(1);
        assertThatThrownBy(() -> new ZipfLinkCounts(100, 99))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs at least one link");
    }
}
