package org.hadoopdb.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.planner.PlannerException;
import org.hadoopdb.runtime.ResultStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query's MapReduce jobs (Hadoop's local runner) leave nothing behind, whether the query succeeds,
 * fails at run time or is cancelled: not in the home's scratch directory, and not in Hadoop's default
 * {@code /tmp/hadoop-<user>} (where the shuffle went when only Hadoop's defaults applied).
 */
class JobLeftoversIT {
    /** Only jobs run as MapReduce stages: no direct read, no stage in the client. */
    private static final Map<String, String> AS_JOBS = Map.of("hadoopdb.exec.client-stage.max-rows", "0", "hadoopdb.fetch.direct", "false");
    private static final Pattern LOCAL_JOB = Pattern.compile("job_local(\\d+)_\\d+");
    private static TestClusters.TestCluster cluster;
    private static HadoopDbEngine engine;

    @TempDir
    static Path files;

    @BeforeAll
    static void load() throws IOException {
        cluster = TestClusters.fresh(1);
        engine = HadoopDbEngine.start(cluster.config(), msg -> { });
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            rows.append(i).append('|').append("name").append(i % 17).append('\n');
        }
        Path data = Files.writeString(files.resolve("items.txt"), rows, StandardCharsets.UTF_8);
        try (Session s = engine.openSession(Map.of())) {
            s.execute("CREATE TABLE jl_items (id INT, name STRING) CLUSTERED BY (id) INTO 2 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'", StatementListener.NONE);
            s.execute("LOAD DATA LOCAL INPATH '" + data + "' INTO TABLE jl_items", StatementListener.NONE);
        }
    }

    @AfterAll
    static void stop() {
        engine.close();
        cluster.close();
    }

    @Test
    void aSucceededQueryLeavesNothing() {
        JobIds jobs = new JobIds();
        try (Session s = engine.openSession(AS_JOBS)) {
            StatementResult r = s.execute("SELECT name, COUNT(*) FROM jl_items GROUP BY name", jobs);
            int n = 0;
            try (ResultStream rows = ((StatementResult.Rows) r).rows()) {
                while (rows.next()) {
                    n++;
                }
            }
            assertThat(n).isEqualTo(17);
        }
        assertNothingLeft(jobs);
    }

    @Test
    void aQueryWhoseStageFailsLeavesNothing() {
        JobIds jobs = new JobIds();
        try (Session s = engine.openSession(AS_JOBS)) {
            // the reducer's expression fails on every group (a string longer than Java's limit): the job
            // fails after its map outputs are written
            assertThatThrownBy(() -> drain(s.execute("SELECT name, COUNT(*) FROM jl_items GROUP BY name "
                    + "HAVING length(repeat(name, 2000000000)) > 0", jobs)))
                    .isInstanceOf(PlannerException.class).hasMessageContaining("failed");
        }
        assertNothingLeft(jobs);
    }

    @Test
    void aCancelledQueryLeavesNothing() {
        try (Session s = engine.openSession(AS_JOBS)) {
            JobIds cancelling = new JobIds() {
                @Override
                public void progress(int stage, int stages, String jobId, float map, float reduce) {
                    super.progress(stage, stages, jobId, map, reduce);
                    if (jobId.startsWith("job_")) {
                        s.cancel();
                    }
                }
            };
            assertThatThrownBy(() -> drain(s.execute("SELECT a.name, COUNT(*) FROM jl_items a JOIN jl_items b ON a.name = b.name "
                    + "GROUP BY a.name", cancelling)))
                    .isInstanceOf(PlannerException.class).hasMessageContaining("cancelled");
            assertNothingLeft(cancelling);
        }
    }

    private static void drain(StatementResult r) {
        try (ResultStream rows = ((StatementResult.Rows) r).rows()) {
            while (rows.next()) {
                rows.row();
            }
        }
    }

    private static void assertNothingLeft(JobIds jobs) {
        assertThat(jobs.runIds()).as("the query ran as MapReduce jobs").isNotEmpty();
        Path scratch = cluster.config().home().scratchDir();
        assertThat(listing(scratch).stream().filter(Files::isRegularFile)).as("files in the home's scratch").isEmpty();
        assertThat(listing(cluster.config().home().localJobsDir())).as("local job directories").isEmpty();
        assertThat(listing(scratch.resolve("queries"))).as("query scratch directories").isEmpty();
        // other processes on this machine may use Hadoop's default directory too: only this query's jobs count
        Path hadoopTmp = Path.of("/tmp/hadoop-" + System.getProperty("user.name"));
        assertThat(listing(hadoopTmp).stream().map(Path::toString).filter(p -> jobs.runIds().stream().anyMatch(p::contains)))
                .as("this query's jobs' files under " + hadoopTmp).isEmpty();
    }

    /** Every path under {@code dir} (not {@code dir} itself); empty when it does not exist. */
    private static List<Path> listing(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> !p.equals(dir)).collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Records the local runner's id of every job a statement ran (it names the job's directories and files). */
    private static class JobIds implements StatementListener {
        private final Set<String> runIds = new CopyOnWriteArraySet<>();

        @Override
        public void progress(int stage, int stages, String jobId, float map, float reduce) {
            Matcher m = LOCAL_JOB.matcher(jobId);
            if (m.matches()) {
                runIds.add(m.group(1));
            }
        }

        @Override
        public void message(String text) {
        }

        Set<String> runIds() {
            return runIds;
        }
    }
}
