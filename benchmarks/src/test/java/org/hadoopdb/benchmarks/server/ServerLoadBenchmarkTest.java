package org.hadoopdb.benchmarks.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerLoadBenchmarkTest {
    @Test
    void percentilesAreNearestRank() {
        long[] sorted = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
        assertThat(ServerLoadBenchmark.Report.percentile(sorted, 0.50)).isEqualTo(50);
        assertThat(ServerLoadBenchmark.Report.percentile(sorted, 0.95)).isEqualTo(100);
        assertThat(ServerLoadBenchmark.Report.percentile(new long[0], 0.5)).isNaN();
    }

    @Test
    void theReportCountsQueriesAndErrors() {
        var report = new ServerLoadBenchmark.Report(List.of(new ServerLoadBenchmark.Sample(0, 2_000_000, true),
                new ServerLoadBenchmark.Sample(1, 4_000_000, true), new ServerLoadBenchmark.Sample(1, 1, false)),
                1_000_000_000L);
        StringWriter text = new StringWriter();
        report.print(new PrintWriter(text), 2, Duration.ofSeconds(1));
        assertThat(text.toString()).contains("3 queries, 3.00 queries/s, 1 errors").contains("selection")
                .containsPattern("all\\s+2\\s+2\\.0\\s+4\\.0");
    }
}
