package org.hadoopdb.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The tests' parser is strict: it must reject what Prometheus rejects, or the IT proves nothing. */
class PrometheusTextParserTest {
    @Test
    void readsCountersLabelsAndHistograms() {
        String text = "# HELP a_total Things.\n# TYPE a_total counter\na_total{kind=\"q\\\"x\"} 3\n"
                + "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_sum 1.5\nh_count 2\n";
        assertThat(PrometheusTextParser.parse(text)).containsEntry("a_total{kind=\"q\\\"x\"}", 3.0)
                .containsEntry("h_bucket{le=\"+Inf\"}", 2.0).containsEntry("h_sum", 1.5).hasSize(5);
    }

    @Test
    void rejectsMalformedInput() {
        assertThatThrownBy(() -> PrometheusTextParser.parse("a 1\n")).hasMessageContaining("no TYPE");
        assertThatThrownBy(() -> PrometheusTextParser.parse("# TYPE a gauge\na{k=v} 1\n")).hasMessageContaining("labels");
        assertThatThrownBy(() -> PrometheusTextParser.parse("# TYPE a gauge\na one\n")).hasMessageContaining("bad value");
        assertThatThrownBy(() -> PrometheusTextParser.parse("# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"2\"} 1\n"))
                .hasMessageContaining("decreases");
    }
}
