package org.hadoopdb.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {
    private final BenchReport report = new BenchReport("Paper benchmark", "hadoopdb bench pavlo --runs 3", "2 cores",
            Map.of("nodes", "4"), List.of(
            new Measurement("Load UserVisits", Systems.SMS, List.of(30.0), -1),
            new Measurement("Load UserVisits", Systems.SINGLE_PG, List.of(15.0), -1),
            new Measurement("Join", Systems.SMS, List.of(2.0, 1.0, 3.0), 1),
            new Measurement("Join", Systems.HAND, List.of(1.0, 1.0, 1.0), 1),
            new Measurement("Join", Systems.HADOOP, List.of(10.0, 12.0, 11.0), 1),
            new Measurement("Join", Systems.IDEAL, List.of(0.5, 0.5, 0.5), 1),
            new Measurement("UDF aggregation", Systems.HAND, List.of(4.0, 5.0), 2500)),
            List.of("UDF aggregation: no HadoopDB SMS run"));

    @Test
    void csvHasEveryRunAndTheSummaryTheMedians() {
        assertThat(ReportWriter.runsCsv(report).lines()).startsWith("task,system,run,seconds,rows",
                "Load UserVisits,HadoopDB SMS,1,30.0000,-1").contains("Join,Hadoop text,2,12.0000,1");
        assertThat(ReportWriter.summaryCsv(report).lines()).contains("Join,HadoopDB SMS,3,2.0000,1.0000,3.0000,1",
                "UDF aggregation,HadoopDB hand-coded,2,4.5000,4.0000,5.0000,2500");
    }

    @Test
    void markdownTablesShowMediansRangesAndRatios() {
        String md = ReportWriter.markdown(report);
        assertThat(md).contains("Command: `hadoopdb bench pavlo --runs 3`")
                .contains("| task | HadoopDB SMS | HadoopDB hand-coded | Hadoop text | One PostgreSQL | Ideal pushdown | rows |")
                .contains("| Load UserVisits | 30.00 | – | – | 15.00 | – | – |")
                .contains("| Join | 2.00 (1.00–3.00) | 1.00 (1.00–1.00) | 11.00 (10.00–12.00) | – | 0.50 (0.50–0.50) | 1 |")
                .contains("| task | SMS / ideal | SMS / hand-coded | Hadoop text / SMS |\n")
                .contains("| Join | 4.00 | 2.00 | 5.50 |\n")
                .contains("| UDF aggregation | – | – | – |\n")
                .doesNotContain("one PostgreSQL / SMS")
                .contains("- UDF aggregation: no HadoopDB SMS run");
    }

    @Test
    void ratiosNoTaskHasBothSystemsForAreLeftOut() {
        BenchReport faults = new BenchReport("Fault tolerance", "hadoopdb bench faults", "2 cores", Map.of(), List.of(
                new Measurement("Aggregation small, normal", Systems.SMS, List.of(40.0), 1050),
                new Measurement("Aggregation small, normal", Systems.HADOOP, List.of(30.0), 1050)), List.of());
        assertThat(ReportWriter.markdown(faults))
                .contains("Ratios of the medians (Hadoop text / SMS: the paper's headline):")
                .contains("| task | Hadoop text / SMS |\n|---|---:|\n| Aggregation small, normal | 0.75 |\n")
                .doesNotContain("SMS / ideal");
        BenchReport smsOnly = new BenchReport("One system", "hadoopdb bench pavlo", "2 cores", Map.of(), List.of(
                new Measurement("Join", Systems.SMS, List.of(1.0), 1)), List.of());
        assertThat(ReportWriter.markdown(smsOnly)).doesNotContain("Ratios");
    }

    @Test
    void writesAPngPerTaskAndAnOverview(@TempDir Path dir) throws Exception {
        ReportWriter.write(report, dir);
        for (String png : List.of("load-uservisits.png", "join.png", "udf-aggregation.png", "overview.png")) {
            BufferedImage image = ImageIO.read(dir.resolve(png).toFile());
            assertThat(image).as(png).isNotNull();
            assertThat(image.getHeight()).isEqualTo(500);
        }
        assertThat(Files.readString(dir.resolve("results.md"))).isEqualTo(ReportWriter.markdown(report));
    }

    @Test
    void memoryIsATableAndACsvWhenMeasured() {
        BenchReport withPeers = new BenchReport("Paper", "hadoopdb bench pavlo", "2 cores", Map.of(), List.of(
                new Measurement("Join", Systems.SMS, List.of(1.0), 1),
                new Measurement("Join", Systems.peer("duckdb", "native"), List.of(0.5), 1)), List.of(),
                List.of(new MemoryUse("duckdb runner JVM", "duckdb native", 300L << 20, "peak resident (VmHWM)"),
                        new MemoryUse("PostgreSQL nodes", "HadoopDB SMS", -1, "Pss")));
        assertThat(withPeers.systems()).containsExactly(Systems.SMS, "duckdb native");
        assertThat(ReportWriter.markdown(withPeers)).contains("| task | HadoopDB SMS | duckdb native | rows |")
                .contains("| duckdb runner JVM | duckdb native | 300 MiB | peak resident (VmHWM) |")
                .contains("| PostgreSQL nodes | HadoopDB SMS | unknown | Pss |");
        assertThat(ReportWriter.memoryCsv(withPeers).lines()).containsExactly("process,systems,bytes,measure",
                "duckdb runner JVM,duckdb native,314572800,peak resident (VmHWM)", "PostgreSQL nodes,HadoopDB SMS,-1,Pss");
    }
}
