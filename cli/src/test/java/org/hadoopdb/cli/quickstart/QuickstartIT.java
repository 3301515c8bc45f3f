package org.hadoopdb.cli.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.hadoopdb.cli.Console;
import org.hadoopdb.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hadoopdb quickstart} end to end on a fresh home, at a small size: the README's first command. */
class QuickstartIT {
    @TempDir
    Path home;

    @Test
    void loadsTheBenchmarkDataRunsThePapersTasksAndLeavesNothingRunning() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new String[] {"--home", home.toString(), "-Dhadoopdb.embedded.nodes=2",
                "-Dhadoopdb.embedded.shared-buffers=32MB", "quickstart", "--uservisits-rows", "20000", "--rankings-rows", "5000",
                "--grep-rows", "30000"}, new Console(new PrintWriter(out, true), new PrintWriter(err, true)));
        assertThat(exit).as(err.toString()).isZero();
        assertThat(err.toString()).contains("creating the default embedded cluster of 2 nodes")
                .contains("Loaded 20,000 rows into uservisits").contains("Loaded 5,000 rows into rankings")
                .contains("Loaded 30,000 rows into grep");
        // the planted pattern occurs once in every 10,000 Grep records
        assertThat(out.toString()).containsPattern("Grep\\s+3\\s")
                .contains("Selection", "Aggregation (large)", "Join").contains("pushed whole into every chunk");
        assertThat(ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse(""))
                .filter(cmd -> cmd.contains(home.toString()))).isEmpty();
    }
}
