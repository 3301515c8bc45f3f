package org.hadoopdb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.hadoopdb.catalog.config.HadoopDbConfig;
import org.hadoopdb.loader.physical.LoadLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cluster gc} removes what a load whose process was killed leaves in the home (its work
 * directory, the local runner's directories, its table's lock once the heartbeat is stale, its
 * lease), and nothing a live process owns.
 */
class ClusterGcLeftoversIT {
    @TempDir
    Path home;

    private record Result(int exit, String out, String err) {
    }

    @Test
    void gcRemovesWhatAKilledLoadLeftAndKeepsWhatLiveProcessesOwn() throws Exception {
        assertThat(run("cluster", "init", "--nodes", "1").exit()).isZero();
        assertThat(run("cluster", "start").exit()).isZero();
        try {
            HadoopDbConfig config = HadoopDbConfig.builder().home(home).environment(Map.of()).build();
            long dead = deadPid();
            long alive = ProcessHandle.current().pid();
            Path scratch = config.home().scratchDir();
            Path catalogDir = Path.of(config.home().catalogStore().directory().toUri());

            // the state a load killed mid-way leaves: its files, a lock no one touches any more, a lease
            Path deadWork = file(scratch.resolve("loads/visits-ldead/global/part-r-00000"), 1 << 20).getParent().getParent();
            Path deadLocal = file(config.home().localJobsDir().resolve(dead + "-load-ldead/mapred-local/file.out"), 1 << 20)
                    .getParent().getParent();
            Path deadLock = staleLock(catalogDir.resolve("loads/visits.lock"), "ldead", "visits");
            Path deadLease = file(config.home().runDir().resolve("leases/" + dead + "-1"), 10);
            // and what a query killed mid-way leaves: its scratch directory, named after its process
            String host = java.net.InetAddress.getLocalHost().getHostName();
            Path deadQuery = file(scratch.resolve("queries/" + dead + "@" + host + "@q1/stage-1/part-r-00000"), 1 << 20)
                    .getParent().getParent();

            // a live load of another table and this process's own files: never removed
            try (LoadLock liveLock = LoadLock.acquire(config.home().catalogStore().directory(), config.hadoopConf(), "pages", "llive",
                    "load", Duration.ofMinutes(5))) {
                Path liveWork = file(scratch.resolve("loads/pages-llive/global/part-r-00000"), 100);
                Path liveLocal = file(config.home().localJobsDir().resolve(alive + "-qlive/mapred-local/file.out"), 100);
                Path liveLease = file(config.home().runDir().resolve("leases/" + alive + "-999"), 10);
                Path liveQuery = file(scratch.resolve("queries/" + alive + "@" + host + "@q2/stage-1/part-r-00000"), 100);
                Path otherHostsQuery = file(scratch.resolve("queries/" + dead + "@another-host@q3/stage-1/part-r-00000"), 100);

                Result gc = run("cluster", "gc");
                assertThat(gc.exit()).as(gc.err()).isZero();
                assertThat(deadWork).doesNotExist();
                assertThat(deadLocal).doesNotExist();
                assertThat(deadLock).doesNotExist();
                assertThat(deadLease).doesNotExist();
                assertThat(deadQuery).doesNotExist();
                assertThat(gc.err() + gc.out()).contains(deadWork.getFileName().toString()).contains(deadLocal.getFileName().toString())
                        .contains("visits.lock").contains(deadLease.getFileName().toString())
                        .contains(deadQuery.getFileName().toString())
                        .contains("removed 4 file(s) and 1 lease(s)");

                assertThat(liveWork).exists();
                assertThat(liveLocal).exists();
                assertThat(liveLease).exists();
                assertThat(liveQuery).exists();
                assertThat(otherHostsQuery).as("whether another host's process lives cannot be seen here").exists();
                assertThat(catalogDir.resolve("loads/pages.lock")).exists();
                assertThat(liveLock.loadId()).isEqualTo("llive");
                Files.delete(liveLease);
            }
            assertThat(files(scratch.resolve("loads"))).as("work files left").allMatch(p -> p.toString().contains("pages-llive"));
        } finally {
            run("cluster", "stop");
        }
    }

    @Test
    void afterALoadWhoseProcessWasKilledGcLeavesNothing() throws Exception {
        assertThat(run("cluster", "init", "--nodes", "1").exit()).isZero();
        assertThat(run("cluster", "start").exit()).isZero();
        try {
            HadoopDbConfig config = HadoopDbConfig.builder().home(home).environment(Map.of()).build();
            StringBuilder rows = new StringBuilder();
            for (int i = 0; i < 5000; i++) {
                rows.append(i).append('|').append("name").append(i).append('\n');
            }
            Path data = Files.writeString(home.resolve("items.txt"), rows);
            Path copying = home.resolve("copying");
            Path log = home.resolve("child.log");
            String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process child = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"), "-D" + COPYING + "=" + copying,
                    Main.class.getName(), "--home", home.toString(), "-Dhadoopdb.embedded.shared-buffers=32MB",
                    "-Dhadoopdb.load.task-observer=" + StopsInCopy.class.getName(), "-Dhadoopdb.load.lock-timeout=2s",
                    "load", "--local", "--schema", "id int, name string", "-d", "|", "items", data.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
                while (!Files.exists(copying)) {
                    assertThat(child.isAlive()).as("the loading process runs: %s", Files.exists(log) ? Files.readString(log) : "").isTrue();
                    assertThat(System.nanoTime()).as("the load reaches its copy").isLessThan(deadline);
                    Thread.sleep(100);
                }
            } finally {
                child.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, no cleanup
            }
            Path scratch = config.home().scratchDir();
            Path locks = Path.of(config.home().catalogStore().directory().toUri()).resolve("loads");
            Path leases = config.home().runDir().resolve("leases");
            assertThat(entries(scratch.resolve("loads"))).as("the killed load's work directory").isNotEmpty();
            assertThat(entries(config.home().localJobsDir())).as("the killed load's local job directory").isNotEmpty();
            assertThat(entries(locks)).as("the killed load's lock").isNotEmpty();
            assertThat(entries(leases)).as("the killed process's lease").anyMatch(l -> l.getFileName().toString().startsWith(child.pid() + "-"));

            // the lock expires 2 s after its last heartbeat (hadoopdb.load.lock-timeout)
            Path lock = entries(locks).get(0);
            while (Duration.between(Files.getLastModifiedTime(lock).toInstant(), Instant.now()).toMillis() <= 2_500) {
                Thread.sleep(100);
            }
            Result gc = run("-Dhadoopdb.load.lock-timeout=2s", "cluster", "gc");
            assertThat(gc.exit()).as(gc.err()).isZero();
            assertThat(gc.err() + gc.out()).contains("items.lock").contains("Removed the lease");
            assertThat(entries(scratch.resolve("loads"))).isEmpty();
            assertThat(entries(config.home().localJobsDir())).isEmpty();
            assertThat(entries(locks)).isEmpty();
            assertThat(entries(leases)).noneMatch(l -> l.getFileName().toString().startsWith(child.pid() + "-"));
            var node = config.home().catalogStore().load().node("node1");
            try (var c = org.hadoopdb.cluster.embedded.testing.TestClusters.connect(node);
                 var st = c.createStatement();
                 var rs = st.executeQuery("SELECT count(*) FROM pg_namespace WHERE obj_description(oid, 'pg_namespace') LIKE 'hadoopdb;%'")) {
                rs.next();
                assertThat(rs.getInt(1)).as("the killed load's chunk schemas").isZero();
            }
        } finally {
            run("cluster", "stop");
        }
    }

    private static final String COPYING = "hadoopdb.test.copying-marker";

    /** Stops the load in its copy into the node, for good, after saying so in the file {@value #COPYING} names. */
    static final class StopsInCopy implements org.hadoopdb.loader.job.LoadTaskObserver {
        @Override
        public void copying(org.hadoopdb.loader.job.NodeTaskCheckpoint at) {
            try {
                Files.writeString(Path.of(System.getProperty(COPYING)), "copying");
                Thread.sleep(Long.MAX_VALUE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static List<Path> entries(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var list = Files.list(dir)) {
            return list.toList();
        }
    }

    private Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--home", home.toString(), "-Dhadoopdb.embedded.shared-buffers=32MB"));
        all.addAll(List.of(args));
        int exit = Main.run(all.toArray(new String[0]), new Console(new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Result(exit, out.toString(), err.toString());
    }

    private static Path file(Path file, int bytes) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.write(file, new byte[bytes]);
    }

    /** A lock file as {@link LoadLock} writes it, last touched long before the lock timeout (5 minutes). */
    private static Path staleLock(Path file, String loadId, String table) throws IOException {
        Properties p = new Properties();
        p.setProperty("load", loadId);
        p.setProperty("table", table);
        p.setProperty("purpose", "load");
        p.setProperty("by", "a killed process");
        p.setProperty("started", Instant.now().minusSeconds(3600).toString());
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            p.store(out, "HadoopDB load lock");
        }
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(Duration.ofMinutes(10))));
        return file;
    }

    private static List<Path> files(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }

    private static long deadPid() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }
}
