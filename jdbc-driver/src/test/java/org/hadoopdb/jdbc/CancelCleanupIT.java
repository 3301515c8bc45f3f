package org.hadoopdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hadoopdb.cluster.embedded.testing.TestClusters;
import org.hadoopdb.engine.session.HadoopDbEngine;
import org.hadoopdb.jdbc.server.QueryServer;
import org.hadoopdb.jdbc.server.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * A cancelled or timed-out query stops completely, embedded and behind the query server: no task of
 * its jobs runs on, none of its files is left in the home's scratch, no file of the home is held open
 * after its deletion, an INSERT stops writing, and a result being fetched yields no row after the
 * cancel. The cluster is this class's own, so whatever runs or lies in its scratch belongs to the
 * query under test.
 */
class CancelCleanupIT {
    /** The cross join runs as MapReduce jobs, never in the client. */
    private static final String AS_JOBS = "hadoopdb.exec.client-stage.max-rows";
    /** Rows of cc_rows: its cross join (400 million rows) would run for minutes. */
    private static final int ROWS = 20_000;
    private static final String CROSS_JOIN = "SELECT a.k, a.v, b.v FROM cc_rows a CROSS JOIN cc_rows b";
    /** How long a stopped query may take to release everything (generous: a loaded machine). */
    private static final Duration RELEASE = Duration.ofSeconds(30);

    private static TestClusters.TestCluster cluster;
    private static HadoopDbEngine engine;
    private static QueryServer server;
    private final ExecutorService runner = Executors.newSingleThreadExecutor();

    @BeforeAll
    static void start() throws Exception {
        cluster = TestClusters.fresh(1);
        engine = HadoopDbEngine.start(cluster.config(), msg -> { });
        Path dir = Files.createTempDirectory("hadoopdb-cancel-");
        Path users = dir.resolve("users");
        new UsersFile(users).put(RemoteDriverIT.USER, RemoteDriverIT.PASSWORD.toCharArray());
        server = QueryServer.start(engine, RemoteDriverIT.settings(users, Duration.ofSeconds(5)));
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < ROWS; i++) {
            rows.append(i).append('|').append(i % 97).append('\n');
        }
        Path data = Files.writeString(dir.resolve("rows.txt"), rows);
        try (Connection c = connect("embedded", new Properties()); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE cc_rows (k INT, v INT) CLUSTERED BY (k) INTO 2 BUCKETS "
                    + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '|'");
            s.executeUpdate("LOAD DATA LOCAL INPATH '" + data + "' INTO TABLE cc_rows");
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (engine != null) {
            engine.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @AfterEach
    void stopRunner() {
        runner.shutdownNow();
    }

    private static Connection connect(String kind, Properties settings) throws SQLException {
        Properties p = new Properties();
        p.putAll(settings);
        if (kind.equals("embedded")) {
            return DriverManager.getConnection("jdbc:hadoopdb:home=" + cluster.config().home().root(), p);
        }
        p.setProperty("user", RemoteDriverIT.USER);
        p.setProperty("password", RemoteDriverIT.PASSWORD);
        return DriverManager.getConnection(server.jdbcUrl(), p);
    }

    private static Properties asJobs() {
        Properties p = new Properties();
        p.setProperty(AS_JOBS, "0");
        p.setProperty("hadoopdb.fetch.direct", "false");
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "remote"})
    @Timeout(180)
    void aCancelledCrossJoinStopsEveryTaskAndLeavesNoFile(String kind) throws Exception {
        try (Connection c = connect(kind, asJobs()); Statement s = c.createStatement()) {
            Future<SQLException> run = runner.submit(() -> failureOf(s, CROSS_JOIN));
            await(CancelCleanupIT::joinOutputIsBeingWritten, Duration.ofSeconds(120), "the cross join writes its output");
            s.cancel();
            SQLException e = run.get(120, TimeUnit.SECONDS);
            assertThat((Throwable) e).as("the cancelled statement's failure").isNotNull();
            assertThat(e.getSQLState()).isEqualTo("HY008");
            assertEverythingReleased();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "remote"})
    @Timeout(180)
    void aTimedOutCrossJoinStopsEveryTaskAndLeavesNoFile(String kind) throws Exception {
        TaskWatch watch = new TaskWatch();
        try (Connection c = connect(kind, asJobs()); Statement s = c.createStatement()) {
            // long enough for the join's tasks to start on a loaded machine; the watch checks they did
            s.setQueryTimeout(10);
            Future<SQLException> run = runner.submit(() -> failureOf(s, CROSS_JOIN));
            SQLException e = watch.until(run);
            assertThat((Throwable) e).isInstanceOf(SQLTimeoutException.class);
            assertThat(e.getSQLState()).isEqualTo("HYT00");
            assertThat(watch.sawTasks).as("the join's tasks were running when the timeout struck").isTrue();
            assertEverythingReleased();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "remote"})
    @Timeout(180)
    void cancelDuringFetchStopsTheRowsAndReleasesTheResult(String kind) throws Exception {
        // the join's result is written by a job, then streamed from the query's scratch directory
        try (Connection c = connect(kind, asJobs()); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT a.k, b.k FROM cc_rows a CROSS JOIN cc_rows b WHERE b.k < 10");
            assertThat(rs.next()).isTrue();
            assertThat(queryFiles()).as("the result's files, while it streams").isNotEmpty();
            s.cancel();
            assertCancelled(rs);
            await(() -> queryFiles().isEmpty(), RELEASE, "the result's files are deleted");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "remote"})
    @Timeout(180)
    void cancelDuringADirectReadStopsTheRowsAndTheReaders(String kind) throws Exception {
        try (Connection c = connect(kind, new Properties()); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT k, v FROM cc_rows");
            assertThat(rs.next()).isTrue();
            s.cancel();
            assertCancelled(rs);
            await(() -> threadsNamed("hadoopdb-chunk-read").isEmpty(), RELEASE, "the chunk readers stop");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "remote"})
    @Timeout(180)
    void aCancelledInsertStopsWritingItsRows(String kind) throws Exception {
        Path dir = Files.createTempDirectory("hadoopdb-cancelled-insert-").resolve("out");
        Path file = dir.resolve("000000_0");
        try (Connection c = connect(kind, new Properties()); Statement s = c.createStatement()) {
            // whichever way the join runs (in the client or as jobs), its rows are written by the statement itself
            Future<SQLException> run = runner.submit(() -> {
                try {
                    s.executeUpdate("INSERT OVERWRITE LOCAL DIRECTORY '" + dir + "' " + CROSS_JOIN);
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            });
            await(() -> size(file) > 0, Duration.ofSeconds(120), "the insert writes its rows");
            s.cancel();
            SQLException e = run.get(120, TimeUnit.SECONDS);
            assertThat((Throwable) e).as("the cancelled insert's failure").isNotNull();
            assertThat(e.getSQLState()).isEqualTo("HY008");
            awaitNone(() -> threadsNamed("hadoopdb-client-reduce"), "reducers of the client's stage that still run");
            assertEverythingReleased();
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
            Files.deleteIfExists(dir.getParent());
        }
    }

    private static void assertCancelled(ResultSet rs) {
        SQLException failure = null;
        int more = 0;
        try {
            while (rs.next()) {
                more++;
            }
        } catch (SQLException e) {
            failure = e;
        }
        assertThat(more).as("rows after the cancel").isZero();
        assertThat((Throwable) failure).as("the next row after the cancel").isNotNull();
        assertThat(failure.getSQLState()).isEqualTo("HY008");
    }

    private static SQLException failureOf(Statement s, String query) {
        try (ResultSet rs = s.executeQuery(query)) {
            while (rs.next()) {
                rs.getInt(1);
            }
            return null;
        } catch (SQLException e) {
            return e;
        }
    }

    /** The query's tasks have stopped, its files are gone, and no file of the home is open after its deletion. */
    private static void assertEverythingReleased() {
        awaitNone(CancelCleanupIT::localRunnerTasks, "tasks of the query that still run");
        awaitNone(CancelCleanupIT::queryFiles, "files of the query left in the scratch directory");
        awaitNone(CancelCleanupIT::deletedButOpen, "deleted files of the home still open");
    }

    /** A part file of the join's output exists and has data: its tasks are writing rows. */
    private static boolean joinOutputIsBeingWritten() {
        return queryFiles().stream().anyMatch(p -> p.getFileName().toString().startsWith("part-") && size(p) > 0);
    }

    /** Threads running a task of Hadoop's local runner (map or reduce), by what they run, not by name. */
    private static List<?> localRunnerTasks() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(e -> e.getKey().isAlive() && Arrays.stream(e.getValue()).anyMatch(f ->
                        f.getClassName().startsWith("org.apache.hadoop.mapred.LocalJobRunner$Job$")
                                && f.getClassName().endsWith("TaskRunnable")))
                .map(e -> e.getKey().getName())
                .collect(Collectors.toList());
    }

    private static List<String> threadsNamed(String name) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().equals(name))
                .map(Thread::getName).collect(Collectors.toList());
    }

    /** Regular files under the home's query scratch and local job directories. */
    private static List<Path> queryFiles() {
        List<Path> out = new ArrayList<>();
        out.addAll(files(cluster.config().home().scratchDir().resolve("queries")));
        out.addAll(files(cluster.config().home().localJobsDir()));
        return out;
    }

    /** Files of the home this JVM holds open though they were deleted (Linux: /proc/self/fd). */
    private static List<?> deletedButOpen() {
        String home = cluster.config().home().root().toString();
        List<String> out = new ArrayList<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith(home) && target.endsWith(" (deleted)")) {
                        out.add(target);
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor was closed while we listed: it holds nothing
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).collect(Collectors.toList());
        } catch (IOException | UncheckedIOException e) {
            // a file deleted while we walk: look again
            return files(dir);
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException gone) {
            return 0;
        }
    }

    /** Polls until {@code found} finds nothing; fails with what it still finds after {@link #RELEASE}. */
    private static void awaitNone(Supplier<List<?>> found, String what) {
        long deadline = System.nanoTime() + RELEASE.toNanos();
        while (!found.get().isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("Interrupted while waiting for " + what, e);
            }
        }
        assertThat(found.get()).as(what + ", " + RELEASE.toSeconds() + " s after the statement ended").isEmpty();
    }

    /** Polls {@code condition} until it holds; fails naming {@code what} after {@code bound}. */
    private static void await(BooleanSupplier condition, Duration bound, String what) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Waited " + bound.toSeconds() + " s in vain until " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("Interrupted while waiting until " + what, e);
            }
        }
    }

    /** Waits for a statement's outcome, noting whether the local runner's tasks ran meanwhile. */
    private static final class TaskWatch {
        volatile boolean sawTasks;

        SQLException until(Future<SQLException> run) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
            while (!run.isDone() && System.nanoTime() < deadline) {
                if (!localRunnerTasks().isEmpty()) {
                    sawTasks = true;
                }
                Thread.sleep(50);
            }
            return run.get(1, TimeUnit.SECONDS);
        }
    }
}
