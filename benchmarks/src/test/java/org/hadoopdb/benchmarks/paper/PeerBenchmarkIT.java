package org.hadoopdb.benchmarks.paper;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hadoopdb.cli.Console;
import org.hadoopdb.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench pavlo} with the peer systems, through the command's own code path, at a tiny size: each peer's
 * runner is started from its module's {@code target} in the source tree (built before this module by the
 * reactor), loads the tables, runs every task, and its answers must agree with HadoopDB's (the command fails when
 * they do not); the report lists each system's times and each process's memory.
 */
class PeerBenchmarkIT {
    /** A peer system: its {@code --systems} key and its name in the report. */
    record Peer(String key, String reportName) {
    }

    /**
     * The peer systems compared with HadoopDB here: every peer through the harness on its default variant (and
     * DuckDB's second, which costs nothing); the other variants run every task in their own modules' tests.
     */
    static final List<Peer> PEERS = List.of(new Peer("duckdb", "duckdb native"), new Peer("duckdb-text", "duckdb text"),
            new Peer("spark", "spark text"), new Peer("hive", "hive text"));

    @TempDir
    Path home;

    @Test
    void thePeersRunEveryTaskAndAgreeWithHadoopDb() throws Exception {
        Path results = home.resolve("results");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new String[] {"--home", home.toString(), "-Dhadoopdb.embedded.nodes=2",
                "-Dhadoopdb.embedded.shared-buffers=32MB", "bench", "pavlo", "--uservisits-rows", "5000", "--rankings-rows", "1000",
                "--grep-rows", "5000", "--systems", "sms," + String.join(",", PEERS.stream().map(Peer::key).toList()),
                "--runs", "1", "--warmups", "0",
                "--out", results.toString()}, new Console(new PrintWriter(out, true), new PrintWriter(err, true)));
        assertThat(exit).as(err.toString()).isZero();
        assertThat(err.toString()).doesNotContain("disagrees");
        String report = out.toString();
        // the console table: HadoopDB's five columns (SMS measured, the others not asked for), then one per peer system
        String peerTimes = "(\\s+\\d+\\.\\d\\d){" + PEERS.size() + "}\\s";
        for (String task : new String[] {"Load Rankings", "Load UserVisits", "Load Data", "Grep", "Selection", "Aggregation small",
                "Aggregation large", "Join"}) {
            assertThat(report).containsPattern("(?m)^" + task + "\\s+\\d+\\.\\d\\d(\\s+-){4}" + peerTimes);
        }
        String markdown = Files.readString(results.resolve("results.md"));
        for (String name : PEERS.stream().map(Peer::reportName).toList()) {
            assertThat(markdown).contains("| " + name + " |");
            assertThat(report).contains("UDF aggregation: no " + name + " run: the link count is a regular-expression user function");
        }
        // each peer runner's peak memory, and HadoopDB's side, on the console and in memory.csv
        List<String> memory = Files.readAllLines(results.resolve("memory.csv"));
        for (String peer : PEERS.stream().map(p -> PeerSystems.Key.parse(p.key()).peer()).distinct().toList()) {
            assertThat(report).containsPattern(peer + " runner JVM\\s+[\\d,]+ MiB\\s+peak resident");
            assertThat(memory).anySatisfy(line -> assertThat(line).startsWith(peer + " runner JVM,").doesNotContain(",-1,"));
            assertThat(results.resolve(peer + ".log")).exists();
        }
        assertThat(report).containsPattern("HadoopDB JVM \\(this process\\)\\s+[\\d,]+ MiB")
                .containsPattern("PostgreSQL nodes \\(\\d+ processes\\)\\s+[\\d,]+ MiB");
        // every runner has exited and its scratch space is gone
        assertThat(ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse(""))
                .filter(cmd -> cmd.contains(home.toString()))).isEmpty();
        List<Path> left = new ArrayList<>();
        if (Files.isDirectory(home.resolve("bench-work"))) {
            try (var s = Files.list(home.resolve("bench-work"))) {
                s.forEach(left::add);
            }
        }
        assertThat(left).isEmpty();
    }

    @Test
    void aPeerWhoseModuleIsNotBuiltIsNamedWithTheBuildCommand() throws Exception {
        Path peers = Files.createDirectories(home.resolve("peers").resolve("duckdb"));
        Files.writeString(peers.resolve("pom.xml"), "<project/>");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new String[] {"--home", home.toString(), "bench", "pavlo", "--systems", "sms,duckdb",
                "--peers-dir", home.resolve("peers").toString()}, new Console(new PrintWriter(out, true), new PrintWriter(err, true)));
        assertThat(exit).isNotZero();
        assertThat(err.toString()).contains("Peer duckdb: its module peers/duckdb is not built")
                .contains("./mvnw -q package -DskipTests -pl peers/duckdb -am");
        Main.run(new String[] {"--home", home.toString(), "bench", "pavlo", "--systems", "sms,nosuch",
                "--peers-dir", home.resolve("peers").toString()}, new Console(new PrintWriter(out, true), new PrintWriter(err, true)));
        assertThat(err.toString()).contains("Unknown system 'nosuch'").contains("duckdb-text");
    }
}
