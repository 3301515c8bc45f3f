package org.hadoopdb.benchmarks.server;

import java.io.PrintWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Latency of short statements through running servers, side by side: for each URL, the time to
 * connect and the median, p95 and maximum of each statement run one after another on one connection,
 * the URLs taking turns statement by statement so that both see the same machine. Compares our
 * driver and Avatica endpoint with Hive's driver on the HiveServer2 endpoint, for example:
 *
 * <pre>
 * hadoopdb bench latency --url jdbc:hadoopdb://localhost:8765 \
 *     --url jdbc:hive2://localhost:10000/default --driver-jar hive-jdbc-4.1.0-standalone.jar \
 *     --user alice --password-file pw.txt --query "SELECT 1" --query "SELECT name FROM t WHERE id = 7"
 * </pre>
 *
 * A URL no driver on the class path accepts is opened with the driver in {@code --driver-jar}, loaded
 * in a class loader of its own (Hive's standalone jar bundles Hadoop classes of another version).
 */
@Command(name = "latency", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Connect time and per-statement latency of running servers, side by side.")
public final class LatencyBenchmark implements Callable<Integer> {
    @Option(names = "--url", required = true, paramLabel = "URL", description = "A JDBC URL to measure (repeat to compare).")
    List<String> urls;

    @Option(names = "--driver-jar", paramLabel = "JAR", description = "A driver jar for URLs no driver on the class path takes.")
    Path driverJar;

    @Option(names = "--user", description = "User on the servers.")
    String user;

    @Option(names = "--password-file", paramLabel = "FILE", description = "Password (first line), with --user.")
    Path passwordFile;

    @Option(names = "--query", paramLabel = "SQL", description = "A statement to time (repeatable; default SELECT 1).")
    List<String> queries = new ArrayList<>(List.of("SELECT 1"));

    @Option(names = "--runs", defaultValue = "50", description = "Timed runs of each statement (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmup", defaultValue = "10", description = "Untimed runs first (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--clients", defaultValue = "1", description = "Then, per URL, this many connections at once, each "
            + "running the statements --runs times: throughput and latency under load (default ${DEFAULT-VALUE}: none).")
    int clients;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Properties credentials = new Properties();
        if (user != null) {
            credentials.setProperty("user", user);
            credentials.setProperty("password", passwordFile == null ? ""
                    : Files.readAllLines(passwordFile, StandardCharsets.UTF_8).get(0));
        }
        ClassLoader isolated = driverJar == null ? null
                : new URLClassLoader(new URL[] {driverJar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        int targets = urls.size();
        long[][] connectNanos = new long[targets][];
        Connection[] connections = new Connection[targets];
        try {
            for (int t = 0; t < targets; t++) {
                connectNanos[t] = new long[Math.max(1, runs / 5)];
                for (int i = 0; i < connectNanos[t].length; i++) {
                    long t0 = System.nanoTime();
                    Connection c = connect(urls.get(t), credentials, isolated);
                    connectNanos[t][i] = System.nanoTime() - t0;
                    c.close();
                }
                connections[t] = connect(urls.get(t), credentials, isolated);
            }
            long[][][] nanos = new long[targets][queries.size()][runs];
            for (int round = -warmup; round < runs; round++) {
                for (int q = 0; q < queries.size(); q++) {
                    for (int t = 0; t < targets; t++) {
                        long elapsed = time(connections[t], queries.get(q));
                        if (round >= 0) {
                            nanos[t][q][round] = elapsed;
                        }
                    }
                }
            }
            out.printf(Locale.ROOT, "%d runs each after %d untimed, statements taking turns between the URLs%n", runs, warmup);
            out.printf(Locale.ROOT, "%-44s %-34s %9s %9s %9s%n", "url", "statement", "p50 ms", "p95 ms", "max ms");
            for (int t = 0; t < targets; t++) {
                line(out, urls.get(t), "(connect)", connectNanos[t]);
                for (int q = 0; q < queries.size(); q++) {
                    line(out, urls.get(t), queries.get(q), nanos[t][q]);
                }
            }
            if (clients > 1) {
                out.printf(Locale.ROOT, "%n%d clients at once, each running every statement %d times%n", clients, runs);
                out.printf(Locale.ROOT, "%-44s %12s %9s %9s %9s %7s%n", "url", "statements/s", "p50 ms", "p95 ms", "max ms",
                        "errors");
                for (String url : urls) {
                    concurrent(out, url, credentials, isolated);
                }
            }
            out.flush();
            return 0;
        } finally {
            for (Connection c : connections) {
                if (c != null) {
                    c.close();
                }
            }
        }
    }

    private static Connection connect(String url, Properties credentials, ClassLoader isolated) throws Exception {
        try {
            return DriverManager.getConnection(url, credentials);
        } catch (SQLException e) {
            if (isolated == null || !"08001".equals(e.getSQLState())) {
                throw e;
            }
        }
        // DriverManager only hands out drivers of the caller's loader: this one is asked directly
        Thread current = Thread.currentThread();
        ClassLoader previous = current.getContextClassLoader();
        current.setContextClassLoader(isolated);
        try {
            for (Driver d : ServiceLoader.load(Driver.class, isolated)) {
                if (d.acceptsURL(url)) {
                    Connection c = d.connect(url, credentials);
                    if (c != null) {
                        return c;
                    }
                }
            }
        } finally {
            current.setContextClassLoader(previous);
        }
        throw new SQLException("No driver in " + isolated + " accepts " + url, "08001");
    }

    /** {@link #clients} connections to {@code url} at once; every statement's latency and the total throughput. */
    private void concurrent(PrintWriter out, String url, Properties credentials, ClassLoader isolated) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        CountDownLatch ready = new CountDownLatch(clients);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<long[]>> futures = new ArrayList<>();
        AtomicLong errors = new AtomicLong();
        for (int client = 0; client < clients; client++) {
            futures.add(pool.submit(() -> {
                try (Connection c = connect(url, credentials, isolated)) {
                    ready.countDown();
                    go.await();
                    long[] nanos = new long[runs * queries.size()];
                    int n = 0;
                    for (int round = 0; round < runs; round++) {
                        for (String sql : queries) {
                            try {
                                nanos[n++] = time(c, sql);
                            } catch (SQLException e) {
                                errors.incrementAndGet();
                                nanos[n++] = -1;
                            }
                        }
                    }
                    return nanos;
                } finally {
                    ready.countDown(); // a client that could not connect must not hold the others back
                }
            }));
        }
        ready.await();
        long t0 = System.nanoTime();
        go.countDown();
        List<Long> all = new ArrayList<>();
        for (Future<long[]> f : futures) {
            for (long v : f.get()) {
                if (v >= 0) {
                    all.add(v);
                }
            }
        }
        long elapsed = System.nanoTime() - t0;
        pool.shutdown();
        long[] sorted = all.stream().mapToLong(Long::longValue).sorted().toArray();
        out.printf(Locale.ROOT, "%-44s %12.1f %9.1f %9.1f %9.1f %7d%n", shorten(url, 44), sorted.length / (elapsed / 1e9),
                ServerLoadBenchmark.Report.percentile(sorted, 0.50) / 1e6, ServerLoadBenchmark.Report.percentile(sorted, 0.95) / 1e6,
                sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1] / 1e6, errors.get());
    }

    /** One statement run and its rows read, in nanoseconds. */
    private static long time(Connection c, String sql) throws SQLException {
        long t0 = System.nanoTime();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rs.getObject(1);
            }
        }
        return System.nanoTime() - t0;
    }

    private static void line(PrintWriter out, String url, String statement, long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        out.printf(Locale.ROOT, "%-44s %-34s %9.1f %9.1f %9.1f%n", shorten(url, 44), shorten(statement, 34),
                ServerLoadBenchmark.Report.percentile(sorted, 0.50) / 1e6, ServerLoadBenchmark.Report.percentile(sorted, 0.95) / 1e6,
                sorted[sorted.length - 1] / 1e6);
    }

    private static String shorten(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "…";
    }
}
