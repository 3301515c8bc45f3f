package org.hadoopdb.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class HiveTimestampFormatTest {
    @Test
    void wholeSecondsHaveNoFraction() {
        assertThat(HiveTimestampFormat.format(LocalDateTime.of(2020, 1, 2, 3, 4, 5))).isEqualTo("2020-01-02 03:04:05");
        assertThat(HiveTimestampFormat.format(LocalDateTime.of(1, 1, 1, 0, 0))).isEqualTo("0001-01-01 00:00:00");
    }

    @Test
    void fractionsLoseTheirTrailingZeros() {
        assertThat(HiveTimestampFormat.format(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 500_000_000)))
                .isEqualTo("1969-12-31 23:59:59.5");
        assertThat(HiveTimestampFormat.format(LocalDateTime.of(2020, 1, 2, 3, 4, 5, 1000))).isEqualTo("2020-01-02 03:04:05.000001");
        assertThat(HiveTimestampFormat.format(LocalDateTime.of(2020, 1, 2, 3, 4, 5, 123_456_789)))
                .isEqualTo("2020-01-02 03:04:05.123456789");
    }

    @Test
    void yearsOutsideFourDigitsAreWrittenAsTheirDates() {
        assertThat(HiveTimestampFormat.format(LocalDateTime.of(10000, 1, 1, 0, 0))).isEqualTo("+10000-01-01 00:00:00");
        assertThat(HiveTimestampFormat.format(LocalDateTime.of(-43, 3, 15, 12, 0))).isEqualTo("-0043-03-15 12:00:00");
        assertThat(HiveTimestampFormat.format(LocalDateTime.of(0, 6, 1, 0, 0))).isEqualTo("0000-06-01 00:00:00");
    }

    @Test
    void appendsToWhatIsThere() {
        StringBuilder sb = new StringBuilder("at ");
        assertThat(HiveTimestampFormat.appendTo(sb, LocalDateTime.of(2001, 9, 9, 1, 46, 40)).toString())
                .isEqualTo("at 2001-09-09 01:46:40");
    }
}
