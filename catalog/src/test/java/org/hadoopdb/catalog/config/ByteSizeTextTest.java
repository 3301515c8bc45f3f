package org.hadoopdb.catalog.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class ByteSizeTextTest {
    @Test
    void binaryMultiplesWithOneDecimal() {
        assertThat(ByteSizeText.format(0)).isEqualTo("0 B");
        assertThat(ByteSizeText.format(1023)).isEqualTo("1023 B");
        assertThat(ByteSizeText.format(1536)).isEqualTo("1.5 KB");
        assertThat(ByteSizeText.format(64L << 20)).isEqualTo("64.0 MB");
        assertThat(ByteSizeText.format(3L << 40)).isEqualTo("3.0 TB");
        assertThat(ByteSizeText.format(2048L << 40)).isEqualTo("2048.0 TB");
    }

    @Test
    void aNegativeCountIsUnknown() {
        assertThat(ByteSizeText.format(-1)).isEqualTo("?");
    }

    @Test
    void theDecimalPointDoesNotFollowTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(ByteSizeText.format(1536)).isEqualTo("1.5 KB");
        } finally {
            Locale.setDefault(before);
        }
    }
}
