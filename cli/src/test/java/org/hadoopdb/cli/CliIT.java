package org.hadoopdb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code hadoopdb} command end to end, in-process, on a fresh home. */
class CliIT {
    @TempDir
    Path home;

    record Result(int exit, String out, String err) {
    }

    private Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new java.util.ArrayList<>(List.of("--home", home.toString(), "-Dhadoopdb.embedded.shared-buffers=32MB"));
        all.addAll(List.of(args));
        int exit = Main.run(all.toArray(new String[0]), new Console(new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Result(exit, out.toString(), err.toString());
    }

    @Test
    void startKeepsNodesUpUntilStop() {
        assertThat(run("cluster", "init", "--nodes", "1").exit()).isZero();
        Result start = run("cluster", "start");
        assertThat(start.out()).contains("running").contains("started with 'cluster start'");
        assertThat(run("cluster", "status").out()).contains("running");
        Result stop = run("cluster", "stop");
        assertThat(stop.exit()).isZero();
        assertThat(run("cluster", "status").out()).contains("stopped").doesNotContain("running");
    }

    @Test
    void errorsAreOneClearLineOnStderrWithExitCode1() {
        assertThat(run("cluster", "init", "--nodes", "1").exit()).isZero();
        Result again = run("cluster", "init", "--nodes", "2");
        assertThat(again.exit()).isEqualTo(1);
        assertThat(again.err()).contains("hadoopdb: The home " + home + " already has a cluster of 1 nodes (node1)")
                .doesNotContain("\tat ");
        Result badValue = run("-Dhadoopdb.embedded.work-mem=lots", "cluster", "start");
        assertThat(badValue.exit()).isEqualTo(1);
        assertThat(badValue.err()).contains("hadoopdb: Configuration key hadoopdb.embedded.work-mem has value 'lots'");
        Result usage = run("cluster", "frobnicate");
        assertThat(usage.exit()).isEqualTo(2);
        assertThat(usage.err()).contains("Unmatched argument");
    }

    @Test
    void clusterGcDropsSchemasNoTableUses() throws Exception {
        assertThat(run("cluster", "init", "--nodes", "1").exit()).isZero();
        assertThat(run("cluster", "start").exit()).isZero();
        try {
            var config = org.hadoopdb.catalog.config.HadoopDbConfig.builder().home(home).environment(java.util.Map.of()).build();
            var node = config.home().catalogStore().load().node("node1");
            // what a load whose process died leaves behind: a tagged staging schema no catalog version names
            try (var c = org.hadoopdb.cluster.embedded.testing.TestClusters.connect(node);
                 var st = c.createStatement()) {
                st.execute("CREATE SCHEMA s_visits_stray");
                st.execute("CREATE TABLE s_visits_stray.visits (id int)");
                st.execute("COMMENT ON SCHEMA s_visits_stray IS 'hadoopdb;load=lstray;generation=1;table=visits'");
            }
            Result gc = run("cluster", "gc");
            assertThat(gc.exit()).as(gc.err()).isZero();
            assertThat(gc.err() + gc.out()).contains("s_visits_stray").contains("Dropped 1 schema(s)");
            try (var c = org.hadoopdb.cluster.embedded.testing.TestClusters.connect(node);
                 var st = c.createStatement();
                 var rs = st.executeQuery("SELECT count(*) FROM pg_namespace WHERE nspname = 's_visits_stray'")) {
                rs.next();
                assertThat(rs.getInt(1)).isZero();
            }
        } finally {
            run("cluster", "stop");
        }
    }

    @Test
    void configListsEveryKey() {
        Result r = run("-Dhadoopdb.pool.max-size=3", "config");
        assertThat(r.out()).contains("hadoopdb.catalog.path").containsPattern("hadoopdb.pool.max-size\\s+3\\s+set");
    }
}
