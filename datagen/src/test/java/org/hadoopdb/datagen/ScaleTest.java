package org.hadoopdb.datagen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class ScaleTest {

    private static final EnumSet<PavloTable> ALL = EnumSet.allOf(PavloTable.class);

    @Test
    void paperScaleIsThePaperSizesPerNodeTimesNodes() {
        Scale s = Scale.paper(10);
        assertThat(s.rows(PavloTable.GREP)).isEqualTo(56_000_000L);
        assertThat(s.rows(PavloTable.RANKINGS)).isEqualTo(180_000_000L);
        assertThat(s.rows(PavloTable.USERVISITS)).isEqualTo(1_550_000_000L);
        assertThat(s.rows(PavloTable.DOCUMENTS)).isEqualTo(6_000_000L);
        assertThat(Scale.parse("paper", 10, ALL)).isEqualTo(s);
    }

    @Test
    void fractionsScalePerNodeAndKeepAtLeastOneRow() {
        Scale s = Scale.parse("0.01", 4, ALL);
        assertThat(s.rows(PavloTable.RANKINGS)).isEqualTo(720_000L);
        assertThat(s.rows(PavloTable.DOCUMENTS)).isEqualTo(24_000L);
        assertThat(Scale.paperFraction(1e-9, 1).rows(PavloTable.DOCUMENTS)).isEqualTo(1);
    }

    @Test
    void sizesInBytesTargetUserVisitsOrTheTotal() {
        Scale uv = Scale.parse("20GB", 7, ALL);
        assertThat(uv.approxBytes(PavloTable.USERVISITS) / 1e9).isCloseTo(20.0, within(0.01));
        assertThat((double) uv.rows(PavloTable.RANKINGS) / uv.rows(PavloTable.USERVISITS)).isCloseTo(18.0 / 155, within(1e-4));

        Scale total = Scale.parse("total:3GB", 1, EnumSet.of(PavloTable.RANKINGS, PavloTable.USERVISITS));
        long bytes = total.approxBytes(PavloTable.RANKINGS) + total.approxBytes(PavloTable.USERVISITS);
        assertThat(bytes / 1e9).isCloseTo(3.0, within(0.01));
    }

    @Test
    void rowsPerNodeSetUserVisitsAndKeepTheProportions() {
        Scale s = Scale.parse("1000000rows", 3, ALL);
        assertThat(s.rows(PavloTable.USERVISITS)).isEqualTo(3_000_000L);
        assertThat(s.rows(PavloTable.RANKINGS)).isEqualTo(Math.round(18_000_000.0 * 1_000_000 / 155_000_000 * 3));
        Scale overridden = s.withRowsPerNode(PavloTable.RANKINGS, 500, 3);
        assertThat(overridden.rows(PavloTable.RANKINGS)).isEqualTo(1500);
        assertThat(overridden.rows(PavloTable.USERVISITS)).isEqualTo(3_000_000L);
    }

    @Test
    void rejectsWhatItCannotRead() {
        assertThatThrownBy(() -> Scale.parse("lots", 1, ALL)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot read scale 'lots'");
        assertThatThrownBy(() -> Scale.parse("-1", 1, ALL)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Scale.paper(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Scale.paper(1).withRows(PavloTable.GREP, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
