package org.hadoopdb.connector.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JobProgressTest {
    @Test
    void aLocalRunnersEarlyHundredPercentKeepsTheLastAverage() {
        // what the local runner reports for 4 maps run two at a time: 100% as each map finishes
        float[] reported = {0f, 0.2f, 1f, 0.5f, 1f, 0.75f, 1f};
        float shown = 0f;
        StringBuilder seen = new StringBuilder();
        for (float r : reported) {
            shown = JobProgress.visible(r, shown, false);
            seen.append(Math.round(shown * 100)).append(' ');
        }
        assertThat(seen.toString().trim()).isEqualTo("0 20 20 50 50 75 75");
        assertThat(JobProgress.visible(1f, shown, true)).isEqualTo(1f);
    }

    @Test
    void figuresBelowHundredPercentPassThrough() {
        assertThat(JobProgress.visible(0.4f, 0.9f, false)).isEqualTo(0.4f);
        assertThat(JobProgress.visible(0.4f, 0.1f, true)).isEqualTo(0.4f);
    }
}
