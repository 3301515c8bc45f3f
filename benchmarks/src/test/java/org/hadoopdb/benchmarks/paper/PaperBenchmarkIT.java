package org.hadoopdb.benchmarks.paper;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.hadoopdb.cli.Console;
import org.hadoopdb.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark's smoke run at a tiny size, so it never rots: every task on all five systems, whose
 * answers must agree (the command fails when they do not).
 */
class PaperBenchmarkIT {
    @TempDir
    Path home;

    @Test
    void everySystemRunsEveryTaskAndAllAgree() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new String[] {"--home", home.toString(), "-Dhadoopdb.embedded.nodes=2",
                "-Dhadoopdb.embedded.shared-buffers=32MB", "bench", "pavlo", "--uservisits-rows", "20000", "--rankings-rows", "2500",
                "--grep-rows", "20000", "--runs", "1", "--warmups", "0", "--out", home.resolve("results").toString()},
                new Console(new PrintWriter(out, true), new PrintWriter(err, true)));
        assertThat(exit).as(err.toString()).isZero();
        String report = out.toString();
        assertThat(err.toString()).doesNotContain("disagrees");
        for (String task : new String[] {"Grep", "Selection", "Aggregation small", "Aggregation large", "Join"}) {
            // a median for each of the five systems
            assertThat(report).containsPattern("(?m)^" + task + "(\\s+\\d+\\.\\d\\d){5}\\s");
        }
        assertThat(report).containsPattern("(?m)^UDF aggregation\\s+-(\\s+\\d+\\.\\d\\d){4}\\s")
                .containsPattern("(?m)^Load UserVisits\\s+\\d+\\.\\d\\d\\s+-\\s+\\d+\\.\\d\\d\\s+\\d+\\.\\d\\d\\s+-");
        // each system's row count, in the progress on stderr: 2 Grep matches, 1,050 IP prefixes, 2,500 linked URLs
        assertThat(err.toString()).containsPattern("Ideal pushdown\\s+\\S+ s .*\\s2 rows")
                .contains("1,050 rows").contains("2,500 rows");
        assertThat(ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse(""))
                .filter(cmd -> cmd.contains(home.toString()))).isEmpty();
    }
}
