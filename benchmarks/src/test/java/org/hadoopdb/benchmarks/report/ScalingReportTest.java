package org.hadoopdb.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScalingReportTest {
    @TempDir
    Path dir;

    private static BenchReport at(double sms, double duckdb) {
        return new BenchReport("t", "c", "m", Map.of(), List.of(new Measurement("Join", Systems.SMS, List.of(sms), 1),
                new Measurement("Join", Systems.peer("duckdb", "native"), List.of(duckdb, duckdb * 3, duckdb / 3), 1),
                new Measurement("Load UserVisits", Systems.SMS, List.of(sms * 10), -1)), List.of());
    }

    @Test
    void theSlopeIsTheExponentOfAPowerLaw() {
        // seconds = 3 * size^0.8, and a constant, and a line through noise
        List<double[]> power = List.of(new double[] {1e8, 3 * Math.pow(1e8, 0.8)}, new double[] {2e8, 3 * Math.pow(2e8, 0.8)},
                new double[] {4e8, 3 * Math.pow(4e8, 0.8)});
        assertThat(ScalingReport.slope(power)).isCloseTo(0.8, within(1e-9));
        assertThat(ScalingReport.slope(List.of(new double[] {1, 5}, new double[] {10, 5}))).isCloseTo(0.0, within(1e-12));
        // log-log points (0,0), (1,1.2), (2,1.8): slope 0.9 by least squares
        assertThat(ScalingReport.slope(List.of(new double[] {1, 1}, new double[] {Math.E, Math.exp(1.2)},
                new double[] {Math.exp(2), Math.exp(1.8)}))).isCloseTo(0.9, within(1e-9));
        assertThat(ScalingReport.slope(List.of(new double[] {1, 5}))).isNaN();
        assertThat(ScalingReport.slope(List.of(new double[] {1, 5}, new double[] {2, 0}))).as("no time: left out").isNaN();
    }

    @Test
    void axisLabelsAreTheValuesOfTheLogarithms() {
        assertThat(ScalingReport.tick(Math.log10(512))).isEqualTo("510");
        assertThat(ScalingReport.tick(Math.log10(0.25))).isEqualTo("0.25");
        assertThat(ScalingReport.tick(2)).isEqualTo("100");
    }

    @Test
    void writesATablePerTaskWithSlopesAndAnSvgChart() throws Exception {
        List<ScalingReport.Size> sizes = List.of(new ScalingReport.Size("0.5GB", 0.5e9, at(2, 1)),
                new ScalingReport.Size("1GB", 1e9, at(4, 1.5)), new ScalingReport.Size("2GB", 2e9, at(8, 2.25)));
        String md = ScalingReport.write("Paper", sizes, dir);
        assertThat(md).contains("| system | 0.5GB | 1GB | 2GB | slope |")
                .contains("| HadoopDB SMS | 2.000 | 4.000 | 8.000 | 1.00 |")
                .contains(String.format(java.util.Locale.ROOT, "| duckdb native | 1.000 | 1.500 | 2.250 | %.2f |",
                        Math.log(1.5) / Math.log(2)))
                .contains("### Load UserVisits").contains("![Join](scaling-join.svg)");
        assertThat(dir.resolve("scaling.md")).content().isEqualTo(md);
        String svg = Files.readString(dir.resolve("scaling-join.svg"));
        assertThat(svg).startsWith("<?xml").contains("<svg");
        assertThat(dir.resolve("scaling-load-uservisits.svg")).exists();
    }
}
