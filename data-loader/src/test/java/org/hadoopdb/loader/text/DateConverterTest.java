package org.hadoopdb.loader.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class DateConverterTest {
    @Test
    void epochDayAgreesWithLocalDateOverMillennia() {
        for (LocalDate d = LocalDate.of(-4712, 1, 1); d.getYear() < 10000; d = d.plusDays(97)) {
            assertThat(DateConverter.epochDay(d.getYear(), d.getMonthValue(), d.getDayOfMonth())).as("%s", d).isEqualTo(d.toEpochDay());
        }
        assertThat(DateConverter.epochDay(2024, 2, 29)).isEqualTo(LocalDate.of(2024, 2, 29).toEpochDay());
        assertThat(DateConverter.epochDay(0, 2, 29)).isEqualTo(LocalDate.of(0, 2, 29).toEpochDay());
    }
}
